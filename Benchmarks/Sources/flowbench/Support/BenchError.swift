/// Why flowbench could not produce its report. A goal that fails is not an error: it is
/// part of the report. Bad arguments are ArgumentParser's errors (exit 2 too).
enum BenchError: Error, CustomStringConvertible {
    /// A file given on the command line is unreadable or not what it should be (exit 2).
    case badInput(String)
    /// The benchmark could not be set up or run: a missing binary, a failing flow (exit 1).
    case setup(String)

    var description: String {
        switch self {
        case .badInput(let message): return message
        case .setup(let message): return message
        }
    }

    var exitCode: Int32 {
        switch self {
        case .badInput: return 2
        case .setup: return 1
        }
    }
}
