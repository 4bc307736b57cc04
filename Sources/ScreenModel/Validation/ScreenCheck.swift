import Formats
/// The state of one validation pass: the issues so far and the action ids seen.
struct ScreenCheck {
    /// Flows a `go` action may name; `nil` accepts any non-empty name.
    let knownFlows: Set<String>?
    /// Flows switched off for the park.
    let disabledFlows: Set<String>
    /// Parks a `go` action may switch to; `nil` accepts any non-empty code.
    let knownParks: Set<String>?
    /// The park of the screen being checked: a `go` to it names one of ``knownFlows``.
    var currentPark: String?
    /// What is wrong with a time zone name, or nil when it is known; `nil` accepts any.
    let timeZoneProblem: (@Sendable (String) -> String?)?
    /// Issues kept in full; later ones are only counted, their messages never built.
    let issueLimit: Int
    /// Issues in document order, at most ``issueLimit``.
    private(set) var issues: [ScreenIssue] = []
    /// Issues found after ``issueLimit`` was reached.
    private(set) var omitted = 0
    /// Where each action id was first used, to report duplicates.
    private var actionIDs: [String: String] = [:]
    /// What follows "unknown flow 'x'" for each unknown name: a screen may repeat one
    /// name many times, and the known list is the same for every name without a suggestion.
    private var flowHints: [String: String] = [:]
    private var knownFlowListing: String?

    init(
        knownFlows: Set<String>?, disabledFlows: Set<String> = [], knownParks: Set<String>? = nil,
        timeZoneProblem: (@Sendable (String) -> String?)? = nil, issueLimit: Int = .max
    ) {
        self.knownFlows = knownFlows
        self.disabledFlows = disabledFlows
        self.knownParks = knownParks
        self.timeZoneProblem = timeZoneProblem
        self.issueLimit = issueLimit
    }

    /// Whether another issue would only be counted.
    var isFull: Bool { issues.count >= issueLimit }

    /// Records an issue; past ``issueLimit`` only counts it, without building the message.
    mutating func report(_ path: @autoclosure () -> String, _ message: @autoclosure () -> String) {
        if isFull { omitted += 1; return }
        issues.append(ScreenIssue(path: path(), message: message()))
    }

    /// Reports a `go` action to a flow nobody registered, with a suggestion when one is
    /// near, else (some of) the known flows.
    mutating func reportUnknownFlow(_ flow: String, at path: @autoclosure () -> String, known: Set<String>) {
        if isFull { omitted += 1; return }
        if disabledFlows.contains(flow) {
            issues.append(
                ScreenIssue(
                    path: "\(path()).flow", message: "flow \(Excerpt.quoted(flow)) is disabled for this park (flows.\(flow) = false); leave the link out"))
            return
        }
        let hint: String
        if let cached = flowHints[flow] {
            hint = cached
        } else {
            // A suggestion is within the edit limit of a name of at most 64 scalars: shown whole.
            hint =
                Excerpt.suggestion(for: flow, in: known).map { "; did you mean '\($0)'?" }
                ?? "; known flows: \(knownFlowList(known))"
            // Long names are not kept as keys: they get no suggestion, so no search to save.
            if flow.utf8.count <= Excerpt.longestSuggestedName { flowHints[flow] = hint }
        }
        issues.append(ScreenIssue(path: "\(path()).flow", message: "unknown flow \(Excerpt.quoted(flow))\(hint)"))
    }

    /// The known flows as messages list them, sorted and cut, built once per pass.
    private mutating func knownFlowList(_ known: Set<String>) -> String {
        if let knownFlowListing { return knownFlowListing }
        let listing = Excerpt.list(known.sorted())
        knownFlowListing = listing
        return listing
    }

    /// Reports a `go` action's park that is empty or not one of ``knownParks``, with a
    /// suggestion when one is near.
    mutating func checkPark(_ park: String, at path: @autoclosure () -> String) {
        if park.allSatisfy(\.isWhitespace) { report(path(), "must not be empty"); return }
        guard let known = knownParks, !known.contains(park) else { return }
        let hint =
            Excerpt.suggestion(for: park, in: known).map { "; did you mean '\($0)'?" }
            ?? (known.isEmpty ? "; there are none" : "; parks: \(Excerpt.list(known.sorted()))")
        report(path(), "unknown park \(Excerpt.quoted(park))\(hint)")
    }

    mutating func requireNonEmpty(_ value: String, at path: @autoclosure () -> String) {
        if value.allSatisfy(\.isWhitespace) { report(path(), "must not be empty") }
    }

    mutating func checkPlaceholder(_ value: String?, at path: @autoclosure () -> String) {
        if let value, !ScreenRules.isHexColor(value) {
            report(path(), "\(Excerpt.quoted(value)) is not a color of the form #RRGGBB")
        }
    }

    /// Checks that `value` is a finite number in 0...1 (positions, depth).
    mutating func checkUnitInterval(_ value: Double, at path: @autoclosure () -> String) {
        if !(value.isFinite && (0...1).contains(value)) {
            report(path(), "\(value) is outside 0...1")
        }
    }

    /// Checks that `value` is a finite number (a time, which has no other bounds).
    mutating func checkFinite(_ value: Double, at path: @autoclosure () -> String) {
        if !value.isFinite { report(path(), "\(NumberText.message(value)) is not a finite number") }
    }

    /// Checks that `value` is a finite number within `range`: "latitude 137.8 is outside -90...90".
    /// - Parameter name: what the number is, when `path` alone does not say (default `nil`).
    mutating func checkRange(_ value: Double, within range: ClosedRange<Double>, at path: @autoclosure () -> String, named name: String? = nil) {
        if !(value.isFinite && range.contains(value)) {
            let bounds = "\(NumberText.message(range.lowerBound))...\(NumberText.message(range.upperBound))"
            report(path(), "\(name.map { "\($0) " } ?? "")\(NumberText.message(value)) is outside \(bounds)")
        }
    }

    /// Records an action id; reports it when an earlier action already used it.
    mutating func claimActionID(_ id: String, at path: @autoclosure () -> String) {
        if let first = actionIDs[id] {
            report(path(), "action id \(Excerpt.quoted(id)) is already used by \(first)")
        } else {
            actionIDs[id] = String(path().dropLast(".id".count))
        }
    }
}
