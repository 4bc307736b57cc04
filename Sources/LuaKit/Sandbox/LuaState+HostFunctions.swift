import CLua
import CLuaSandbox
import Formats

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
                        if let printBytes = self.printBytes {
                            guard let line = try self.output(call, cost: { $0.count + 1 }, shown: { $0 }) else { return }
                            printBytes(line)
                            return
                        }
                        luaL_where(call.L, 2)
                        let location = call.stack.bytes(at: -1) ?? []
                        lua_pop(call.L, 1)
                        guard let line = try self.output(call, prefix: location) else { return }
                        self.printHandler(line)
                    })
                t["warn"] = .function(
                    function("warn") { [unowned self] call in
                        guard let line = try self.output(call) else { return }
                        self.printHandler(line)
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
        luakit_forget_environment(L)
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

    // MARK: - Output within the run's limit

    /// The line at argument 1 as the terminal will show it (escaped), after `prefix`, or
    /// nil when the run's output limit is spent; see ``output(_:cost:shown:)``.
    private func output(_ call: LuaCall, prefix: [UInt8] = []) throws -> String? {
        try output(call, cost: { $0.utf8.count + 1 }) { bytes in
            TerminalText.message(String(decoding: prefix, as: UTF8.self) + UTF8Text.escapingInvalid(bytes))
        }
    }

    /// Argument 1 made into what is written (`shown`) and charged by its size (`cost`):
    /// one instruction per 4 bytes, and its bytes against ``LuaOptions/outputLimit``. Only as
    /// many bytes of the argument as the limit has left are read, since escaping only grows
    /// them: a script's 60 MiB string costs the host what the limit allows, not its size.
    /// Past the limit the output is dropped and one line says so.
    private func output<T>(_ call: LuaCall, cost: (T) -> Int, shown: ([UInt8]) -> T) throws -> T? {
        let budget = handle.budget
        guard budget.pointee.output_cut == 0 else {
            try call.charge(1)  // the call itself, even when nothing is written
            return nil
        }
        var length = 0
        let bytes = lua_tolstring(call.L, 1, &length)
        let read = min(length, Int(clamping: budget.pointee.output_left))
        let raw = bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: read)) } ?? []
        let line = shown(raw)
        let size = cost(line)
        try call.charge(size / 4 + 1)
        guard read == length, size <= budget.pointee.output_left else {
            budget.pointee.output_cut = 1
            budget.pointee.output_left = 0
            luaL_where(call.L, 2)
            let location = call.stack.string(at: -1) ?? ""
            lua_pop(call.L, 1)
            printHandler(
                "\(location)output limit reached: \(budget.pointee.output_limit) bytes of print and warn per run; "
                    + "the rest of this run's output is dropped")
            return nil
        }
        budget.pointee.output_left -= Int64(size)
        return line
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
