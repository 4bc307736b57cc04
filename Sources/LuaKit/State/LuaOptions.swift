/// Budgets and settings of one Lua state. Every state has both budgets (DESIGN.md rule 3).
public struct LuaOptions: Sendable, Equatable {
    /// Instructions one run (`LuaState.call`) may execute. Default 20,000,000 (~0.1-0.3 s).
    public var instructionLimit: Int = 20_000_000
    /// Bytes the whole state may hold. Default 64 MiB.
    public var memoryLimit: Int = 64 << 20
    /// Instructions between two checks of the instruction budget. Default 1,000.
    public var hookInterval: Int = 1_000
    /// Estimated backtracking steps one pattern call may take (see `patterns.c`). Default 2.5e8.
    public var patternLimit: Double = 2.5e8
    /// What `os.time()` returns, in seconds since 1970; `nil` means the real clock.
    public var fixedTime: Int64? = nil

    public init(instructionLimit: Int = 20_000_000, memoryLimit: Int = 64 << 20,
                hookInterval: Int = 1_000, patternLimit: Double = 2.5e8, fixedTime: Int64? = nil) {
        self.instructionLimit = instructionLimit
        self.memoryLimit = memoryLimit
        self.hookInterval = hookInterval
        self.patternLimit = patternLimit
        self.fixedTime = fixedTime
    }
}
