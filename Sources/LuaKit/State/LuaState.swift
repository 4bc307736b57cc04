import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sandboxed Lua 5.4 state with an instruction budget and a memory cap.
///
/// Scripts see only the sandbox (DESIGN.md rule 2): each chunk gets its own environment,
/// whose library tables are private copies, so one script cannot change `string.format`
/// for another. Every `call` runs in a fresh coroutine under the budgets (rule 3).
/// Not thread-safe: one state belongs to one thread at a time.
public final class LuaState {
    let handle: StateHandle
    public let options: LuaOptions
    /// Where `print` writes; the default writes to standard error, so it never mixes with
    /// a flow's output. Receives `file:line: message`.
    public var printHandler: (String) -> Void = { line in StandardError.write(line + "\n") }

    /// When set, `print` writes its line here instead, as raw bytes and without the
    /// `file:line:` (as stock Lua's print does; for `flowrun lua`).
    public var printBytes: (([UInt8]) -> Void)?

    /// Finds the Lua source of module `name` for `require`, or returns nil. The host decides
    /// where modules may come from; the default finds none.
    public var moduleResolver: (String) throws(LuaError) -> LuaModuleSource? = { _ in nil }
    /// Where `moduleResolver` looks, for "module not found" messages.
    public var moduleSearchDescription = "nowhere: require is not set up"

    var L: OpaquePointer { handle.L }
    var stack: LuaStack { LuaStack(L: handle.L, handle: handle) }

    /// - Parameter options: budgets and clock (defaults in `LuaOptions`).
    /// - Throws: `LuaError.setup` if the state cannot be created.
    public init(options: LuaOptions = LuaOptions()) throws(LuaError) {
        NativeFunctionBox.installed
        self.options = options
        let budget = UnsafeMutablePointer<luakit_budget>.allocate(capacity: 1)
        budget.initialize(to: luakit_budget())
        budget.pointee.memory_limit = max(options.memoryLimit, 1 << 20)
        budget.pointee.instruction_limit = Int64(max(options.instructionLimit, 1))
        budget.pointee.hook_interval = Int32(clamping: max(options.hookInterval, 1))
        budget.pointee.time_limit = max(options.timeLimit, 0)
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

    // MARK: - Globals seen by every chunk

    /// Sets global `name` for every chunk loaded afterwards.
    public func setGlobal(_ name: String, _ value: LuaValue) {
        stack.push(value)
        lua_setglobal(L, name)
    }

    /// Registers global function `name`.
    public func register(_ name: String, _ function: @escaping LuaNativeFunction) {
        NativeFunctionBox.push(name: name, function: function, handle: handle, L: L)
        lua_setglobal(L, name)
    }

    /// Registers a module: a global table `name` of functions (`geo.distance`, ...), plus
    /// plain values. Each chunk sees its own copy of the table.
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
    }

    /// Makes a native function value, to pass to Lua as an argument or in a table.
    public func function(_ name: String, _ function: @escaping LuaNativeFunction) -> LuaFunctionRef {
        NativeFunctionBox.push(name: name, function: function, handle: handle, L: L)
        defer { lua_pop(L, 1) }
        return LuaFunctionRef(handle: handle, L: L, index: -1)
    }

    /// Declares the methods of a native object type (`obj:method(...)` in Lua).
    public func defineType<T: LuaObject>(_ type: T.Type, methods: [String: LuaMethod<T>]) {
        luaL_newmetatable(L, T.luaTypeName)
        lua_createtable(L, 0, Int32(methods.count))
        for (key, method) in methods.sorted(by: { $0.key < $1.key }) {
            NativeFunctionBox.push(name: key, function: { call in
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
    public var path: String
    public init(source: String, path: String) {
        self.init(bytes: Array(source.utf8), path: path)
    }
    public init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }
}

extension LuaState {
    /// Changes the budgets, e.g. once a park's own settings are known.
    /// - Parameters:
    ///   - instructions: instructions one `call` may execute.
    ///   - memoryBytes: the state's memory cap; not below what it holds now plus 1 MiB.
    public func setBudgets(instructions: Int, memoryBytes: Int) {
        handle.budget.pointee.instruction_limit = Int64(max(instructions, 1))
        handle.budget.pointee.memory_limit = max(memoryBytes, memoryUsed + (1 << 20))
    }
}
