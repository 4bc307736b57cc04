/// Why a WebDriver command, or the driver itself, failed. Each case names the command
/// (`find element '#frame h1'`) and, where the driver answered, the error it returned
/// (`no such element`) with its message.
public enum WebDriverError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The driver or the browser is not installed at `path`.
    case notInstalled(path: String)
    /// The driver did not answer `/status` as ready; `log` is the end of what it printed.
    case driverDidNotStart(reason: String, log: String)
    /// The driver answered `command` with a W3C error: `error` is its code (`no such
    /// element`, `javascript error`, `timeout`, ...), `message` its words.
    case command(String, error: String, message: String)
    /// The driver's answer to `command` was not the JSON WebDriver specifies.
    case malformedResponse(command: String, reason: String)
    /// `command` did not reach the driver, or no answer came back (the system's words).
    case transport(command: String, reason: String)
    /// A wait gave up: `condition` did not hold within `seconds`; `lastError` is the
    /// error the last check threw, if it threw.
    case timedOut(condition: String, seconds: Double, lastError: String?)

    /// The message for people.
    public var description: String {
        switch self {
        case .notInstalled(let path):
            return "WebDriver: \(path) is not installed (apt-get install chromium chromium-driver)"
        case .driverDidNotStart(let reason, let log):
            return "WebDriver: chromedriver did not start: \(reason)" + (log.isEmpty ? "" : "\n" + log)
        case .command(let command, let error, let message):
            return "WebDriver \(command): \(error): \(message)"
        case .malformedResponse(let command, let reason):
            return "WebDriver \(command): the driver's answer is not WebDriver JSON: \(reason)"
        case .transport(let command, let reason):
            return "WebDriver \(command): no answer from the driver: \(reason)"
        case .timedOut(let condition, let seconds, let lastError):
            let seconds = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
            return "timed out after \(seconds) s waiting for \(condition)" + (lastError.map { " (last error: \($0))" } ?? "")
        }
    }
}
