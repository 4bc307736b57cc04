import ArgumentParser
import FlowKit

/// `--max-instructions`, `--max-memory`, `--time-limit`: the host's ceilings on every
/// script. A park's `budgets` may lower them, never raise them. Each command has its own
/// defaults: a flow gets a phone's (`HostLimits()`), `flowrun lua` larger ones.
package struct LimitOptions: ParsableArguments {
    package init() {}

    @Option(help: ArgumentHelp("Instructions one run may execute (flows: 20000000, a park may ask for fewer; lua: 1000000000).", valueName: "n"))
    package var maxInstructions: Int?

    @Option(help: ArgumentHelp("Memory of the scripts in MiB (flows: 64, a park may ask for less; lua: 1024).", valueName: "MiB"))
    package var maxMemory: Int?

    @Option(help: ArgumentHelp("CPU seconds one run may take (flows: 1; lua: 60).", valueName: "seconds"))
    package var timeLimit: Double?

    /// The limits `flowrun lua` runs a script under unless told otherwise: the script is
    /// the author's own, so room for Lua's own test files; still finite.
    static let scriptDefaults = HostLimits(instructions: 1_000_000_000, memoryMiB: 1024, seconds: 60)

    /// The ceilings, each given or from `defaults`, or a usage error naming the option out of range.
    package func limits(defaults: HostLimits = HostLimits()) throws(FlowError) -> HostLimits {
        try Self.limits(instructions: maxInstructions, memory: maxMemory, seconds: timeLimit, defaults: defaults)
    }

    /// The ceilings from the options' values (nil: not given), as ``limits(defaults:)``.
    static func limits(
        instructions given: Int?, memory givenMemory: Int?, seconds givenSeconds: Double?,
        defaults: HostLimits = HostLimits()
    ) throws(FlowError) -> HostLimits {
        let instructions = given ?? defaults.instructions
        let memory = givenMemory ?? defaults.memoryMiB
        let seconds = givenSeconds ?? defaults.seconds
        guard (1_000...1_000_000_000).contains(instructions) else {
            throw .badArgument(name: "--max-instructions", message: "\(instructions) out of range [1000, 1000000000]")
        }
        guard (1...4096).contains(memory) else {
            throw .badArgument(name: "--max-memory", message: "\(memory) out of range [1, 4096]")
        }
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw .badArgument(name: "--time-limit", message: "\(seconds) out of range (0, 3600]")
        }
        return HostLimits(instructions: instructions, memoryMiB: memory, seconds: seconds)
    }
}
