import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
import GeoKit
public import LuaKit
import ScreenModel

/// The type of a run input's value and its two readers: from text, as the command line and the
/// preview's query write it (`37.8,-122.47`, `12`), and from a Lua value, as a scenario writes
/// it (`{37.8, -122.47}`, `12`, `true`). Both end in the same checks (ranges, counts, known
/// names), declared once by the type, so `--zoom 99`, `?zoom=99` and `zoom = 99` are refused
/// with the same words; a scenario's string is read as text.
public struct RunInputType<Value: Sendable & Equatable>: Sendable {
    /// Reads the value from text, checked.
    public let text: @Sendable (String) throws(RunInputProblem) -> Value
    /// Reads the value from a scenario's Lua value, checked; a file is found with the files'
    /// rule (``RunInputFiles``).
    public let lua: @Sendable (LuaValue, RunInputFiles) throws(RunInputProblem) -> Value
    /// The suffix a file of this type ends in (`.gpx`); nil when the value is not a file.
    public let suffix: String?

    private init(
        text: @escaping @Sendable (String) throws(RunInputProblem) -> Value,
        lua: @escaping @Sendable (LuaValue, RunInputFiles) throws(RunInputProblem) -> Value,
        suffix: String? = nil
    ) {
        self.text = text
        self.lua = lua
        self.suffix = suffix
    }

    /// A type whose text and Lua forms are read into `Raw` (a number, say) that `check` makes
    /// the value of: the one place its checks are. (A GeoKit value checks itself: its parser
    /// and its checked initializer share the checks, so its readers give the value and `check`
    /// passes it on.) A Lua string is read as text.
    init<Raw>(
        text: @escaping @Sendable (String) throws(RunInputProblem) -> Raw,
        lua: @escaping @Sendable (LuaValue) throws(RunInputProblem) -> Raw,
        check: @escaping @Sendable (Raw) throws(RunInputProblem) -> Value
    ) {
        self.init(
            text: { (written: String) throws(RunInputProblem) -> Value in try check(text(written)) },
            lua: { (value: LuaValue, _: RunInputFiles) throws(RunInputProblem) -> Value in
                if case .string(let written) = value { return try check(text(written)) }
                return try check(lua(value))
            })
    }

    /// A type written as a Lua string only, read as text.
    init(string text: @escaping @Sendable (String) throws(RunInputProblem) -> Value) {
        self.init(
            text: text, lua: { (value: LuaValue) throws(RunInputProblem) -> Value in throw .expected("a string", got: value) },
            check: { $0 })
    }
}

/// What is wrong with a run input's value, without its name: each road in names it its own
/// way (`--zoom: ...`, `zoom: ...`, `parks/GOGA/tests/map.lua:3: zoom: ...`).
public struct RunInputProblem: Error, Sendable, Equatable {
    /// What is wrong: `99 out of range [0, 30]`.
    public var message: String

    /// A problem saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// `expected a number, got table`: a Lua value of the wrong type.
    static func expected(_ what: String, got value: LuaValue) -> RunInputProblem {
        RunInputProblem("expected \(what), got \(value.typeName)")
    }

    /// A GeoKit parser's or checker's error as a problem.
    static func geo<T>(_ read: () throws(GeoError) -> T) throws(RunInputProblem) -> T {
        do { return try read() } catch { throw RunInputProblem(error.message) }
    }
}

/// Where the files a scenario names are: its rule turns the path as written (relative to the
/// scenario's folder) and the suffix the input's type wants (`.gpx`) into the path a run reads,
/// or refuses it.
public struct RunInputFiles: Sendable {
    let resolve: @Sendable (String, String) throws(RunInputProblem) -> String

    /// Files found by `resolve(path, suffix)`.
    public init(_ resolve: @escaping @Sendable (_ path: String, _ suffix: String) throws(RunInputProblem) -> String) {
        self.resolve = resolve
    }

    /// Paths taken as written.
    public static let asWritten = RunInputFiles { path, _ in path }
}

/// A range a number input must lie in, and how its message writes it: `[0, 30]`, `[0, 360)`,
/// `(0, 180)`.
public enum NumberRange: Sendable {
    /// From `low` to `high`, both included.
    case closed(Double, Double)
    /// From `low`, included, up to `high`, not included.
    case halfOpen(Double, Double)
    /// Between `low` and `high`, neither included.
    case open(Double, Double)

    /// Refuses `value` outside the range: `400 out of range [0, 360)`.
    func check(_ value: Double) throws(RunInputProblem) {
        let (inside, low, high, open, close): (Bool, Double, Double, String, String) =
            switch self {
            case .closed(let low, let high): (value >= low && value <= high, low, high, "[", "]")
            case .halfOpen(let low, let high): (value >= low && value < high, low, high, "[", ")")
            case .open(let low, let high): (value > low && value < high, low, high, "(", ")")
            }
        guard inside else {
            throw RunInputProblem("\(NumberText.message(value)) out of range \(open)\(NumberText.message(low)), \(NumberText.message(high))\(close)")
        }
    }
}

/// A moment of a recording as written (`--until`, `--at-time`): seconds after its first entry
/// or a time. Where it falls in the recording is checked when the recording is read
/// (``seconds(name:of:_:from:to:)``).
public struct RunMoment: Sendable, Equatable {
    /// Seconds after the recording's first entry, or a time.
    public enum Value: Sendable, Equatable {
        case seconds(Double)
        case time(Date)
    }

    /// The moment.
    public var value: Value
    /// How messages quote it: as written (`600`, `2019-07-31T14:10:00Z`).
    public var written: String

    /// A moment; each parameter sets the property of the same name.
    public init(_ value: Value, written: String) {
        self.value = value
        self.written = written
    }

    /// The moment in seconds since 1970, which must lie between `first` and `last` (seconds
    /// since 1970, and their lines); else a message with the recording's span.
    /// - Parameters:
    ///   - name: how a message names the input (`--until`).
    ///   - what: the recording, for the message (`the track`).
    ///   - file: how a message names its file.
    ///   - first: the recording's first time and its line.
    ///   - last: the recording's last time and its line.
    /// - Throws: ``FlowError/badArgument(name:message:)``.
    public func seconds(
        name: String, of what: String, _ file: String, from first: (time: Double, line: Int), to last: (time: Double, line: Int)
    )
        throws(FlowError) -> Double
    {
        let moment =
            switch value {
            case .seconds(let seconds): first.time + seconds
            case .time(let date): date.timeIntervalSince1970
            }
        let span = "\(file) runs from \(Self.iso(first.time)) (line \(first.line)) to \(Self.iso(last.time)) (line \(last.line))"
        if moment < first.time { throw .badArgument(name: name, message: "\(Excerpt.quoted(written)) is before \(what): \(span)") }
        if moment > last.time { throw .badArgument(name: name, message: "\(Excerpt.quoted(written)) is after \(what): \(span)") }
        return moment
    }

    private static func iso(_ seconds: Double) -> String {
        LocalTime(Date(timeIntervalSince1970: seconds), zone: .utc).iso
    }
}

// MARK: - The types of RunInputField.all

extension RunInputType where Value == Coordinate {
    /// A position: `LAT,LON` (``Coordinate/parse(_:)``) or `{LAT, LON}` such as `example`;
    /// checked by ``Coordinate/checked(latitude:longitude:)``.
    static func coordinate(example: String) -> Self {
        Self(
            text: { (text: String) throws(RunInputProblem) -> Coordinate in try RunInputProblem.geo { () throws(GeoError) in try Coordinate.parse(text) } },
            lua: { (value: LuaValue) throws(RunInputProblem) -> Coordinate in
                let numbers = try numbers(value, count: 2, example: example)
                return try RunInputProblem.geo { () throws(GeoError) in try Coordinate.checked(latitude: numbers[0], longitude: numbers[1]) }
            },
            check: { $0 })
    }

    /// `--at`, and `flowrun parks --at`.
    static var at: Self { coordinate(example: "{37.8078, -122.4750}") }

    /// `--center`, and a go action's `center`.
    static var center: Self { coordinate(example: "{37.80, -122.46}") }
}

extension RunInputType where Value == BoundingBox {
    /// `--bbox` (`W,S,E,N`), and a go action's `bbox`; checked by
    /// ``BoundingBox/init(validatingWest:south:east:north:)``.
    static var bbox: Self {
        Self(
            text: { (text: String) throws(RunInputProblem) -> BoundingBox in try RunInputProblem.geo { () throws(GeoError) in try BoundingBox.parse(text) } },
            lua: { (value: LuaValue) throws(RunInputProblem) -> BoundingBox in
                let edges = try numbers(value, count: 4, example: "{-122.52, 37.74, -122.40, 37.82}")
                return try RunInputProblem.geo { () throws(GeoError) in
                    try BoundingBox(validatingWest: edges[0], south: edges[1], east: edges[2], north: edges[3])
                }
            },
            check: { $0 })
    }
}

extension RunInputType where Value == ScreenSize {
    /// `--size` (`WxH`), and a go action's `size`: whole points within ``ScreenSize/range``.
    static var size: Self {
        Self(
            text: { (text: String) throws(RunInputProblem) -> ScreenSize in try RunInputProblem.geo { () throws(GeoError) in try ScreenSize.parse(text) } },
            lua: { (value: LuaValue) throws(RunInputProblem) -> ScreenSize in
                let sides = try numbers(value, count: 2, example: "{390, 844}")
                return try RunInputProblem.geo { () throws(GeoError) in try ScreenSize(validatingWidth: sides[0], height: sides[1]) }
            },
            check: { $0 })
    }
}

extension RunInputType where Value == Double {
    /// A decimal number (text as ``NumberText/decimal(_:)`` reads it) within `range`.
    static func number(example: String, _ range: NumberRange) -> Self {
        Self(
            text: { (text: String) throws(RunInputProblem) -> Double in
                guard let value = NumberText.decimal(text), value.isFinite else {
                    throw RunInputProblem("expected a number such as \(example), got \(Excerpt.quoted(text))")
                }
                return value
            },
            lua: { (value: LuaValue) throws(RunInputProblem) -> Double in
                guard let number = value.doubleValue else { throw .expected("a number", got: value) }
                return number
            },
            check: { (value: Double) throws(RunInputProblem) -> Double in
                try range.check(value)
                return value
            })
    }

    /// `--zoom`, and a go action's `zoom`: ``MapView/zoomRange``.
    static var zoom: Self { number(example: "12", .closed(MapView.zoomRange.lowerBound, MapView.zoomRange.upperBound)) }
    /// `--heading`: compass degrees, at least 0 and less than 360.
    static var heading: Self { number(example: "90", .halfOpen(0, 360)) }
    /// `--pitch`: degrees up, -90 to 90.
    static var pitch: Self { number(example: "-10", .closed(-90, 90)) }
    /// `--fov`: degrees, more than 0 and less than 180.
    static var fov: Self { number(example: "60", .open(0, 180)) }

    /// `--accuracy`: metres, finite and at least 0; messages quote the value as written.
    static var metres: Self {
        let problem: @Sendable (String) -> RunInputProblem = { written in
            RunInputProblem("expected a number of metres ≥ 0 such as 8, got \(Excerpt.quoted(written))")
        }
        return Self(
            text: { (text: String) throws(RunInputProblem) -> (Double, String) in
                guard let metres = Double(text) else { throw problem(text) }
                return (metres, text)
            },
            lua: { (value: LuaValue) throws(RunInputProblem) -> (Double, String) in
                guard let metres = value.doubleValue else { throw .expected("a number", got: value) }
                return (metres, NumberText.message(metres))
            },
            check: { (metres: Double, written: String) throws(RunInputProblem) -> Double in
                guard metres.isFinite, metres >= 0 else { throw problem(written) }
                return metres
            })
    }
}

extension RunInputType where Value == Date {
    /// `--time`: ISO 8601 with its offset, fractions of a second allowed.
    static var time: Self {
        Self(string: { (text: String) throws(RunInputProblem) -> Date in
            if let seconds = ISO8601Time.parse(zoned: text) { return Date(timeIntervalSince1970: seconds) }
            throw RunInputProblem("expected an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got \(Excerpt.quoted(text))")
        })
    }
}

extension RunInputType where Value == RunMoment {
    /// A moment of a recording: seconds after its first entry (counted from `counting`, for the
    /// message) or an ISO 8601 time such as `example`.
    static func moment(counting: String, example: String) -> Self {
        Self(
            text: { (text: String) throws(RunInputProblem) -> RunMoment in
                if let seconds = Double(text) { return RunMoment(.seconds(seconds), written: text) }
                guard let date = try? RunInputType<Date>.time.text(text) else {
                    throw RunInputProblem("expected seconds from \(counting) or an ISO 8601 time such as \(example), got \(Excerpt.quoted(text))")
                }
                return RunMoment(.time(date), written: text)
            },
            lua: { (value: LuaValue) throws(RunInputProblem) -> RunMoment in
                guard let seconds = value.doubleValue else { throw .expected("a number", got: value) }
                return RunMoment(.seconds(seconds), written: NumberText.message(seconds))
            },
            check: { (moment: RunMoment) throws(RunInputProblem) -> RunMoment in
                if case .seconds(let seconds) = moment.value, !seconds.isFinite {
                    throw RunInputProblem("\(Excerpt.quoted(moment.written)) is not a number of seconds")
                }
                return moment
            })
    }
}

extension RunInputType where Value == LocationState {
    /// `--location`: a state by its name in ``RunInputs/locationNames``; its times are the
    /// clock's (see ``FlowRequest/location``).
    static var location: Self {
        Self(string: { (name: String) throws(RunInputProblem) -> LocationState in
            guard let entry = RunInputs.locationNames.first(where: { $0.key == name }) else {
                let names = RunInputs.locationNames.map(\.key)
                let hint = Excerpt.suggestion(for: name.replacing("_", with: "-"), in: names).map { "; did you mean '\($0)'?" } ?? ""
                throw RunInputProblem("unknown state \(Excerpt.quoted(name))\(hint) (known: \(names.joined(separator: ", ")))")
            }
            if let problem = entry.value { return .error(problem, since: -.infinity) }
            switch entry.key {
            case "idle": return .idle
            case "searching-longer": return .searchingLonger(since: -.infinity)
            default: return .searching(since: -.infinity)
            }
        })
    }
}

extension RunInputType where Value == DutyCyclePolicy {
    /// `--duty-cycle`: GeoKit's ``DutyCyclePolicy/init(parsing:)``.
    static var dutyCycle: Self {
        Self(string: { (text: String) throws(RunInputProblem) -> DutyCyclePolicy in
            try RunInputProblem.geo { () throws(GeoError) in try DutyCyclePolicy(parsing: text) }
        })
    }
}

extension RunInputType where Value == String {
    /// Text as written (`--as ana`).
    static var string: Self { Self(string: { $0 }) }

    /// A language code, `es` or `pt-BR` (ISO 639 and an optional region): which of the park's
    /// languages it names is the runtime's to check.
    static var locale: Self {
        Self(string: { (text: String) throws(RunInputProblem) -> String in
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            let language = parts.first ?? ""
            let valid =
                (2...3).contains(language.count) && language.allSatisfy { $0.isASCII && $0.isLowercase }
                && (parts.count == 1 || (parts.count == 2 && parts[1].count == 2 && parts[1].allSatisfy { $0.isASCII && $0.isUppercase }))
            guard valid else { throw RunInputProblem("expected a language code such as es or pt-BR, got \(Excerpt.quoted(text))") }
            return text
        })
    }

    /// A file ending in `suffix`: on the command line and in the preview, the path as given; in
    /// a scenario, found by the scenario's rule (``RunInputFiles``), which checks the suffix.
    static func file(suffix: String) -> Self {
        Self(
            text: { $0 },
            lua: { (value: LuaValue, files: RunInputFiles) throws(RunInputProblem) -> String in
                guard case .string(let path) = value else { throw .expected("a string", got: value) }
                return try files.resolve(path, suffix)
            },
            suffix: suffix)
    }
}

extension RunInputType where Value == Bool {
    /// A flag: given on the command line, `1`/`true` or `0`/`false` in a query, `true` or
    /// `false` in a scenario.
    static var flag: Self {
        Self(
            text: { (text: String) throws(RunInputProblem) -> Bool in
                switch text {
                case "1", "true": return true
                case "0", "false", "": return false
                default: throw RunInputProblem("expected 1 or 0, got '\(text)'")
                }
            },
            lua: { (value: LuaValue, _: RunInputFiles) throws(RunInputProblem) -> Bool in
                guard case .boolean(let flag) = value else { throw .expected("true or false", got: value) }
                return flag
            })
    }
}

/// `count` numbers in a list such as `example` (`{37.8, -122.4}`).
private func numbers(_ value: LuaValue, count: Int, example: String) throws(RunInputProblem) -> [Double] {
    guard case .table(let list) = value else { throw .expected("\(count) numbers such as \(example)", got: value) }
    let numbers = list.sequence.compactMap(\.doubleValue)
    guard list.isSequence, list.count == count, numbers.count == count else {
        throw RunInputProblem("expected \(count) numbers such as \(example), got \(list.count) value\(list.count == 1 ? "" : "s")")
    }
    return numbers
}
