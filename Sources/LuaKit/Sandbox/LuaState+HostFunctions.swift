import CLua
import CLuaSandbox

extension LuaState {
    /// Installs the functions through which scripts reach the host (CLuaSandbox/hostlib.c):
    /// `os.time`/`os.date` on the host's clock, `print` and `warn` to `printHandler`
    /// (or `printBytes`), and `require` of the Lua files `moduleResolver` finds.
    func installHostFunctions() throws(LuaError) {
        let natives: LuaValue = .table(
            {
                var t = LuaTable()
                if let fixed = options.fixedTime { t["now"] = .integer(fixed) }
                t["log"] = .function(
                    function("print") { [unowned self] call in
                        let line = call.stack.bytes(at: 1) ?? []
                        if let printBytes = self.printBytes {
                            printBytes(line)
                            return
                        }
                        luaL_where(call.L, 2)
                        let location = call.stack.string(at: -1) ?? ""
                        lua_pop(call.L, 1)
                        self.printHandler(location + UTF8Text.escapingInvalid(line))
                    })
                t["warn"] = .function(
                    function("warn") { [unowned self] call in
                        self.printHandler(UTF8Text.escapingInvalid(call.stack.bytes(at: 1) ?? []))
                    })
                t["find_module"] = .function(
                    function("require") { [unowned self] call in
                        try self.findModule(&call)
                    })
                return t
            }())
        lua_pushcclosure(L, luakit_open_host, 0)
        guard stack.push(natives), lua_pcallk(L, 1, 0, 0, 0, nil) == LUA_OK else {
            let message = stack.string(at: -1) ?? "cannot install the host functions"
            lua_settop(L, 0)
            throw .setup(message)
        }
    }

    /// Moves the fixed clock `os.time()` and `os.date()` read (``LuaOptions/fixedTime``): a
    /// live session's clock advances between runs. A state made without a fixed clock keeps
    /// the real one. Every chunk's `os` shares the two functions, so one change reaches all.
    /// - Parameter seconds: the new time, seconds since 1970.
    public func setFixedTime(_ seconds: Int64) {
        guard options.fixedTime != nil else { return }
        lua_getglobal(L, "os")
        for name in ["time", "date"] {
            lua_getfield(L, -1, name)
            lua_pushinteger(L, seconds)
            // Upvalue 2 of the wrapper (hostlib.c, wrap_os) is the fixed time.
            if lua_setupvalue(L, -2, 2) == nil { lua_pop(L, 1) }
            lua_pop(L, 1)
        }
        lua_pop(L, 1)
    }

    /// Module names are dotted Lua identifiers: no paths, no `..`.
    private func findModule(_ call: inout LuaCall) throws {
        let name = try call.string(1)
        let valid =
            !name.isEmpty
            && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            }
        guard valid else {
            call.pushNil()
            call.push("require: '\(name)' is not a module name (use dotted names such as 'lib.ui'; paths are not allowed)")
            return
        }
        do {
            guard let module = try moduleResolver(name) else {
                call.pushNil()
                call.push("require: module '\(name)' not found (looked in \(moduleSearchDescription))")
                return
            }
            try loadChunk(module.bytes, chunkName: "@" + module.path, on: call.L)
            call.adopt(1)
        } catch {
            call.pushNil()
            call.push(error.description)
        }
    }
}
