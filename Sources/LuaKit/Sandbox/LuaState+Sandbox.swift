import CLua
import CLuaShim

extension LuaState {
    /// Opens the allowed libraries and removes or wraps the rest (DESIGN.md rule 2):
    /// no io, package, debug, dofile, loadfile or binary chunks; `os` keeps only time,
    /// clock, date and difftime; `load` takes text only; pattern functions are budgeted;
    /// the string metatable is locked; `require` loads Lua files through `moduleResolver`.
    func installSandbox() throws(LuaError) {
        let libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("coroutine", luaopen_coroutine), ("table", luaopen_table),
            ("string", luaopen_string), ("math", luaopen_math), ("utf8", luaopen_utf8), ("os", luaopen_os),
        ]
        for (name, open) in libraries {
            luaL_requiref(L, name, open, 1)
            lua_pop(L, 1)
        }
        for name in ["dofile", "loadfile", "warn", "load"] {
            lua_pushnil(L)
            lua_setglobal(L, name)
        }
        keepOnly(["clock", "date", "difftime", "time"], inGlobalTable: "os")

        lua_getglobal(L, "string")
        lua_pushnil(L)
        lua_setfield(L, -2, "dump")
        luakit_guard_patterns(L, -1)
        lua_pop(L, 1)
        // The string metatable is shared by every script: hide it.
        lua_pushstring(L, "")
        if lua_getmetatable(L, -1) != 0 {
            lua_pushboolean(L, 0)
            lua_setfield(L, -2, "__metatable")
            lua_pop(L, 1)
        }
        lua_pop(L, 1)

        register("load") { [unowned self] call in try self.sandboxedLoad(&call) }
        try runPrelude()
    }

    /// `load(chunk [, chunkname [, mode [, env]]])` for text chunks only.
    private func sandboxedLoad(_ call: inout LuaCall) throws {
        guard let source = call.stack.string(at: 1) else {
            call.pushNil()
            call.push("load: only strings are accepted as chunks, got \(call.typeName(1))")
            return
        }
        if let mode = try call.optionalString(3), mode != "t" {
            call.pushNil()
            call.push("load: binary chunks are not allowed (mode must be \"t\", got \"\(mode)\")")
            return
        }
        let name = try call.optionalString(2) ?? "=(load)"
        let status = loadBuffer(call.L, source, chunkName: name)
        guard status == LUA_OK else {
            // The message is on the stack: return nil, message.
            lua_pushnil(call.L)
            lua_insert(call.L, -2)
            call.adopt(2)
            return
        }
        if lua_type(call.L, 4) == LUA_TTABLE { lua_pushvalue(call.L, 4) } else { pushEnvironment(on: call.L) }
        lua_setupvalue(call.L, -2, 1)
        call.adopt(1)
    }

    /// Pushes a fresh environment for one chunk: private shallow copies of the library
    /// tables, everything else read through to the sandbox globals, and a locked metatable.
    func pushEnvironment(on target: OpaquePointer? = nil) {
        let T = target ?? L
        lua_checkstack(T, 6)
        lua_createtable(T, 0, 12)
        lua_pushglobaltable(T)
        lua_pushnil(T)
        while lua_next(T, -2) != 0 {
            if lua_type(T, -1) == LUA_TTABLE && lua_type(T, -2) == LUA_TSTRING && !lua_rawequal(T, -1, -3).boolValue {
                copyTable(T, at: -1)               // key, original, copy
                lua_pushvalue(T, -3)               // key
                lua_insert(T, -2)                  // key, original, key, copy
                lua_rawset(T, -6)                  // env[key] = copy
            }
            lua_pop(T, 1)
        }
        // stack: env, G
        lua_createtable(T, 0, 2)                   // metatable
        lua_insert(T, -2)                          // env, mt, G
        lua_setfield(T, -2, "__index")
        lua_pushboolean(T, 0)
        lua_setfield(T, -2, "__metatable")
        lua_setmetatable(T, -2)
        lua_pushvalue(T, -1)
        lua_setfield(T, -2, "_G")
    }

    private func copyTable(_ T: OpaquePointer, at index: Int32) {
        let source = lua_absindex(T, index)
        lua_createtable(T, 0, 32)
        lua_pushnil(T)
        while lua_next(T, source) != 0 {
            lua_pushvalue(T, -2)
            lua_insert(T, -2)
            lua_rawset(T, -4)
        }
    }

    private func keepOnly(_ names: Set<String>, inGlobalTable table: String) {
        lua_getglobal(L, table)
        var remove: [String] = []
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            if let key = stack.string(at: -2), !names.contains(key) { remove.append(key) }
            lua_pop(L, 1)
        }
        for key in remove {
            lua_pushnil(L)
            lua_setfield(L, -2, key)
        }
        lua_pop(L, 1)
    }
}

private extension Int32 {
    var boolValue: Bool { self != 0 }
}
