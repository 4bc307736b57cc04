/// How long to wait before trying again after a failure: doubling from a second, capped, and
/// never less than what the relay asked for (`Retry-After`).
struct RelayBackoff: Sendable {
    /// The longest wait, seconds.
    var cap = 30.0
    private(set) var failures = 0

    /// The wait after one more failure; `asked`: the relay's `Retry-After`.
    mutating func next(asked: Double? = nil) -> Double {
        failures += 1
        let own = min(cap, Double(1 << min(failures - 1, 10)))
        guard let asked, asked.isFinite, asked >= 0 else { return own }
        return min(max(asked, 0.1), 3_600)
    }

    /// A success: the next failure waits a second again.
    mutating func reset() { failures = 0 }
}
