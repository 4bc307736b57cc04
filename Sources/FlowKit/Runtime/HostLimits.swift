package import LuaKit

/// The ceilings the host (the CLI's flags, an app) puts on every script it runs. A park's
/// `budgets` in park.lua may lower them, never raise them: scripts and settings may come
/// from a server, the limits belong to the device.
public struct HostLimits: Sendable, Equatable {
    /// Instructions one flow run may execute, across all its coroutines. Default 20,000,000.
    public var instructions: Int
    /// Memory of a park's Lua state, native objects included, in MiB. Default 64.
    public var memoryMiB: Int
    /// CPU seconds one flow run may take. Default 1.
    public var seconds: Double
    /// Bytes of text a screen may hold, each string counted once per place it appears: the
    /// renderers' work is linear in it, so it bounds what laying a screen out costs after
    /// the run. Default 8 MiB (a park's longest list screen holds a few hundred KiB).
    public var screenTextBytes = 8 << 20

    /// Ceilings; each parameter sets the property of the same name.
    /// - Parameters:
    ///   - instructions: instructions one flow run may execute.
    ///   - memoryMiB: memory of a park's Lua state, in MiB.
    ///   - seconds: CPU seconds one flow run may take.
    public init(instructions: Int = 20_000_000, memoryMiB: Int = 64, seconds: Double = 1.0) {
        self.instructions = instructions
        self.memoryMiB = memoryMiB
        self.seconds = seconds
    }

    /// The state's options for a park asking for `budgets`: the lower of each.
    package func options(for budgets: ParkConfig.Budgets? = nil, fixedTime: Int64?) -> LuaOptions {
        LuaOptions(
            instructionLimit: min(budgets?.instructions ?? instructions, instructions),
            memoryLimit: min(budgets?.memory_mb ?? memoryMiB, memoryMiB) << 20,
            timeLimit: seconds, fixedTime: fixedTime)
    }

    /// What a park's `budgets` asks for above these ceilings, for a report such as
    /// `flowrun check`'s (nothing calls it yet).
    /// - Parameter budgets: the park's ``ParkConfig/budgets``.
    /// - Returns: one line per budget above its ceiling (`budgets.memory_mb: ...`); empty
    ///   when the park asks for no more than the host allows.
    public func notes(for budgets: ParkConfig.Budgets) -> [String] {
        var notes: [String] = []
        if budgets.instructions > instructions {
            notes.append("budgets.instructions: \(budgets.instructions) is above the host's ceiling of \(instructions); the ceiling applies")
        }
        if budgets.memory_mb > memoryMiB {
            notes.append("budgets.memory_mb: \(budgets.memory_mb) is above the host's ceiling of \(memoryMiB); the ceiling applies")
        }
        return notes
    }
}
