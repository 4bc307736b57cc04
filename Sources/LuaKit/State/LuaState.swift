import Formats
import CLua
import CLuaSandbox
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sandboxed Lua 5.4 state with an instruction budget and a memory cap.
///
/// Scripts see only the sandbox (docs/architecture.md, rule 2): each chunk gets its own environment,
/// whose library tables are private copies, so one script cannot change `string.format`
/// for another. Every ``call(_:_:)`` runs in a fresh coroutine under the budgets (rule 3).
/// Functions the host registers are seen by every chunk loaded after them.
/// Not thread-safe: one state belongs to one thread at a time.
public final class LuaState {
    let handle: StateHandle
    /// The options the state was made with. ``setBudgets(instructions:memoryBytes:)``
    /// changes the budgets in force, not these.
    public let options: LuaOptions
    /// Where `print` writes; the default writes to standard error, so it never mixes with
    /// a flow's output. Receives `file:line: message`.
    public var printHandler: (String) -> Void = { line in StandardError.write(line + "\n") }

    /// When set, `print` writes its line here instead, as raw bytes and without the
    /// `file:line:` (as stock Lua's print does; for `flowrun lua`).
    public var printBytes: (([UInt8]) -> Void)?

    /// Finds the Lua source of module `name` for `require`, or returns nil. The host decides
    /// where modules may come from; the default finds none. An error it throws is what
    /// `require` fails with.
    public var moduleResolver: (String) throws(LuaError) -> LuaModuleSource? = { _ in nil }
    /// Where ``moduleResolver`` looks, for "module not found" messages
    /// (`parks/GOGA/flows/ and flows/`).
    public var moduleSearchDescription = "nowhere: require is not set up"
    /// Where chunks the host loads (flows, `require`d modules, ``run(_:chunkName:arguments:)``)
    /// are kept compiled between processes; nil (the default) compiles each from source.
    /// Scripts' own `load` never reads bytecode.
    public var compiledChunks: CompiledChunks?
    /// The zone of os.date and os.time (``timeZone``); released after the state is closed.
    var zoneBox: ZoneBox?

    var L: OpaquePointer { handle.L }
    var stack: LuaStack { LuaStack(L: handle.L, handle: handle) }

    /// Creates a state with the sandbox installed and nothing of the host's registered yet.
    /// - Parameter options: budgets and clock (defaults in ``LuaOptions``); a memory cap
    ///   below 1 MiB is raised to 1 MiB, an instruction limit or hook interval below 1 to 1.
    /// - Throws: ``LuaError/setup(_:)`` if the state cannot be created (out of memory) or
    ///   its sandbox cannot be installed.
    public init(options: LuaOptions = LuaOptions()) throws(LuaError) {
        NativeFunctionBox.installed
        self.options = options
        let budget = UnsafeMutablePointer<luakit_budget>.allocate(capacity: 1)
        budget.initialize(to: luakit_budget())
        budget.pointee.memory_limit = max(options.memoryLimit, 1 << 20)
        budget.pointee.instruction_limit = Int64(max(options.instructionLimit, 1))
        budget.pointee.hook_interval = Int32(clamping: max(options.hookInterval, 1))
        budget.pointee.time_limit = max(options.timeLimit, 0)
        budget.pointee.output_limit = Int64(max(options.outputLimit, 0))
        budget.pointee.output_left = budget.pointee.output_limit
        guard let L = luakit_newstate(budget) else {
            budget.deallocate()
            throw .setup("cannot create a Lua state (out of memory)")
        }
        handle = StateHandle(L: L, budget: budget)
        try installSandbox()
    }

    deinit {
        handle.close()
    }

    /// Bytes the state holds now.
    public var memoryUsed: Int { Int(handle.budget.pointee.memory_used) }
    /// The most bytes the state has held.
    public var memoryPeak: Int { Int(handle.budget.pointee.memory_peak) }
    /// Instructions the last run (``call(_:_:)``) was charged, as its budget counts them: a
    /// check every ``LuaOptions/hookInterval`` instructions, native calls by their work.
    public var instructionsUsed: Int {
        Int(max(0, handle.budget.pointee.instruction_limit - max(0, handle.budget.pointee.instructions_left)))
    }
    /// Instructions one run may execute now.
    public var instructionLimit: Int { Int(handle.budget.pointee.instruction_limit) }

    // MARK: - Globals seen by every chunk

    /// Sets global `name` for every chunk loaded afterwards.
    /// - Parameters:
    ///   - name: the global's name.
    ///   - value: its value; tables are built anew in Lua, so later changes on either
    ///     side are not seen by the other.
    public func setGlobal(_ name: String, _ value: LuaValue) {
        stack.push(value)
        lua_setglobal(L, name)
        luakit_forget_environment(L)
    }

    /// Registers global function `name`.
    /// - Parameters:
    ///   - name: the global's name, also used in its argument errors.
    ///   - function: the Swift body; work it does that no Lua instruction counts is
    ///     charged with ``LuaCall/charge(_:)``.
    public func register(_ name: String, _ function: @escaping LuaNativeFunction) {
        NativeFunctionBox.push(name: name, function: function, handle: handle, L: L)
        lua_setglobal(L, name)
        luakit_forget_environment(L)
    }

    /// Registers a module: a global table `name` of functions (`geo.distance`, ...), plus
    /// plain values. Each chunk sees its own copy of the table.
    /// - Parameters:
    ///   - name: the global table's name.
    ///   - functions: the table's functions by name.
    ///   - values: plain values to put beside them (constants, say).
    public func register(module name: String, functions: [String: LuaNativeFunction], values: [String: LuaValue] = [:]) {
        lua_createtable(L, 0, Int32(functions.count + values.count))
        for (key, function) in functions.sorted(by: { $0.key < $1.key }) {
            NativeFunctionBox.push(name: key, function: function, handle: handle, L: L)
            lua_setfield(L, -2, key)
        }
        for (key, value) in values {
            stack.push(value)
            lua_setfield(L, -2, key)
        }
        lua_setglobal(L, name)
        luakit_forget_environment(L)
    }

    /// Makes a native function value, to pass to Lua as an argument or in a table.
    /// - Parameters:
    ///   - name: the name its argument errors use.
    ///   - function: the Swift body.
    /// - Returns: a reference to the new Lua function; pass it as ``LuaValue/function(_:)``.
    public func function(_ name: String, _ function: @escaping LuaNativeFunction) -> LuaFunctionRef {
        NativeFunctionBox.push(name: name, function: function, handle: handle, L: L)
        defer { lua_pop(L, 1) }
        return LuaFunctionRef(handle: handle, L: L, index: -1)
    }

    /// Declares the methods of a native object type (`obj:method(...)` in Lua). Call it once
    /// per type, before pushing objects of it; scripts cannot read or change the metatable.
    /// - Parameters:
    ///   - type: the object's class; its ``LuaObject/luaTypeName`` names the metatable.
    ///   - methods: the methods by name; each is given the checked object.
    public func defineType<T: LuaObject>(_ type: T.Type, methods: [String: LuaMethod<T>]) {
        luaL_newmetatable(L, T.luaTypeName)
        lua_createtable(L, 0, Int32(methods.count))
        // The names sorted as [String]: sorting the (name, method) pairs runs unspecialized
        // for each T, every comparison through metadata (0.24 M instructions a cold start).
        var names: [String] = []
        names.reserveCapacity(methods.count)
        for name in methods.keys { names.append(name) }
        for key in names.sorted() {
            guard let method = methods[key] else { continue }
            NativeFunctionBox.push(
                name: key,
                function: { call in
                    let object = try call.object(1, as: T.self)
                    defer { luakit_object_resize(call.L, 1, max(object.nativeByteCount, 0)) }
                    try method(object, &call)
                }, handle: handle, L: L)
            lua_setfield(L, -2, key)
        }
        lua_setfield(L, -2, "__index")
        stack.push(T.luaTypeName)
        lua_setfield(L, -2, "__name")
        lua_pushboolean(L, 0)
        lua_setfield(L, -2, "__metatable")
        lua_pop(L, 1)
    }
}

/// A Lua module's text and its path relative to the project root (its chunk name).
public struct LuaModuleSource: Sendable {
    /// The chunk's bytes (a text chunk; it need not be UTF-8).
    public var bytes: [UInt8]
    /// The path relative to the project root (`flows/lib/ui.lua`): the chunk's name in messages.
    public var path: String
    /// A module from its text.
    /// - Parameters:
    ///   - source: the module's Lua source.
    ///   - path: its path relative to the project root.
    public init(source: String, path: String) {
        self.init(bytes: Array(source.utf8), path: path)
    }
    /// A module from its file's bytes, as they are.
    /// - Parameters:
    ///   - bytes: the chunk's bytes (a text chunk; binary chunks are refused when loaded).
    ///   - path: its path relative to the project root.
    public init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }
}

extension LuaState {
    /// Changes the budgets, e.g. once a park's own settings are known.
    /// - Parameters:
    ///   - instructions: instructions one ``call(_:_:)`` may execute (at least 1).
    ///   - memoryBytes: the state's memory cap; not below what it holds now plus 1 MiB.
    public func setBudgets(instructions: Int, memoryBytes: Int) {
        handle.budget.pointee.instruction_limit = Int64(max(instructions, 1))
        handle.budget.pointee.memory_limit = max(memoryBytes, memoryUsed + (1 << 20))
    }
}
