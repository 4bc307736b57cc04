import CLua
import CLuaSandbox

extension LuaState {
    // MARK: - Loading

    /// Compiles `source` as a text chunk named `chunkName` (a path relative to the project
    /// root, such as `flows/home.lua`, so messages read `flows/home.lua:12: ...`). The chunk
    /// gets a fresh sandbox environment. Binary chunks are refused.
    /// - Parameters:
    ///   - source: the chunk's Lua source.
    ///   - chunkName: the name messages and tracebacks give the chunk.
    /// - Returns: the compiled chunk, to run with ``call(_:_:)``.
    /// - Throws: ``LuaError/syntax(message:)`` with `file:line:` of the first error.
    public func load(_ source: String, chunkName: String) throws(LuaError) -> LuaFunctionRef {
        try load(Array(source.utf8), chunkName: chunkName)
    }

    /// Compiles the bytes of a text chunk as they are: Lua strings are bytes, so a chunk
    /// need not be UTF-8 (as `lua file.lua` reads it).
    /// - Parameters:
    ///   - source: the chunk's bytes.
    ///   - chunkName: the name messages and tracebacks give the chunk.
    /// - Returns: the compiled chunk, to run with ``call(_:_:)``.
    /// - Throws: ``LuaError/syntax(message:)`` with `file:line:` of the first error, or for
    ///   a binary chunk.
    public func load(_ source: [UInt8], chunkName: String) throws(LuaError) -> LuaFunctionRef {
        try loadChunk(source, chunkName: "@" + chunkName)
        defer { lua_pop(L, 1) }
        return LuaFunctionRef(handle: handle, L: L, index: -1)
    }

    /// Pushes the compiled chunk with its own environment, or throws.
    func loadChunk(_ source: String, chunkName: String, on target: OpaquePointer? = nil) throws(LuaError) {
        try loadChunk(Array(source.utf8), chunkName: chunkName, on: target)
    }

    func loadChunk(_ source: [UInt8], chunkName: String, on target: OpaquePointer? = nil) throws(LuaError) {
        let L = target ?? self.L
        if let compiled = compiledChunks?.bytecode(for: source, chunkName: chunkName) {
            if loadBuffer(L, compiled, chunkName: chunkName, mode: "b") == LUA_OK {
                pushEnvironment(on: L)
                lua_setupvalue(L, -2, 1)  // _ENV, as below
                return
            }
            lua_pop(L, 1)  // another Lua's bytecode, say: compiled from source below instead
        }
        let status = loadBuffer(L, source, chunkName: chunkName)
        if status == LUA_OK, let compiledChunks { compiledChunks.keep(dump(L), for: source, chunkName: chunkName) }
        guard status == LUA_OK else {
            let message = LuaStack(L: L, handle: handle).string(at: -1) ?? "cannot load \(chunkName)"
            lua_pop(L, 1)
            throw .syntax(message: message)
        }
        pushEnvironment(on: L)
        lua_setupvalue(L, -2, 1)  // _ENV of a main chunk is its first upvalue
    }

    // MARK: - Running under budgets

    /// Calls `function` with `arguments` in a fresh coroutine under the budgets, and
    /// returns its results. A call from inside a native function (a nested run) shares the
    /// budget of the run that called it.
    /// - Parameters:
    ///   - function: the function to call (a loaded chunk, a function a script returned).
    ///   - arguments: its arguments, pushed as Lua values.
    /// - Returns: every value the function returned, copied to Swift.
    /// - Throws: ``LuaError``: ``LuaError/runtime(message:traceback:)`` (message and
    ///   traceback), ``LuaError/instructionBudget(limit:location:traceback:)``,
    ///   ``LuaError/timeLimit(seconds:location:traceback:)``,
    ///   ``LuaError/memoryCap(limitBytes:location:traceback:)``,
    ///   ``LuaError/argumentsTooLarge(argumentBytes:heldBytes:limitBytes:)`` when the arguments
    ///   alone take the state past its cap (nothing runs), or
    ///   ``LuaError/conversion(_:)`` for an argument or result that cannot cross the bridge;
    ///   ``LuaError/setup(_:)`` if Lua's stack cannot grow. The state stays usable after any
    ///   of them.
    public func call(_ function: LuaFunctionRef, _ arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try call(function, arguments: arguments.map(LuaArgument.value))
    }

    /// Calls `function` as ``call(_:_:)`` does, with arguments that may be lists of records
    /// (``LuaRecordList``), pushed without building a table per record in Swift.
    /// - Parameters:
    ///   - function: the function to call.
    ///   - arguments: its arguments.
    /// - Returns: every value the function returned, copied to Swift.
    /// - Throws: ``LuaError``, as ``call(_:_:)``.
    public func call(_ function: LuaFunctionRef, arguments: [LuaArgument]) throws(LuaError) -> [LuaValue] {
        try call(function, arguments: arguments, textLimit: .max, reading: { (_: LuaSlot) -> Never? in nil }).results
    }

    /// Calls `function` as ``call(_:arguments:)`` does, and first lets `read` read its first
    /// result where it lies (``LuaSlot``): when `read` returns a value, nothing is copied;
    /// when it returns nil (a shape it does not take), every result is copied as
    /// ``call(_:arguments:)`` copies them, with the same errors.
    /// - Parameters:
    ///   - function: the function to call.
    ///   - arguments: its arguments.
    ///   - textLimit: the most bytes of text the results may hold, each string counted once
    ///     per reference: what the host will lay out stays in proportion to what it allows.
    ///     More is ``LuaError/textLimit(limitBytes:)``.
    ///   - read: reads the first result (a nil slot when there is none); runs before the
    ///     results are copied, and must not keep the slot. What it returns from a read that
    ///     went past the copy's limits is dropped.
    /// - Returns: what `read` returned, or nil and every result copied to Swift.
    /// - Throws: ``LuaError``, as ``call(_:_:)``.
    public func call<T>(
        _ function: LuaFunctionRef, arguments: [LuaArgument], textLimit: Int = .max, reading read: (LuaSlot) -> T?
    ) throws(LuaError) -> (read: T?, results: [LuaValue]) {
        handle.releaseDropped()
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        guard lua_checkstack(L, Int32(arguments.count) + 4) != 0, let co = lua_newthread(L) else {
            throw .setup("Lua stack overflow")
        }
        let budget = handle.budget
        let held = Int(budget.pointee.memory_used)
        function.push(onto: co)
        for argument in arguments {
            let stack = LuaStack(L: co, handle: handle)
            let pushed: Bool
            switch argument {
            case .value(let value): pushed = lua_checkstack(co, 4) != 0 && stack.push(value)
            case .records(let records): pushed = stack.push(records)
            }
            guard pushed else { throw .conversion("argument too deeply nested to pass to Lua") }
        }
        // Pushing never fails on the cap (Swift allocations may not raise); arguments that do
        // not fit would only fail the function's first allocation, nowhere in particular.
        if budget.pointee.memory_used > budget.pointee.memory_limit {
            luakit_collect(L)
            let used = Int(budget.pointee.memory_used), limit = Int(budget.pointee.memory_limit)
            if used > limit {
                throw failed(
                    .argumentsTooLarge(argumentBytes: max(0, used - held), heldBytes: min(held, used), limitBytes: limit),
                    base: base)
            }
        }
        var resultCount: Int32 = 0
        let saved = luakit_begin_run(L, co)
        let status = lua_resume(co, L, Int32(arguments.count), &resultCount)
        luakit_end_run(L, saved)
        let stopped = budget.pointee.stopped

        switch status {
        case LUA_OK where stopped == 0:
            var allowance = LuaSlot.Allowance(values: ConversionLimits.maxNodes, textBytes: textLimit)
            let first = lua_gettop(co) - resultCount + 1
            let made = withUnsafeMutablePointer(to: &allowance) { left -> T? in
                guard lua_checkstack(co, 1) != 0 else { return nil }
                if resultCount == 0 { lua_pushnil(co) }
                defer { if resultCount == 0 { lua_pop(co, 1) } }
                let slot = LuaSlot(L: co, index: resultCount == 0 ? -1 : first, budget: left)
                let value = read(slot)
                return slot.isSpent ? nil : value
            }
            if let made { return (made, []) }
            let coStack = LuaStack(L: co, handle: handle)
            var results: [LuaValue] = []
            results.reserveCapacity(Int(resultCount))
            var limits = ConversionLimits(memoryBytes: Int(budget.pointee.memory_limit), textBytes: textLimit)
            do {
                for i in 0..<resultCount { results.append(try coStack.value(at: first + i, limits: &limits)) }
            } catch {
                throw failed(error, base: base)
            }
            return (nil, results)
        case _ where stopped != 0:
            throw failed(budgetError(co), base: base)
        case LUA_YIELD:
            throw failed(
                .runtime(
                    message: "\(location(co))a flow may not yield outside its own coroutines",
                    traceback: traceback(co)), base: base)
        default:
            let message = errorMessage(co)
            if status == LUA_ERRMEM || (budget.pointee.memory_exceeded != 0 && message == "memory cap exceeded") {
                throw failed(.memoryCap(limitBytes: Int(budget.pointee.memory_limit), location: location(co), traceback: traceback(co)), base: base)
            }
            throw failed(.runtime(message: message, traceback: traceback(co)), base: base)
        }
    }

    /// Loads and runs a chunk: ``load(_:chunkName:)-(String,_)`` then ``call(_:_:)``.
    /// - Parameters:
    ///   - source: the chunk's Lua source.
    ///   - chunkName: the name messages and tracebacks give the chunk (`flows/home.lua`).
    ///   - arguments: the chunk's `...`.
    /// - Returns: every value the chunk returned, copied to Swift.
    /// - Throws: ``LuaError``, as ``load(_:chunkName:)-(String,_)`` and ``call(_:_:)`` do.
    public func run(_ source: String, chunkName: String, arguments: [LuaValue] = []) throws(LuaError) -> [LuaValue] {
        try call(try load(source, chunkName: chunkName), arguments)
    }

    // MARK: - Failure details

    private func budgetError(_ co: OpaquePointer) -> LuaError {
        let budget = handle.budget
        let recorded = withUnsafeBytes(of: &budget.pointee.stopped_at) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        let place = recorded.isEmpty ? location(co) : recorded
        if budget.pointee.stopped == Int32(LUAKIT_STOP_TIME) {
            return .timeLimit(seconds: budget.pointee.time_limit, location: place, traceback: traceback(co))
        }
        return .instructionBudget(limit: Int(budget.pointee.instruction_limit), location: place, traceback: traceback(co))
    }

    /// `file:line: ` of the innermost Lua function of `co`, or "" if there is none.
    func location(_ co: OpaquePointer) -> String {
        var ar = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(co, level, &ar) != 0 {
            lua_getinfo(co, "Sl", &ar)
            if ar.currentline > 0 {
                let source = withUnsafeBytes(of: &ar.short_src) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                return "\(source):\(ar.currentline): "
            }
            level += 1
        }
        return ""
    }

    private func traceback(_ co: OpaquePointer) -> String {
        guard lua_checkstack(L, 2) != 0 else { return "" }
        luaL_traceback(L, co, nil, 0)
        defer { lua_pop(L, 1) }
        return stack.string(at: -1) ?? ""
    }

    private func errorMessage(_ co: OpaquePointer) -> String {
        if let message = LuaStack(L: co, handle: handle).string(at: -1) { return message }
        if lua_type(co, -1) == LUA_TNUMBER { return "\(lua_tonumberx(co, -1, nil))" }
        return "(error object is a \(String(cString: lua_typename(co, lua_type(co, -1)))) value)"
    }

    /// A failed run may leave garbage near the cap: drop its coroutine and collect, so the
    /// next run starts clean. Returns `error` to throw.
    private func failed(_ error: LuaError, base: Int32) -> LuaError {
        lua_settop(L, base)
        luakit_collect(L)
        return error
    }
}

/// luaL_loadbufferx for a Swift string, text mode unless the host loads bytecode it
/// compiled itself (``CompiledChunks``). Protected inside Lua: never raises.
func loadBuffer(_ L: OpaquePointer, _ source: [UInt8], chunkName: String, mode: String = "t") -> Int32 {
    source.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
            luaL_loadbufferx(L, chars.baseAddress, chars.count, chunkName, mode)
        }
    }
}

/// The bytecode of the function on top of `L`'s stack, with its debug information (lines
/// and names, for messages). lua_dump neither allocates in Lua nor raises.
private func dump(_ L: OpaquePointer) -> [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeMutablePointer(to: &bytes) { out in
        _ = lua_dump(
            L,
            { _, chunk, size, out in
                guard let chunk, let out else { return 1 }
                out.assumingMemoryBound(to: [UInt8].self).pointee.append(contentsOf: UnsafeRawBufferPointer(start: chunk, count: size))
                return 0
            }, out, 0)
    }
    return bytes
}

func loadBuffer(_ L: OpaquePointer, _ source: String, chunkName: String) -> Int32 {
    loadBuffer(L, Array(source.utf8), chunkName: chunkName)
}
