import CLua
import CLuaSandbox

extension LuaState {
    /// Opens the allowed libraries and removes or replaces the rest (docs/architecture.md, rule 2):
    /// no io, package, debug, dofile, loadfile or binary chunks; `os` keeps only time,
    /// clock, date and difftime; the string metatable is locked; `require` loads Lua files
    /// through `moduleResolver`. What loops or runs code inside C (coroutines, load, the
    /// table functions, string.rep, the pattern matcher) is replaced by budgeted versions
    /// in CLuaSandbox.
    func installSandbox() throws(LuaError) {
        let libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("coroutine", luaopen_coroutine), ("table", luaopen_table),
            ("string", luaopen_string), ("math", luaopen_math), ("utf8", luaopen_utf8), ("os", luaopen_os),
        ]
        for (name, open) in libraries {
            luaL_requiref(L, name, open, 1)
            lua_pop(L, 1)
        }
        for name in ["dofile", "loadfile"] {
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

        luakit_open_budgeted_libs(L)
        try installHostFunctions()
    }

    /// Pushes a fresh environment for one chunk: a plain table holding every sandbox global,
    /// with private shallow copies of the library tables.
    func pushEnvironment(on target: OpaquePointer? = nil) {
        luakit_push_environment(target ?? L)
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
