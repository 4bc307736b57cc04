/// Budgets and settings of one Lua state. Every state has all three budgets (docs/architecture.md, rule 3).
public struct LuaOptions: Sendable, Equatable {
    /// Instructions one run (`LuaState.call`) may execute, across every coroutine of the
    /// script; work inside C and native functions is charged too. Default 20,000,000.
    public var instructionLimit: Int = 20_000_000
    /// Bytes the whole state may hold, native objects included. Default 64 MiB.
    public var memoryLimit: Int = 64 << 20
    /// CPU seconds (the run's thread) one run may take: the backstop for work no counter prices,
    /// such as `==` on two long strings. Default 1; 0 means none.
    public var timeLimit: Double = 1.0
    /// Bytes `print` and `warn` may write in one run, counted as written (escaped); what
    /// goes past it is dropped, said once. Each byte is charged to the instruction budget
    /// too. Default 1 MiB.
    public var outputLimit: Int = 1 << 20
    /// Instructions between two checks of the budgets on a flow's thread. Default 1,000.
    public var hookInterval: Int = 1_000
    /// What `os.time()` returns, in seconds since 1970; `nil` means the real clock.
    public var fixedTime: Int64? = nil

    /// Options with the given budgets; each parameter is the property of the same name,
    /// and its default is the property's.
    /// - Parameters:
    ///   - instructionLimit: instructions one run may execute.
    ///   - memoryLimit: bytes the whole state may hold.
    ///   - timeLimit: CPU seconds one run may take; 0 for none.
    ///   - outputLimit: bytes `print` and `warn` may write in one run.
    ///   - hookInterval: instructions between two checks of the budgets.
    ///   - fixedTime: what `os.time()` returns; `nil` for the real clock.
    public init(
        instructionLimit: Int = 20_000_000, memoryLimit: Int = 64 << 20, timeLimit: Double = 1.0,
        outputLimit: Int = 1 << 20, hookInterval: Int = 1_000, fixedTime: Int64? = nil
    ) {
        self.instructionLimit = instructionLimit
        self.memoryLimit = memoryLimit
        self.timeLimit = timeLimit
        self.outputLimit = outputLimit
        self.hookInterval = hookInterval
        self.fixedTime = fixedTime
    }
}
