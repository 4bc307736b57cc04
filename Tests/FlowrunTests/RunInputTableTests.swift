import ArgumentParser
import FlowKit
import LuaKit
import Testing
@testable import FlowAuthoring
@testable import FlowPreview
@testable import flowrun

/// A run's inputs are declared once (RunInputField.all); the command line's two parsers, its
/// help, the preview's query and scenarios follow from that table.
@Suite struct RunInputTableTests {
    /// `flowrun run --help` without wrapping.
    static let help = Flowrun.Run.helpMessage(columns: 10_000)

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

    /// The same inputs written four ways arrive as the same RunInputs.
    @Test func theCommandLineThePreviewAndScenariosGiveTheSameInputs() throws {
        let words = [
            "--park", "GOGA", "map", "--at", "-33.9,18.4", "--accuracy", "25", "--zoom", "12", "--size", "390x844",
            "--heading", "-0", "--offline", "--time", "2026-07-04T09:30:00-07:00",
        ]
        let fast = try #require(RunFastPath.parse(words)).inputs
        let parsed = try #require(try Flowrun.parseAsRoot(words) as? Flowrun.Run).request.inputs
        #expect(fast == parsed)

        let query = try PreviewQuery.inputs(
            flow: "map",
            pairs: [
                ("at", "-33.9,18.4"), ("accuracy", "25"), ("zoom", "12"), ("size", "390x844"), ("heading", "-0"), ("offline", "1"),
                ("time", "2026-07-04T09:30:00-07:00"),
            ])
        #expect(query == parsed)

        let lua = try LuaState()
        guard
            case .table(let table)? = try lua.run(
                """
                return { flow = "map", at = {-33.9, 18.4}, accuracy = 25, zoom = 12, size = {390, 844}, heading = "-0",
                         offline = true, time = "2026-07-04T09:30:00-07:00", expect = function() end }
                """, chunkName: "t.lua"
            ).first
        else { Issue.record("no table"); return }
        let scenario = Scenario(table, location: "tests/t.lua:1", folder: "tests", inPark: true)
        #expect(scenario.problem == nil)
        #expect(scenario.inputs == parsed)
    }

    @Test func thePreviewAndScenariosTakeTheTablesNames() {
        #expect(PreviewQuery.keys == RunInputField.all.filter(\.inPreview).map(\.name))
        for field in RunInputField.all {
            if let key = field.scenario?.field { #expect(Scenario.fields.contains(key)) }
        }
        // `until` is a Lua keyword: scenarios say `moment`.
        #expect(RunInputField.scenarioField("moment")?.name == "until")
    }
}
