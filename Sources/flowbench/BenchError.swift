/// Why flowbench could not produce its report. A goal that fails is not an error: it is
/// part of the report.
enum BenchError: Error, CustomStringConvertible {
    /// Bad command-line arguments (exit 2).
    case usage(String)
    /// The benchmark could not be set up or run: a missing binary, a failing flow (exit 1).
    case setup(String)

    var description: String {
        switch self {
        case .usage(let message): return message
        case .setup(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .setup: return 1
        }
    }
}
