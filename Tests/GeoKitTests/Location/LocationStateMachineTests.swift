import Testing
@testable import GeoKit

/// The location state machine, step by step: each case feeds events from t = 0 (settings:
/// accuracy 100 m, max age 120 s, searching longer after 10 s, timeout 60 s, the defaults)
/// and expects the state it ends in at time `at`, and every state it passed through.
struct LocationStateMachineTests {
    static let here = Coordinate(latitude: 37.8078, longitude: -122.475)

    static func fix(_ time: Double, _ accuracy: Double = 8) -> LocationEvent {
        .fix(LocationFix(coordinate: here, accuracy: accuracy, time: time))
    }

    /// What a run of the machine went through: `"0 searching"`, `"10 searching_longer"`, ...,
    /// and the state at the end (with its reason or accuracy).
    static func run(_ events: [LocationEvent], until end: Double) -> (trail: [String], final: String) {
        var machine = LocationStateMachine()
        var changes: [LocationChange] = []
        for event in events { machine.feed(event, into: &changes) }
        machine.advance(to: end, into: &changes)
        return (changes.map { "\(format($0.time)) \(label($0.state))" }, label(machine.state))
    }

    static func label(_ state: LocationState) -> String {
        switch state {
        case .error(let problem, _): "error \(problem.rawValue)"
        case .found(let fix): "found ±\(format(fix.accuracy))"
        default: state.name
        }
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(value)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var events: [LocationEvent]
        var at: Double
        var final: String
        var trail: [String]? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "idle until asked", events: [], at: 100, final: "idle", trail: []),
        Case(name: "searching just before the longer timeout", events: [.start(time: 0)], at: 9.999, final: "searching"),
        Case(
            name: "searching longer at exactly searching_longer_after", events: [.start(time: 0)], at: 10,
            final: "searching_longer", trail: ["0 searching", "10 searching_longer"]),
        Case(name: "still searching longer just before the timeout", events: [.start(time: 0)], at: 59.999, final: "searching_longer"),
        Case(
            name: "timed out at exactly the timeout", events: [.start(time: 0)], at: 60,
            final: "error timed_out", trail: ["0 searching", "10 searching_longer", "60 error timed_out"]),
        Case(
            name: "a good fix is found", events: [.start(time: 0), fix(3)], at: 3, final: "found ±8",
            trail: ["0 searching", "3 found ±8"]),
        Case(name: "a fix at exactly the accuracy threshold is found", events: [.start(time: 0), fix(3, 100)], at: 3, final: "found ±100"),
        Case(
            name: "a fix worse than the threshold is not, and the clock runs on", events: [.start(time: 0), fix(3, 100.5)], at: 10,
            final: "searching_longer", trail: ["0 searching", "10 searching_longer"]),
        Case(name: "a fix with accuracy -1 (invalid) is not found", events: [.start(time: 0), fix(3, -1)], at: 5, final: "searching"),
        Case(name: "a fix with NaN accuracy is not found", events: [.start(time: 0), fix(3, .nan)], at: 5, final: "searching"),
        Case(name: "a found fix just younger than max_age holds", events: [.start(time: 0), fix(3)], at: 122.999, final: "found ±8"),
        Case(
            name: "a found fix exactly max_age old is stale: searching again", events: [.start(time: 0), fix(3)], at: 123,
            final: "searching", trail: ["0 searching", "3 found ±8", "123 searching"]),
        Case(
            name: "a stale fix then times out as any search", events: [.start(time: 0), fix(3)], at: 200,
            final: "error timed_out", trail: ["0 searching", "3 found ±8", "123 searching", "133 searching_longer", "183 error timed_out"]),
        Case(
            name: "a fix already older than max_age when it arrives is not found", events: [.denied(time: 0), .allowed(time: 130), fix(5)],
            at: 130, final: "searching"),
        Case(
            name: "a good fix after timing out is found", events: [.start(time: 0), fix(70, 12)], at: 70,
            final: "found ±12", trail: ["0 searching", "10 searching_longer", "60 error timed_out", "70 found ±12"]),
        Case(
            name: "denied after found", events: [.start(time: 0), fix(3), .denied(time: 20)], at: 20,
            final: "error denied", trail: ["0 searching", "3 found ±8", "20 error denied"]),
        Case(name: "fixes after a denial are ignored", events: [.start(time: 0), .denied(time: 1), fix(3)], at: 500, final: "error denied"),
        Case(
            name: "allowed again: searching anew", events: [.denied(time: 0), .allowed(time: 30)], at: 35,
            final: "searching", trail: ["0 error denied", "30 searching"]),
        Case(
            name: "unavailable, back on, then found", events: [.start(time: 0), .unavailable(time: 1), .allowed(time: 5), fix(6)],
            at: 6, final: "found ±8", trail: ["0 searching", "1 error unavailable", "5 searching", "6 found ±8"]),
        Case(name: "a denial does not time out", events: [.denied(time: 0)], at: 10_000, final: "error denied"),
        Case(
            name: "stop: idle, and fixes are ignored", events: [.start(time: 0), fix(1), .stop(time: 2), fix(3)], at: 3,
            final: "idle", trail: ["0 searching", "1 found ±8", "2 idle"]),
        Case(name: "a newer fix refreshes the age", events: [.start(time: 0), fix(3), fix(100)], at: 200, final: "found ±8"),
        Case(
            name: "an older fix than the one held changes nothing", events: [.start(time: 0), fix(5, 5), fix(3, 8)], at: 5,
            final: "found ±5", trail: ["0 searching", "5 found ±5"]),
        Case(
            name: "a newer fix while found is no change", events: [.start(time: 0), fix(3, 5), fix(4, 20)], at: 4,
            final: "found ±20", trail: ["0 searching", "3 found ±5"]),
        Case(
            name: "start while searching changes nothing", events: [.start(time: 0), .start(time: 5)], at: 10,
            final: "searching_longer", trail: ["0 searching", "10 searching_longer"]),
    ]

    @Test(arguments: cases)
    func transitions(_ c: Case) {
        let result = Self.run(c.events, until: c.at)
        #expect(result.final == c.final)
        if let trail = c.trail { #expect(result.trail == trail) }
    }

    @Test func timeNeverGoesBack() {
        var machine = LocationStateMachine()
        machine.feed(.start(time: 100))
        #expect(machine.advance(to: 50).isEmpty)
        #expect(machine.now == 100)
        // A denial stamped before the latest time is taken at the latest time.
        let changes = machine.feed(.denied(time: 40))
        #expect(changes == [LocationChange(time: 100, state: .error(.denied, since: 100))])
    }

    @Test func ageIsMeasuredAtTheMachinesTime() {
        var machine = LocationStateMachine()
        machine.feed(.start(time: 0))
        machine.feed(Self.fix(10))
        machine.advance(to: 25)
        #expect(machine.age == 15)
    }

    @Test func settingsAreChecked() {
        var s = LocationSettings()
        #expect(s.problem() == nil)
        s.accuracy = -3
        #expect(s.problem() == "accuracy -3 must be a number > 0")
        s = LocationSettings()
        s.searchingLongerAfter = 60
        #expect(s.problem() == "searching_longer_after 60 must be less than timeout 60")
        s = LocationSettings()
        s.maxAge = .nan
        #expect(s.problem()?.hasPrefix("max_age") == true)
    }
}
