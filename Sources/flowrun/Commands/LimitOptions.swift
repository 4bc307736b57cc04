import ArgumentParser
import FlowKit

/// `--max-instructions`, `--max-memory`, `--time-limit`: the host's ceilings on every
/// script. A park's `budgets` may lower them, never raise them.
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Instructions one flow run may execute (a park may ask for fewer).", valueName: "n"))
    var maxInstructions: Int = HostLimits().instructions

    @Option(help: ArgumentHelp("Memory of a park's scripts in MiB (a park may ask for less).", valueName: "MiB"))
    var maxMemory: Int = HostLimits().memoryMiB

    @Option(help: ArgumentHelp("CPU seconds one flow run may take.", valueName: "seconds"))
    var timeLimit: Double = HostLimits().seconds

    /// The ceilings, or a usage error naming the option out of range.
    func limits() throws(FlowError) -> HostLimits {
        guard (1_000...1_000_000_000).contains(maxInstructions) else {
            throw .badArgument(name: "--max-instructions", message: "\(maxInstructions) out of range [1000, 1000000000]")
        }
        guard (1...4096).contains(maxMemory) else {
            throw .badArgument(name: "--max-memory", message: "\(maxMemory) out of range [1, 4096]")
        }
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 3600 else {
            throw .badArgument(name: "--time-limit", message: "\(timeLimit) out of range (0, 3600]")
        }
        return HostLimits(instructions: maxInstructions, memoryMiB: maxMemory, seconds: timeLimit)
    }
}
