public import FlowKit
/// How one scenario went (``ScenarioSuite``): `flowrun test` prints one line for it, then
/// its details.
public struct ScenarioResult: Sendable, Equatable {
    /// Whether it held.
    public enum Status: Sendable, Equatable {
        /// Every expectation held and the screen matches its golden.
        case passed
        /// The flow failed, the screen differs from its golden, or a check failed (exit 1).
        case failed
        /// The scenario cannot run as written: its file does not load, it names an unknown
        /// flow or park, a value does not parse, its golden is missing (exit 2).
        case badInput
    }

    /// Whether it held.
    public var status: Status
    /// `parks/GOGA/tests/home.lua:3` (the line of its `scenario{`), or the file alone when
    /// the file did not load.
    public var location: String
    /// The park it ran for, when it comes from the root's `tests/` (run for every park);
    /// nil for a park's own scenarios.
    public var park: String?
    /// Its name; nil when the file did not load.
    public var name: String?
    /// What went wrong, each naming where (`parks/GOGA/tests/home.lua:7: expect.section: ...`,
    /// `parks/GOGA/tests/home.json:12: ...`); empty when it passed.
    public var details: [String] = []
    /// The golden file `--update` wrote or rewrote (relative to the root); nil when none
    /// changed.
    public var wroteGolden: String?
    /// What `--update` changed in ``wroteGolden``, as unified diff lines (`@@ ... @@`,
    /// `-old`, `+new`); empty when it wrote none.
    public var goldenChange: [String] = []

    /// A result; each parameter sets the property of the same name.
    /// - Parameters:
    ///   - status: whether it held.
    ///   - location: `file:line` of the scenario, or the file.
    ///   - park: the park, for a scenario of the root's `tests/`.
    ///   - name: the scenario's name.
    ///   - details: what went wrong.
    ///   - wroteGolden: the golden `--update` wrote.
    public init(
        status: Status, location: String, park: String? = nil, name: String? = nil,
        details: [String] = [], wroteGolden: String? = nil
    ) {
        self.status = status
        self.location = location
        self.park = park
        self.name = name
        self.details = details
        self.wroteGolden = wroteGolden
    }
}
