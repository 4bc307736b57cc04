import GeoKit
public import LuaKit

/// One input of a run, declared once: its name, its type (``RunInputType``: the value, read
/// from text and from Lua with the same checks), what it needs of the other inputs, its help,
/// and where it lands in ``RunInputs``. The command line (`--NAME`, on both of its parsers), the
/// preview's query (`NAME=`) and scenarios (`NAME = ...`) read this table, so an input is added
/// by its typed property in ``RunInputs``, one row here, and its use in
/// ``RunInputs/request(name:trackFile:shown:)``.
///
/// The command line's other options (`--root`, `--format`, `--follow`, the limits) are how
/// `flowrun` runs, not what the device or a recording gives the flow; they are not here.
public struct RunInputField: Sendable {
    /// The name without dashes: `--at`, `?at=`, `at = ...`.
    public let name: String
    /// What the value is, for help (`lat,lon`); nil for a flag.
    public let valueName: String?
    /// One or two sentences for `--help` and the docs.
    public let help: String
    /// Whether the value may start with `-` (a southern latitude, a negative zoom), so the
    /// command line takes the next word whatever it is.
    public let signed: Bool
    /// The preview's query takes it (a file the page cannot name, a party, does not).
    public let inPreview: Bool
    /// The field a scenario sets it with (nil: scenarios do not set it).
    public let scenarioField: String?
    /// What it needs of the other inputs (``RunInputRelation``), checked before its value.
    public let relations: [RunInputRelation]
    /// Whether it is a flag: given or not, no value.
    public let isFlag: Bool
    /// The suffix of a file input (`.gpx`), which a scenario's file must end in; nil for others.
    public let suffix: String?
    private let readText: @Sendable (String, inout RunInputs) throws(RunInputProblem) -> Void
    private let readLua: @Sendable (LuaValue, RunInputFiles, inout RunInputs) throws(RunInputProblem) -> Void
    private let given: @Sendable (RunInputs) -> Bool
    private let setFlag: (@Sendable (inout RunInputs) -> Void)?

    /// The name as the command line writes it: `--at`.
    public var option: String { "--" + name }

    /// Whether it is a key of the map and AR camera (``FlowRequest/viewKeys``), which a go
    /// action's args may set too.
    public var isView: Bool { FlowRequest.viewKeys.contains(name) }

    /// Sets the input in `inputs` from text (`37.8,-122.47`; a flag: `1`/`true` or `0`/`false`).
    /// - Throws: ``RunInputProblem`` saying what is wrong with the text.
    public func read(text: String, into inputs: inout RunInputs) throws(RunInputProblem) {
        try readText(text, &inputs)
    }

    /// Sets the input in `inputs` from a scenario's Lua value (`{37.8, -122.47}`, a string as text).
    /// - Parameters:
    ///   - value: the scenario field's value.
    ///   - files: how the scenario's file paths are found and checked.
    ///   - inputs: the run's inputs, given this one.
    /// - Throws: ``RunInputProblem`` saying what is wrong with the value.
    public func read(lua value: LuaValue, files: RunInputFiles, into inputs: inout RunInputs) throws(RunInputProblem) {
        try readLua(value, files, &inputs)
    }

    /// Sets a flag, as the command line gives it; nothing for a valued input.
    public func give(in inputs: inout RunInputs) {
        setFlag?(&inputs)
    }

    /// Whether `inputs` give it (a flag: set).
    public func isGiven(in inputs: RunInputs) -> Bool { given(inputs) }

    /// The first of its relations the inputs `given` break, or nil.
    /// - Parameter mention: how the message names another input (`--center` or `center`).
    func relationProblem(given: Set<String>, mention: (String) -> String) -> RunInputProblem? {
        for relation in relations where relation.needed != relation.inputs.contains(where: given.contains) {
            return RunInputProblem(relation.message(mention))
        }
        return nil
    }

    /// A valued input of type `type`, kept where `slot` says; the other parameters set the
    /// properties of the same name.
    static func input<Value>(
        _ name: String, _ type: RunInputType<Value>, _ slot: RunInputSlot<Value?>, valueName: String?, help: String,
        signed: Bool, inPreview: Bool, scenario: String?, relations: [RunInputRelation] = []
    ) -> RunInputField {
        RunInputField(
            name: name, valueName: valueName, help: help, signed: signed, inPreview: inPreview, scenarioField: scenario, relations: relations,
            isFlag: false, suffix: type.suffix,
            readText: { (text: String, inputs: inout RunInputs) throws(RunInputProblem) in slot.set(&inputs, try type.text(text)) },
            readLua: { (value: LuaValue, files: RunInputFiles, inputs: inout RunInputs) throws(RunInputProblem) in
                slot.set(&inputs, try type.lua(value, files))
            },
            given: { slot.get($0) != nil }, setFlag: nil)
    }

    /// A flag kept where `slot` says: given or not on the command line (``RunInputText/flags``),
    /// `1` or `0` in the preview's query, `true` or `false` in a scenario.
    static func flag(
        _ name: String, _ slot: RunInputSlot<Bool>, help: String, inPreview: Bool, scenario: String?
    ) -> RunInputField {
        let type = RunInputType<Bool>.flag
        return RunInputField(
            name: name, valueName: nil, help: help, signed: false, inPreview: inPreview, scenarioField: scenario, relations: [], isFlag: true,
            suffix: nil,
            readText: { (text: String, inputs: inout RunInputs) throws(RunInputProblem) in slot.set(&inputs, try type.text(text)) },
            readLua: { (value: LuaValue, files: RunInputFiles, inputs: inout RunInputs) throws(RunInputProblem) in
                slot.set(&inputs, try type.lua(value, files))
            },
            given: slot.get, setFlag: { slot.set(&$0, true) })
    }
}

/// Where in ``RunInputs`` an input is kept: a getter and a setter. Closures rather than a
/// key path, which every start would pay the runtime to build (19 of them: 2% of a cold run).
struct RunInputSlot<Value>: Sendable {
    let get: @Sendable (RunInputs) -> Value
    let set: @Sendable (inout RunInputs, Value) -> Void

    init(_ get: @escaping @Sendable (RunInputs) -> Value, _ set: @escaping @Sendable (inout RunInputs, Value) -> Void) {
        (self.get, self.set) = (get, set)
    }
}

/// What an input needs of the other inputs, by their names: one of them given (`--accuracy`
/// needs `--at` or `--track`), or none of them (`--location` says there is no position, so
/// not with `--at`). Every road in checks it, before the input's value.
public struct RunInputRelation: Sendable {
    /// The other inputs, by name.
    public let inputs: [String]
    /// Whether one of them is needed (true) or none of them may be given (false).
    public let needed: Bool
    /// The message, given how to name another input (`--center` on the command line).
    let message: @Sendable (_ mention: (String) -> String) -> String

    /// One of `inputs` must be given, else `message`.
    static func needs(_ inputs: [String], _ message: String) -> RunInputRelation {
        RunInputRelation(inputs: inputs, needed: true, message: { _ in message })
    }

    /// None of `inputs` may be given, else `message`.
    static func excludes(_ inputs: [String], _ message: String) -> RunInputRelation {
        RunInputRelation(inputs: inputs, needed: false, message: { _ in message })
    }

    /// None of `inputs` may be given, else the message `message` writes naming inputs as the
    /// road in does.
    static func excludes(_ inputs: [String], _ message: @escaping @Sendable (_ mention: (String) -> String) -> String) -> RunInputRelation {
        RunInputRelation(inputs: inputs, needed: false, message: message)
    }
}

extension RunInputField {
    /// Every input, in the order help lists them.
    public static let all: [RunInputField] = [
        .input(
            "at", .at, .init({ $0.at }, { $0.at = $1 }), valueName: "lat,lon",
            help: "The visitor's position as LAT,LON, e.g. 37.8078,-122.4750 (may start with '-').", signed: true, inPreview: true, scenario: "at"),
        .input(
            "time", .time, .init({ $0.time }, { $0.time = $1 }), valueName: nil,
            help: "The clock flows see, ISO 8601 such as 2026-07-04T09:30:00-07:00 (default: now).",
            signed: false, inPreview: true, scenario: "time"),
        .input(
            "track", .file(suffix: ".gpx"), .init({ $0.track }, { $0.track = $1 }), valueName: "file.gpx",
            help: "A GPX track to replay (flows see it as ctx.track), e.g. for the geofence flow.", signed: false, inPreview: true, scenario: "track"),
        .input(
            "beacons", .file(suffix: ".csv"), .init({ $0.beacons }, { $0.beacons = $1 }), valueName: "file.csv",
            help: "A Bluetooth scan log to replay against the park's exhibits (flows see it as ctx.beacons), e.g. for the exhibits flow.",
            signed: false, inPreview: false, scenario: nil),
        .input(
            "at-time", .moment(counting: "the scan log's first reading (such as 100)", example: "2026-07-04T10:01:40-06:00"),
            .init({ $0.atTime }, { $0.atTime = $1 }),
            valueName: "time",
            help: "Replay the scan log of --beacons up to this moment: seconds from its first reading (as --until counts from a track's start), or ISO 8601.",
            signed: true, inPreview: false, scenario: nil, relations: [.needs(["beacons"], "needs --beacons FILE.csv: a moment of which scan log?")]),
        .input(
            "party", .file(suffix: ".json"), .init({ $0.party }, { $0.party = $1 }), valueName: "file.json",
            help: "A party file to replay (JSON, schema/party.schema.json): members, roles, tracks, safe zones; flows see it through the party module.",
            signed: false, inPreview: false, scenario: "party"),
        .input(
            "as", .string, .init({ $0.member }, { $0.member = $1 }), valueName: "member-id",
            help: "Run as this member of the --party (default: its first guardian); the member's role limits what the flow may see, change or trigger.",
            signed: false, inPreview: false, scenario: "as",
            relations: [.needs(["party"], "names a member of a party: give the party with --party FILE")]),
        .input(
            "duty-cycle", .dutyCycle, .init({ $0.dutyCycle }, { $0.dutyCycle = $1 }), valueName: "policy",
            help: "Sample the tracks of --party FILE as phones under this GPS duty cycle would, and mark each alert against the full tracks "
                + "(on time, late, missed): 'default', 'always', ON/PERIOD in seconds ('10/60'), then options near=METRES:ON/PERIOD "
                + "(faster near a safe zone's edge), hold=SECONDS (on after crossing an edge) and fix=SECONDS (first-fix delay), "
                + "e.g. '10/60,near=100:10/20,hold=30'; default is \(DutyCyclePolicy.standard).",
            signed: false, inPreview: false, scenario: nil,
            relations: [.needs(["party"], "samples a party's tracks as phones would: give the party with --party FILE")]),
        .input(
            "accuracy", .metres, .init({ $0.accuracy }, { $0.accuracy = $1 }), valueName: "metres",
            help: "Horizontal accuracy of --at, or of every fix of --track, in metres (default 10: GPS under open sky). "
                + "A fix worse than the park's location.accuracy (default 100) is not found.",
            signed: true, inPreview: true, scenario: "accuracy",
            relations: [.needs(["at", "track"], "is the accuracy of --at or of --track's fixes; give one of them")]),
        .input(
            "location", .location, .init({ $0.location }, { $0.location = $1 }), valueName: "state",
            help: "The location state when no position is given: searching (the default), searching-longer, denied (location not allowed), "
                + "unavailable (location services off), timed-out (no good fix in time) or idle (not asking).",
            signed: false, inPreview: true, scenario: "location",
            relations: [
                .excludes(["at"], "says there is no position: leave out --at (a position is found)"),
                .excludes(["until"], "leave it out with --until: the track's fixes say the state then"),
            ]),
        .input(
            "locale", .locale, .init({ $0.locale }, { $0.locale = $1 }), valueName: "language",
            help: "The device's language, such as es: the screen's words come from the park's strings in it (default: the park's language.default).",
            signed: false, inPreview: true, scenario: "locale"),
        // `until` is a Lua keyword: scenarios say `moment`.
        .input(
            "until", .moment(counting: "the track's start (such as 600)", example: "2026-07-04T09:30:00-07:00"), .init({ $0.until }, { $0.until = $1 }),
            valueName: "time",
            help: "Run the flow at this moment of the --track file, in seconds from the track's first fix (600) or an ISO 8601 time "
                + "(2019-07-31T14:10:00Z). The flow sees the location state the track's fixes lead to then, and the clock reads that moment.",
            signed: true, inPreview: true, scenario: "moment",
            relations: [
                .needs(["track"], "is a moment of --track FILE.gpx; give the track"),
                .excludes(["time"], "sets the clock flows see to that moment: leave out --time"),
            ]),
        .flag(
            "offline", .init({ $0.offline }, { $0.offline = $1 }), help: "The device has no network: flows say what works from the cache (ctx.connectivity).",
            inPreview: true,
            scenario: "offline"),
        .input(
            "center", .center, .init({ $0.view.center }, { $0.view.center = $1 }), valueName: "lat,lon",
            help: "Map center as LAT,LON, e.g. 37.80,-122.46 (default: the park's center).",
            signed: true, inPreview: true, scenario: "center"),
        .input(
            "zoom", .zoom, .init({ $0.view.zoom }, { $0.view.zoom = $1 }), valueName: nil, help: "Map zoom, 0-30 (default: the park's zoom).", signed: true,
            inPreview: true,
            scenario: "zoom"),
        .input(
            "bbox", .bbox, .init({ $0.view.bbox }, { $0.view.bbox = $1 }), valueName: "w,s,e,n",
            help: "Show this box instead of a center and zoom, e.g. -122.52,37.74,-122.40,37.82 (west first). "
                + "Across the antimeridian: east past 180, e.g. 170,-10,190,10, or west > east when under 180° wide, e.g. 170,-10,-170,10.",
            signed: true, inPreview: true, scenario: "bbox", relations: [.excludes(["center", "zoom"], { MapView.eitherBoxOrCenter(mention: $0) })]),
        .input(
            "size", .size, .init({ $0.size }, { $0.size = $1 }), valueName: "WxH",
            help: "Screen size in whole points, for the map and AR views (default: the park's map.size or ar.size, 390x844).",
            signed: true, inPreview: true, scenario: "size"),
        .input(
            "heading", .heading, .init({ $0.ar.heading }, { $0.ar.heading = $1 }), valueName: nil,
            help: "Compass heading the camera looks, degrees clockwise from north, at least 0 and less than 360.",
            signed: true, inPreview: true, scenario: "heading"),
        .input(
            "pitch", .pitch, .init({ $0.ar.pitch }, { $0.ar.pitch = $1 }), valueName: nil, help: "Camera tilt in degrees, up positive (-90 to 90; default 0).",
            signed: true, inPreview: true, scenario: "pitch"),
        .input(
            "fov", .fov, .init({ $0.ar.fov }, { $0.ar.fov = $1 }), valueName: nil,
            help: "Horizontal field of view in degrees (more than 0, less than 180; default the park's ar.fov).",
            signed: true, inPreview: true, scenario: "fov"),
    ]

    /// The input named `name` (without dashes).
    public static func named(_ name: String) -> RunInputField? { all.first { $0.name == name } }

    /// The input a scenario sets with `field`.
    public static func scenarioField(_ field: String) -> RunInputField? { all.first { $0.scenarioField == field } }
}
