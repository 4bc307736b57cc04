public import GeoKit

/// One input of a run, declared once: its name, the form of its value, its help, and where it
/// lands in ``RunInputs``. The command line (`--NAME`, on both of its parsers), the preview's
/// query (`NAME=`) and scenarios (`NAME = ...`) read this table, so an input is added by one
/// declaration here plus its use in ``RunInputs/request(name:trackFile:)``.
///
/// The command line's other options (`--root`, `--format`, `--follow`, the limits) are how
/// `flowrun` runs, not what the device or a recording gives the flow; they are not here.
public struct RunInputField: Sendable {
    /// Where the value lands.
    public enum Slot: Sendable {
        /// A text field of ``RunInputs``, parsed and checked by ``RunInputs/request(name:trackFile:)``.
        case text(WritableKeyPath<RunInputs, String?> & Sendable)
        /// A flag of ``RunInputs``: given or not.
        case flag(WritableKeyPath<RunInputs, Bool> & Sendable)
        /// A key of ``RunInputs/view``: the map and AR camera (``FlowRequest/viewKeys``).
        case view
    }

    /// How a scenario writes the value in Lua (a scenario passes it on as the command line
    /// would write it, for ``RunInputs`` to check).
    public enum ScenarioForm: Sendable {
        /// A string.
        case string
        /// A number, or a string.
        case number
        /// `true` or `false`.
        case flag
        /// A list of `count` numbers such as `example`, joined by `separator`, or a string.
        case numbers(count: Int, separator: String, example: String)
        /// A file beside the scenario, relative to its folder, ending in `suffix`.
        case file(suffix: String)
    }

    /// The name without dashes: `--at`, `?at=`, `at = ...`.
    public let name: String
    /// What the value is, for help (`lat,lon`); nil for a flag.
    public let valueName: String?
    /// One or two sentences for `--help` and the docs.
    public let help: String
    /// Whether the value may start with `-` (a southern latitude, a negative zoom), so the
    /// command line takes the next word whatever it is.
    public let signed: Bool
    /// Where the value lands.
    public let slot: Slot
    /// The preview's query takes it (a file the page cannot name, a party, does not).
    public let inPreview: Bool
    /// The field a scenario sets it with, and how (nil: scenarios do not set it).
    public let scenario: (field: String, form: ScenarioForm)?

    /// The name as the command line writes it: `--at`.
    public var option: String { "--" + name }

    /// Whether it is a flag: given or not, no value.
    public var isFlag: Bool { if case .flag = slot { true } else { false } }
}

extension RunInputField {
    /// Every input, in the order help lists them.
    public static let all: [RunInputField] = [
        RunInputField(
            name: "at", valueName: "lat,lon", help: "The visitor's position as LAT,LON, e.g. 37.8078,-122.4750 (may start with '-').",
            signed: true, slot: .text(\.at), inPreview: true,
            scenario: ("at", .numbers(count: 2, separator: ",", example: "{37.8078, -122.4750}"))),
        RunInputField(
            name: "time", valueName: nil, help: "The clock flows see, ISO 8601 such as 2026-07-04T09:30:00-07:00 (default: now).",
            signed: false, slot: .text(\.time), inPreview: true, scenario: ("time", .string)),
        RunInputField(
            name: "track", valueName: "file.gpx", help: "A GPX track to replay (flows see it as ctx.track), e.g. for the geofence flow.",
            signed: false, slot: .text(\.track), inPreview: true, scenario: ("track", .file(suffix: ".gpx"))),
        RunInputField(
            name: "beacons", valueName: "file.csv",
            help: "A Bluetooth scan log to replay against the park's exhibits (flows see it as ctx.beacons), e.g. for the exhibits flow.",
            signed: false, slot: .text(\.beacons), inPreview: false, scenario: nil),
        RunInputField(
            name: "at-time", valueName: "time",
            help: "Replay the scan log of --beacons up to this moment: seconds from its first reading (as --until counts from a track's start), or ISO 8601.",
            signed: true, slot: .text(\.atTime), inPreview: false, scenario: nil),
        RunInputField(
            name: "party", valueName: "file.json",
            help: "A party file to replay (JSON, schema/party.schema.json): members, roles, tracks, safe zones; flows see it through the party module.",
            signed: false, slot: .text(\.party), inPreview: false, scenario: ("party", .file(suffix: ".json"))),
        RunInputField(
            name: "as", valueName: "member-id",
            help: "Run as this member of the --party (default: its first guardian); the member's role limits what the flow may see, change or trigger.",
            signed: false, slot: .text(\.member), inPreview: false, scenario: ("as", .string)),
        RunInputField(
            name: "duty-cycle", valueName: "policy",
            help: "Sample the tracks of --party FILE as phones under this GPS duty cycle would, and mark each alert against the full tracks "
                + "(on time, late, missed): 'default', 'always', ON/PERIOD in seconds ('10/60'), then options near=METRES:ON/PERIOD "
                + "(faster near a safe zone's edge), hold=SECONDS (on after crossing an edge) and fix=SECONDS (first-fix delay), "
                + "e.g. '10/60,near=100:10/20,hold=30'; default is \(DutyCyclePolicy.standard).",
            signed: false, slot: .text(\.dutyCycle), inPreview: false, scenario: nil),
        RunInputField(
            name: "accuracy", valueName: "metres",
            help: "Horizontal accuracy of --at, or of every fix of --track, in metres (default 10: GPS under open sky). "
                + "A fix worse than the park's location.accuracy (default 100) is not found.",
            signed: true, slot: .text(\.accuracy), inPreview: true, scenario: ("accuracy", .number)),
        RunInputField(
            name: "location", valueName: "state",
            help: "The location state when no position is given: searching (the default), searching-longer, denied (location not allowed), "
                + "unavailable (location services off), timed-out (no good fix in time) or idle (not asking).",
            signed: false, slot: .text(\.location), inPreview: true, scenario: ("location", .string)),
        // `until` is a Lua keyword: scenarios say `moment`.
        RunInputField(
            name: "until", valueName: "time",
            help: "Run the flow at this moment of the --track file, in seconds from the track's first fix (600) or an ISO 8601 time "
                + "(2019-07-31T14:10:00Z). The flow sees the location state the track's fixes lead to then, and the clock reads that moment.",
            signed: true, slot: .text(\.until), inPreview: true, scenario: ("moment", .number)),
        RunInputField(
            name: "offline", valueName: nil, help: "The device has no network: flows say what works from the cache (ctx.connectivity).",
            signed: false, slot: .flag(\.offline), inPreview: true, scenario: ("offline", .flag)),
        RunInputField(
            name: "center", valueName: "lat,lon", help: "Map center as LAT,LON, e.g. 37.80,-122.46 (default: the park's center).",
            signed: true, slot: .view, inPreview: true,
            scenario: ("center", .numbers(count: 2, separator: ",", example: "{37.80, -122.46}"))),
        RunInputField(
            name: "zoom", valueName: nil, help: "Map zoom, 0-30 (default: the park's zoom).",
            signed: true, slot: .view, inPreview: true, scenario: ("zoom", .number)),
        RunInputField(
            name: "bbox", valueName: "w,s,e,n",
            help: "Show this box instead of a center and zoom, e.g. -122.52,37.74,-122.40,37.82 (west first). "
                + "Across the antimeridian: east past 180, e.g. 170,-10,190,10, or west > east when under 180° wide, e.g. 170,-10,-170,10.",
            signed: true, slot: .view, inPreview: true,
            scenario: ("bbox", .numbers(count: 4, separator: ",", example: "{-122.52, 37.74, -122.40, 37.82}"))),
        RunInputField(
            name: "size", valueName: "WxH",
            help: "Screen size in whole points, for the map and AR views (default: the park's map.size or ar.size, 390x844).",
            signed: true, slot: .view, inPreview: true,
            scenario: ("size", .numbers(count: 2, separator: "x", example: "{390, 844}"))),
        RunInputField(
            name: "heading", valueName: nil, help: "Compass heading the camera looks, degrees clockwise from north, at least 0 and less than 360.",
            signed: true, slot: .view, inPreview: true, scenario: ("heading", .number)),
        RunInputField(
            name: "pitch", valueName: nil, help: "Camera tilt in degrees, up positive (-90 to 90; default 0).",
            signed: true, slot: .view, inPreview: true, scenario: ("pitch", .number)),
        RunInputField(
            name: "fov", valueName: nil, help: "Horizontal field of view in degrees (more than 0, less than 180; default the park's ar.fov).",
            signed: true, slot: .view, inPreview: true, scenario: ("fov", .number)),
    ]

    /// The input named `name` (without dashes).
    public static func named(_ name: String) -> RunInputField? { all.first { $0.name == name } }

    /// The input a scenario sets with `field`.
    public static func scenarioField(_ field: String) -> RunInputField? { all.first { $0.scenario?.field == field } }
}

extension RunInputs {
    /// The text `field` holds here (for a flag, `"true"` when set, nil when not).
    public func value(of field: RunInputField) -> String? {
        switch field.slot {
        case .text(let path): return self[keyPath: path]
        case .flag(let path): return self[keyPath: path] ? "true" : nil
        case .view: return view[field.name]
        }
    }

    /// Sets `field` to `text` (a flag: to whether it is given; nil clears it).
    public mutating func set(_ field: RunInputField, _ text: String?) {
        switch field.slot {
        case .text(let path): self[keyPath: path] = text
        case .flag(let path): self[keyPath: path] = text != nil
        case .view: view[field.name] = text
        }
    }
}
