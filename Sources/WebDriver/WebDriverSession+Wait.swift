/// Waiting for the page: a condition checked again and again until it holds or time is up.
/// Tests wait for what a user would see instead of sleeping a fixed time.
extension WebDriverSession {
    /// Checks `condition` every `interval` until it returns a value, and returns it.
    /// An error a check throws counts as "not yet" (an element not there yet, or replaced
    /// while it was read), and is named in the timeout if the wait gives up.
    /// - Parameters:
    ///   - description: what is waited for, for the error (`the frame's title 'Yellowstone'`).
    ///   - timeout: how long to wait (default 10 s).
    ///   - interval: how long between checks (default 50 ms).
    ///   - condition: nil for not yet.
    /// - Throws: ``WebDriverError/timedOut(condition:seconds:lastError:)``.
    public func wait<T: Sendable>(
        for description: String, timeout: Duration = .seconds(10), interval: Duration = .milliseconds(50),
        _ condition: () async throws -> T?
    ) async throws(WebDriverError) -> T {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var lastError: String?
        while true {
            do {
                if let value = try await condition() { return value }
                lastError = nil
            } catch {
                lastError = "\(error)"
            }
            guard clock.now < deadline else {
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw .timedOut(condition: description, seconds: seconds, lastError: lastError)
            }
            do {
                try await Task.sleep(for: interval)
            } catch {
                throw .timedOut(condition: description + " (cancelled)", seconds: 0, lastError: lastError)
            }
        }
    }

    /// Waits until `condition` returns true (see ``wait(for:timeout:interval:_:)``).
    public func waitUntil(
        _ description: String, timeout: Duration = .seconds(10), interval: Duration = .milliseconds(50),
        _ condition: () async throws -> Bool
    ) async throws(WebDriverError) {
        _ = try await wait(for: description, timeout: timeout, interval: interval) { try await condition() ? true : nil }
    }
}
