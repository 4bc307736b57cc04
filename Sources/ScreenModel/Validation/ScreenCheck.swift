/// The state of one validation pass: the issues so far and the action ids seen.
struct ScreenCheck {
    /// Flows a `go` action may name; `nil` accepts any non-empty name.
    let knownFlows: Set<String>?
    /// Issues in document order.
    private(set) var issues: [ScreenIssue] = []
    /// Where each action id was first used, to report duplicates.
    private var actionIDs: [String: String] = [:]

    init(knownFlows: Set<String>?) {
        self.knownFlows = knownFlows
    }

    mutating func report(_ path: String, _ message: String) {
        issues.append(ScreenIssue(path: path, message: message))
    }

    mutating func requireNonEmpty(_ value: String, at path: String) {
        if value.allSatisfy(\.isWhitespace) { report(path, "must not be empty") }
    }

    mutating func checkPlaceholder(_ value: String?, at path: String) {
        if let value, !ScreenRules.isHexColour(value) {
            report(path, "'\(value)' is not a colour of the form #RRGGBB")
        }
    }

    /// Checks that `value` is a finite number in 0...1 (positions, depth).
    mutating func checkUnitInterval(_ value: Double, at path: String) {
        if !(value.isFinite && (0...1).contains(value)) {
            report(path, "\(value) is outside 0...1")
        }
    }

    /// Checks that `value` is a finite number (a time, which has no other bounds).
    mutating func checkFinite(_ value: Double, at path: String) {
        if !value.isFinite { report(path, "\(ScreenRules.number(value)) is not a finite number") }
    }

    /// Checks that `value` is a finite number within `range`: "latitude 137.8 is outside -90...90".
    /// - Parameter name: what the number is, when `path` alone does not say (default `nil`).
    mutating func checkRange(_ value: Double, within range: ClosedRange<Double>, at path: String, named name: String? = nil) {
        if !(value.isFinite && range.contains(value)) {
            let bounds = "\(ScreenRules.number(range.lowerBound))...\(ScreenRules.number(range.upperBound))"
            report(path, "\(name.map { "\($0) " } ?? "")\(ScreenRules.number(value)) is outside \(bounds)")
        }
    }

    /// Records an action id; reports it when an earlier action already used it.
    mutating func claimActionID(_ id: String, at path: String) {
        if let first = actionIDs[id] {
            report(path, "action id '\(id)' is already used by \(first)")
        } else {
            actionIDs[id] = String(path.dropLast(".id".count))
        }
    }
}
