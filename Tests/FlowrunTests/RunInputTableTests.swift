import ArgumentParser
import FlowKit
import Foundation
import LuaKit
import Testing
@testable import FlowAuthoring
@testable import FlowPreview
@testable import FlowrunCommands

/// A run's inputs are declared once (RunInputField.all): each with its type, read from text
/// (the command line's two parsers, the preview's query) and from Lua (scenarios) into the same
/// typed value with the same checks. Help, the preview's keys and scenarios' fields follow
/// from that table.
@Suite struct RunInputTableTests {
    /// `flowrun run --help` without wrapping.
    static let help = Flowrun.Run.helpMessage(columns: 10_000)

    /// Each input written as text and as a scenario's Lua value, the same value both ways.
    static let samples: [String: (text: String, lua: String)] = [
        "at": ("-33.9,18.4", "{-33.9, 18.4}"),
        "time": (fixedTime, "'\(fixedTime)'"),
        "track": ("walk.gpx", "'walk.gpx'"),
        "beacons": ("scan.csv", "'scan.csv'"),
        "at-time": ("100", "100"),
        "party": ("family.json", "'family.json'"),
        "as": ("ana", "'ana'"),
        "duty-cycle": ("10/60,near=100:10/20", "'10/60,near=100:10/20'"),
        "accuracy": ("25.5", "25.5"),
        "location": ("searching-longer", "'searching-longer'"),
        "locale": ("pt-BR", "'pt-BR'"),
        "until": ("2019-07-31T14:10:00Z", "'2019-07-31T14:10:00Z'"),
        "offline": ("1", "true"),
        "center": ("37.80,-122.46", "{37.80, -122.46}"),
        "zoom": ("12.5", "12.5"),
        "bbox": ("170,-10,190,10", "{170, -10, 190, 10}"),
        "size": ("375x667", "{375, 667}"),
        "heading": ("-0", "0"),
        "pitch": ("-10", "-10"),
        "fov": ("1e1", "10"),
    ]

    @Test(arguments: RunInputField.all.map(\.name))
    func everyInputIsAnOptionOfRunWithTheTablesHelp(name: String) throws {
        let field = try #require(RunInputField.named(name))
        let line = try #require(
            Self.help.split(separator: "\n").first { $0.drop { $0 == " " }.hasPrefix(field.option + " ") },
            "no \(field.option) in run's help")
        #expect(line.contains(field.help), "\(field.option)'s help is not the table's")
        if let valueName = field.valueName { #expect(line.contains("\(field.option) <\(valueName)>")) }
        // The fast path reads it as ArgumentParser does: signed values too, flags without one.
        #expect(RunFastPath.inputs[field.option] != nil)
    }

    /// Text and Lua read into the same typed value, by the input's own type.
    @Test(arguments: RunInputField.all.map(\.name))
    func textAndLuaReadIntoTheSameValue(name: String) throws {
        let field = try #require(RunInputField.named(name))
        let sample = try #require(Self.samples[name], "no sample of \(name): add one")
        var fromText = RunInputs(flow: "home")
        try field.read(text: sample.text, into: &fromText)
        var fromLua = RunInputs(flow: "home")
        try field.read(lua: try Self.lua(sample.lua), files: .asWritten, into: &fromLua)
        #expect(field.isGiven(in: fromText))
        #expect(fromLua == fromText)
        // A string in a scenario is read as text (a flag is true or false only).
        if !field.isFlag {
            var fromString = RunInputs(flow: "home")
            try field.read(lua: .string(sample.text), files: .asWritten, into: &fromString)
            #expect(fromString == fromText)
        }
    }

    @Test func everyInputHasASample() {
        #expect(Set(Self.samples.keys) == Set(RunInputField.all.map(\.name)))
    }

    /// The same inputs written four ways arrive as the same typed RunInputs.
    @Test func theCommandLineThePreviewAndScenariosGiveTheSameInputs() throws {
        let words = [
            "--park", "GOGA", "map", "--at", "-33.9,18.4", "--accuracy", "25", "--zoom", "12", "--size", "390x844",
            "--heading", "-0", "--offline", "--time", "2026-07-04T09:30:00-07:00",
        ]
        let fast = try #require(RunFastPath.parse(words)).inputs
        let parsed = try #require(try Flowrun.parseAsRoot(words) as? Flowrun.Run).request.inputs
        #expect(fast == parsed)
        let typed = try parsed.inputs()
        #expect(typed.at?.latitude == -33.9)
        #expect(typed.size?.description == "390x844")
        #expect(typed.offline)

        let query = try PreviewQuery.inputs(
            flow: "map",
            pairs: [
                ("at", "-33.9,18.4"), ("accuracy", "25"), ("zoom", "12"), ("size", "390x844"), ("heading", "-0"), ("offline", "1"),
                ("time", "2026-07-04T09:30:00-07:00"),
            ])
        #expect(try query.inputs(name: { $0 }) == typed)

        let scenario = try Self.scenario(
            """
            flow = "map", at = {-33.9, 18.4}, accuracy = 25, zoom = 12, size = {390, 844}, heading = "-0",
            offline = true, time = "2026-07-04T09:30:00-07:00", expect = function() end
            """)
        #expect(scenario.problem == nil)
        #expect(scenario.inputs == typed)
    }

    @Test func thePreviewAndScenariosTakeTheTablesNames() {
        #expect(PreviewQuery.keys == RunInputField.all.filter(\.inPreview).map(\.name))
        for field in RunInputField.all {
            if let key = field.scenarioField { #expect(Scenario.fields.contains(key)) }
        }
        // `until` is a Lua keyword: scenarios say `moment`.
        #expect(RunInputField.scenarioField("moment")?.name == "until")
        #expect(Scenario.field("until") == "moment")
    }

    @Test func aScenariosDefaultTimeIsTheDocumentedOne() throws {
        #expect(try RunInputs.time("2026-07-04T09:30:00-07:00") == Scenario.defaultTime)
    }

    /// A bad value is refused with the same words on the command line and in a scenario, which
    /// names it by its field and line; the checks are the input's, not the road's.
    @Test(arguments: [
        ("zoom", "99", "99", "99 out of range [0, 30]"),
        ("heading", "360", "360", "360 out of range [0, 360)"),
        ("fov", "0", "0", "0 out of range (0, 180)"),
        ("at", "137.8,-122.4", "{137.8, -122.4}", "latitude 137.8 out of range [-90, 90]"),
        ("at", "-122.4,37.8", "{-122.4, 37.8}", "latitude -122.4 out of range [-90, 90] (expected LAT,LON; are the two swapped?)"),
        ("bbox", "-122.3,37.7,-122.6,37.9", "{-122.3, 37.7, -122.6, 37.9}", "west -122.3 is east of east -122.6; did you mean -122.6,37.7,-122.3,37.9?"),
        ("size", "0x844", "{0, 844}", "width 0 out of range [1, 10000]"),
        ("accuracy", "-3", "-3", "expected a number of metres ≥ 0 such as 8, got '-3'"),
        ("location", "lost", "'lost'", "unknown state 'lost' (known: searching, searching-longer, denied, unavailable, timed-out, idle)"),
        ("time", "yesterday", "'yesterday'", "expected an ISO 8601 time such as 2026-07-04T09:30:00-07:00, got 'yesterday'"),
    ])
    func aBadValueIsRefusedAlikeAndAScenarioNamesItsField(name: String, text: String, lua: String, message: String) throws {
        let field = try #require(RunInputField.named(name))
        let position = name == "accuracy" ? ["at": "37.8,-122.47"] : [:]
        var command = RunInputText(flow: "home")
        command.values = position.merging([name: text]) { $1 }
        #expect {
            try command.inputs()
        } throws: { error in
            guard case FlowError.badArgument(let option, let said) = error else { return false }
            return option == "--\(name)" && said.hasPrefix(message)
        }

        let at = position.isEmpty ? "" : "at = {37.8, -122.47}, "
        let scenario = try Self.scenario("flow = \"home\", \(at)\(field.scenarioField ?? name) = \(lua), expect = function() end")
        let problem = try #require(scenario.problem)
        #expect(problem.hasPrefix("parks/GOGA/tests/x.lua:3: \(field.scenarioField ?? name): \(message)"), "\(problem)")
    }

    /// What only a Lua value can get wrong is named with the field too.
    @Test(arguments: [
        ("at = {37.8, -122.4, 3}", "at: expected 2 numbers such as {37.8078, -122.4750}, got 3 values"),
        ("center = true", "center: expected 2 numbers such as {37.80, -122.46}, got boolean"),
        ("size = {390.5, 844}", "size: width 390.5 is not a whole number of points"),
        ("zoom = {12}", "zoom: expected a number, got table"),
        ("offline = 1", "offline: expected true or false, got number"),
        ("time = 12", "time: expected a string, got number"),
        ("track = '../walk.gpx'", "track: '../walk.gpx' must be a path inside parks/GOGA/tests/, relative to it (no '..', no leading '/')"),
        ("track = 'walk.xml'", "track: 'walk.xml' must end in .gpx"),
        ("moment = 0/0", "moment: is a moment of --track FILE.gpx; give the track"),
        ("track = 'walk.gpx', moment = 0/0", "moment: 'nan' is not a number of seconds"),
        ("zoom = 3, bbox = {-122.5, 37.7, -122.4, 37.8}", "bbox: give either bbox or center/zoom, not both"),
    ])
    func aBadLuaValueIsNamedByItsField(fields: String, message: String) throws {
        let scenario = try Self.scenario("flow = \"home\", \(fields), expect = function() end")
        #expect(scenario.problem == "parks/GOGA/tests/x.lua:3: \(message)")
    }

    /// A scenario's typed values run the same flow as the command line's text: the screen the
    /// command line prints is the scenario's golden, and it passes.
    @Test(arguments: [
        (
            ["map", "--at", "37.8078,-122.4750", "--accuracy", "25", "--center", "37.80,-122.46", "--zoom", "14", "--size", "375x667", "--offline"],
            "flow = \"map\", at = {37.8078, -122.4750}, accuracy = 25, center = {37.80, -122.46}, zoom = 14, size = {375, 667}, offline = true"
        ),
        (
            ["ar", "--at", "37.8106,-122.4771", "--heading", "270", "--pitch", "-10.5", "--fov", "60"],
            "flow = \"ar\", at = {37.8106, -122.4771}, heading = 270, pitch = -10.5, fov = 60"
        ),
    ])
    func aScenariosTypedValuesRunAsTheCommandLinesText(words: [String], fields: String) throws {
        let copy = try ProjectCopy.withoutScenarios(["GOGA"])
        let command = try flowrun(["--park", "GOGA"] + words + ["--time", fixedTime, "--format", "json"], in: copy.url)
        #expect(command.status == 0, "\(command.stderr)")
        try copy.write("parks/GOGA/tests/same.json", command.stdout)
        try copy.write("parks/GOGA/tests/same.lua", "scenario { \(fields), time = \"\(fixedTime)\", golden = \"same.json\" }\n")
        let test = try flowrun(["test"], in: copy.url)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
        #expect(test.stdout.hasPrefix("PASS parks/GOGA/tests/same.lua:1"), "\(test.stdout)")
    }

    /// `flowrun test` reports a bad typed value at its scenario's line and field, as a bad input.
    @Test func flowrunTestNamesABadTypedValueByItsField() throws {
        let copy = try ProjectCopy.withoutScenarios(["GOGA"])
        try copy.write(
            "parks/GOGA/tests/bad.lua",
            """
            scenario { flow = "sites", at = { -122.47, 37.8 }, expect = function() end }
            scenario { flow = "map", size = { 390.5, 844 }, expect = function() end }
            """)
        let result = try flowrun(["test"], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stdout == """
                ERROR parks/GOGA/tests/bad.lua:1 sites
                  parks/GOGA/tests/bad.lua:1: at: latitude -122.47 out of range [-90, 90] (expected LAT,LON; are the two swapped?)
                ERROR parks/GOGA/tests/bad.lua:2 map
                  parks/GOGA/tests/bad.lua:2: size: width 390.5 is not a whole number of points
                0 passed, 2 failed

                """)
    }

    /// A scenario `scenario{...}` with `fields`, read as `parks/GOGA/tests/x.lua:3`.
    static func scenario(_ fields: String) throws -> Scenario {
        guard case .table(let table) = try lua("{ \(fields) }") else { throw LuaTableExpected() }
        return Scenario(table, location: "parks/GOGA/tests/x.lua:3", folder: "parks/GOGA/tests", inPark: true)
    }

    /// The value of the Lua expression `expression`.
    static func lua(_ expression: String) throws -> LuaValue {
        try LuaState().run("return \(expression)", chunkName: "t.lua").first ?? .nil
    }

    struct LuaTableExpected: Error {}
}
