import AsyncHTTPClient
import Foundation

/// Starts chromedriver and a headless chromium for the length of a closure, and always ends
/// both: after the closure returns or throws, the session is deleted, the driver's process
/// group (the driver and every browser process) is killed, and the session's folder (the
/// browser's profile, its temporary files, the driver's log) removed.
public enum WebDriver {
    /// Runs `body` with a new browser session.
    /// - Parameters:
    ///   - options: which driver and browser, and the window's size.
    ///   - body: what to do in the browser.
    /// - Throws: ``WebDriverError`` when the driver or the session cannot start; whatever
    ///   `body` throws.
    public static func withSession<T: Sendable>(
        _ options: BrowserOptions = BrowserOptions(),
        _ body: (WebDriverSession) async throws -> T
    ) async throws -> T {
        for path in [options.driver, options.browser] where !FileManager.default.isExecutableFile(atPath: path) {
            throw WebDriverError.notInstalled(path: path)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-webdriver-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw WebDriverError.driverDidNotStart(reason: "cannot make \(folder.path): \(error)", log: "")
        }
        defer { try? FileManager.default.removeItem(at: folder) }

        let driver = try await startDriver(options, folder: folder.path)
        defer { driver.terminate() }
        let address = "http://127.0.0.1:\(driver.port)"
        let client = HTTPClient.shared
        let value = try await WebDriverSession.send(
            .newSession(capabilities: options.capabilities(profile: folder.appendingPathComponent("profile").path)),
            to: address, client: client, timeout: options.commandTimeout)
        let session = WebDriverSession(
            id: try WebDriverResponse.sessionID(value),
            driver: address, client: client, timeout: options.commandTimeout)
        do {
            let result = try await body(session)
            _ = try? await session.send(.deleteSession(session.id))
            return result
        } catch {
            _ = try? await session.send(.deleteSession(session.id))
            throw error
        }
    }

    /// Starts the driver and waits for `/status` to say it is ready; a driver that exits
    /// first (its port taken in the meantime) is started again on another port, twice.
    static func startDriver(_ options: BrowserOptions, folder: String) async throws(WebDriverError) -> DriverProcess {
        var lastError = WebDriverError.driverDidNotStart(reason: "not tried", log: "")
        for _ in 0..<3 {
            let driver = try DriverProcess.start(driver: options.driver, logPath: folder + "/chromedriver.log", temporary: folder)
            do {
                try await waitForStatus(driver, timeout: options.startTimeout)
                return driver
            } catch {
                driver.terminate()
                lastError = error
            }
        }
        throw lastError
    }

    private static func waitForStatus(_ driver: DriverProcess, timeout: Duration) async throws(WebDriverError) {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = "no answer"
        while clock.now < deadline {
            if driver.hasExited() { throw .driverDidNotStart(reason: "it exited", log: driver.logTail()) }
            do {
                let value = try await WebDriverSession.send(
                    .status, to: "http://127.0.0.1:\(driver.port)", client: HTTPClient.shared,
                    timeout: .seconds(2))
                if value["ready"]?.boolValue == true { return }
                last = value["message"]?.stringValue ?? "not ready"
            } catch {
                last = error.description
            }
            do { try await Task.sleep(for: .milliseconds(50)) } catch { break }
        }
        throw .driverDidNotStart(reason: "/status after \(timeout): \(last)", log: driver.logTail())
    }
}
