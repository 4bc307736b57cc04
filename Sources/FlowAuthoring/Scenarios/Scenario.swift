import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats
import GeoKit
import LuaKit
import ScreenModel

/// One `scenario{...}` of a scenario file: a flow, its inputs, and what must hold (a golden
/// screen file, a check, or both). Read by ``ScenarioFile``, run by ``ScenarioSuite``.
struct Scenario {
    /// `parks/GOGA/tests/home.lua:3`: the file and the line of its `scenario{`.
    var location: String
    /// What the author calls it (default: the flow's name).
    var name: String
    /// The park a scenario in the root's `tests/` is limited to; nil for every park (and
    /// always nil in a park's own `tests/`).
    var park: String?
    /// The run, its inputs read from their fields as typed values; `track` (and every file)
    /// relative to the project root.
    var inputs: RunInputs
    /// Whether the flow runs as an act run, as an `act` action (`act = true`, `--act`).
    var act = false
    /// Action ids followed in order from the screen, as `--follow` does: a `go` opens its
    /// screen, an `act` is performed (`follow = {3, "favorite"}`).
    var follow: [String] = []
    /// What is typed into the form the last follow sends, by field name, as `--field` gives
    /// it (`fields = {title = "Lookout"}`).
    var fields: [String: String] = [:]
    /// The golden screen file relative to the project root, `{park}` still in it.
    var golden: String?
    /// `expect = function(screen) ... end`.
    var check: LuaFunctionRef?
    /// What is wrong with the scenario as written: it is reported, not run.
    var problem: String?

    /// The fields a scenario may have; anything else is a mistake (with a did-you-mean).
    /// The run's inputs come from ``RunInputField/all`` (those scenarios set), in its order.
    static let fields =
        ["name", "flow", "park", "args"] + RunInputField.all.compactMap(\.scenarioField)
        + ["act", "follow", "fields", "golden", "expect"]

    /// The time a scenario runs at unless it gives one: goldens must not depend on the day
    /// they were written (2026-07-04T09:30:00-07:00, 09:30 in San Francisco).
    static let defaultTime = Date(timeIntervalSince1970: 1_783_182_600)

    /// Reads a scenario's table.
    /// - Parameters:
    ///   - table: the fields, as `scenario{...}` passed them.
    ///   - location: `file:line` of the call.
    ///   - folder: the scenario file's folder relative to the root (`parks/GOGA/tests`);
    ///     `golden` and `track` are relative to it.
    ///   - inPark: whether the file is in a park's own `tests/` (no `park` field there).
    init(_ table: LuaTable, location: String, folder: String, inPark: Bool) {
        self.location = location
        name = table["name"].stringValue ?? table["flow"].stringValue ?? "scenario"
        inputs = RunInputs(flow: "")
        do {
            try read(table, folder: folder, inPark: inPark)
        } catch {
            problem = "\(location): \(error.message)"
        }
    }

    private mutating func read(_ table: LuaTable, folder: String, inPark: Bool) throws(FieldError) {
        if table.entries.keys.contains(where: { $0.stringValue == nil }) {
            throw FieldError("fields have names (flow = \"home\"); found a value without one")
        }
        for name in table.sortedStringKeys where !Self.fields.contains(name) {
            let hint = Excerpt.suggestion(for: name, in: Self.fields).map { "; did you mean '\($0)'?" } ?? "; fields: \(Self.fields.joined(separator: ", "))"
            throw FieldError("unknown field \(Excerpt.quoted(name))\(hint)")
        }
        name = try Self.string(table, "name") ?? name
        guard let flow = try Self.string(table, "flow") else { throw FieldError("flow: missing: every scenario names the flow it runs (flow = \"home\")") }
        inputs.flow = flow
        park = try Self.string(table, "park")
        if park != nil, inPark { throw FieldError("park: a park's own scenarios run for that park; only scenarios in tests/ name one") }
        inputs.args = try Self.args(table["args"], named: "args")
        try readInputs(table, folder: folder)
        // A moment of the track sets the clock itself, as --until does.
        if inputs.time == nil, inputs.until == nil { inputs.time = Self.defaultTime }
        act = try Self.flag(table, "act")
        follow = try Self.ids(table["follow"])
        fields = try Self.args(table["fields"], named: "fields")
        if !fields.isEmpty && follow.isEmpty { throw FieldError("fields: what is typed goes into the form a follow sends; give follow = ID") }
        if let golden = try Self.string(table, "golden") {
            do {
                self.golden = try Self.path(golden, in: folder, suffix: ".json")
            } catch {
                throw FieldError("golden: \(error.message)")
            }
            if !inPark, park == nil, !golden.contains("{park}") {
                throw FieldError(
                    "golden: \(Excerpt.quoted(golden)) would be shared by every park; put {park} in its name (home-{park}.json) or give park = \"CODE\"")
            }
        }
        switch table["expect"] {
        case .nil: break
        case .function(let function): check = function
        case let other: throw FieldError("expect: expected a function(screen), got \(other.typeName)")
        }
    }

    /// What a scenario with neither a golden nor a check is told, after it runs: its run's own
    /// mistakes (a flow no park has, an input the flow refuses) are reported first.
    var nothingToCheck: String? {
        guard golden == nil, check == nil else { return nil }
        return "\(location): nothing to check: give golden = \"name.json\", expect = function(screen) ... end, or both"
    }

    /// The run's inputs (``RunInputField/all``) from their fields: each Lua value read with its
    /// input's type and checks, and checked against the other inputs given, as the command
    /// line's text is; a file is relative to the scenario's folder.
    private mutating func readInputs(_ table: LuaTable, folder: String) throws(FieldError) {
        let given = Set(RunInputField.all.filter { $0.scenarioField.map { table[$0] != .nil } ?? false }.map(\.name))
        let files = RunInputFiles { (path, suffix) throws(RunInputProblem) in try Self.path(path, in: folder, suffix: suffix) }
        do {
            try inputs.read(given: given, mention: Self.field) { (input, inputs) throws(RunInputProblem) in
                try input.read(lua: table[Self.field(input.name)], files: files, into: &inputs)
            }
        } catch {
            throw FieldError("\(Self.field(error.key)): \(error.message)")
        }
    }

    /// The field a scenario gives the input named `name` in (`until` is `moment`: a Lua keyword).
    static func field(_ name: String) -> String { RunInputField.named(name)?.scenarioField ?? name }

    // MARK: - Fields

    struct FieldError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    private static func flag(_ table: LuaTable, _ key: String) throws(FieldError) -> Bool {
        switch table[key] {
        case .nil: return false
        case .boolean(let flag): return flag
        case let other: throw FieldError("\(key): expected true or false, got \(other.typeName)")
        }
    }

    private static func string(_ table: LuaTable, _ key: String) throws(FieldError) -> String? {
        switch table[key] {
        case .nil: return nil
        case .string(let text): return text
        case let other: throw FieldError("\(key): expected a string, got \(other.typeName)")
        }
    }

    /// `follow = {3, "favorite"}` (or one id, `follow = 3`): action ids as `--follow` takes them.
    private static func ids(_ value: LuaValue) throws(FieldError) -> [String] {
        func id(_ value: LuaValue, _ place: String) throws(FieldError) -> String {
            switch value {
            case .string(let text) where !text.isEmpty: return text
            case .integer(let n) where n > 0: return String(n)
            case .number(let d) where d > 0 && d == d.rounded() && d < 1e15: return String(Int64(d))
            case let other:
                let got = other.doubleValue.map(NumberText.message) ?? (other.typeName == "string" ? "an empty string" : other.typeName)
                throw FieldError("\(place): expected an action id such as 3 or \"favorite\", got \(got)")
            }
        }
        switch value {
        case .nil: return []
        case .table(let list):
            guard list.isSequence, !list.sequence.isEmpty else { throw FieldError("follow: expected action ids in order, such as {3, 1}") }
            var ids: [String] = []
            for (i, item) in list.sequence.enumerated() { ids.append(try id(item, "follow[\(i + 1)]")) }
            return ids
        default: return [try id(value, "follow")]
        }
    }

    /// `args = {category = "viewpoint", limit = 5}` (as `--arg` gives them) or
    /// `fields = {title = "Lookout", near = true}` (as `--field` does): text values by name.
    private static func args(_ value: LuaValue, named field: String) throws(FieldError) -> [String: String] {
        guard case .table(let table) = value else {
            if value == .nil { return [:] }
            throw FieldError("\(field): expected a table such as {category = \"viewpoint\"}, got \(value.typeName)")
        }
        var args: [String: String] = [:]
        for (key, value) in table.entries {
            guard case .string(let name) = key else { throw FieldError("\(field): keys are names, got \(key.typeName)") }
            guard field != "args" || !FlowRequest.viewKeys.contains(name) else {
                throw FieldError("args.\(name): the view is a field of the scenario's own: \(name) = ...")
            }
            switch value {
            case .string(let text): args[name] = text
            case .boolean(let flag): args[name] = flag ? "true" : "false"
            case let other:
                guard let number = other.doubleValue else { throw FieldError("\(field).\(name): expected a string or number, got \(other.typeName)") }
                args[name] = NumberText.message(number)
            }
        }
        return args
    }

    /// A file beside the scenario: a relative path that stays in its folder, so a scenario
    /// (content, like a flow) can read or, with `--update`, write nothing else; it ends in
    /// `suffix` (the input's, ``RunInputField/suffix``, or a golden's `.json`).
    private static func path(_ text: String, in folder: String, suffix: String) throws(RunInputProblem) -> String {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !text.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }), !text.contains("\\") else {
            throw RunInputProblem("\(Excerpt.quoted(text)) must be a path inside \(folder)/, relative to it (no '..', no leading '/')")
        }
        guard text.hasSuffix(suffix) else { throw RunInputProblem("\(Excerpt.quoted(text)) must end in \(suffix)") }
        return folder + "/" + text
    }
}
