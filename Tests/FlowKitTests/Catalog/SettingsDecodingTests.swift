import LuaKit
import Testing
@testable import FlowKit

/// How park.lua's mistakes read, beyond one wrong field (ParkConfigTests): every unknown
/// setting at once, outer tables first, before the first wrong value; paths into lists and
/// maps; lists with holes; keys that are not names. The messages are the ones authors
/// already know, so they are pinned here whatever decodes the settings.
@Suite struct SettingsDecodingTests {
    func load(_ settings: String) throws -> ParkSettings {
        let p = try TestProject(files: ["parks/GOGA/park.lua": "return { name = 'X', center = { lat = 1, lon = 2 }, \(settings) }"])
        return try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()).settings
    }

    /// The lines of the error loading a park.lua with `settings` besides its name and center.
    func problems(_ settings: String) throws -> [String] {
        let p = try TestProject(files: ["parks/GOGA/park.lua": "return { name = 'X', center = { lat = 1, lon = 2 }, \(settings) }"])
        let error = flowError { try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()) }
        return error?.description.split(separator: "\n").map(String.init) ?? []
    }

    /// Unknown settings come in the order of the tables that hold them, outer first, and
    /// within a table in the order of their quoted names (`'a b'` before `'a'`).
    @Test func everyUnknownSettingAtOnceOuterTablesFirst() throws {
        let lines = try problems(
            "zz = 1, ['a b'] = 2, a = 3, theme = { primry = '#000000' }, geofence = { radus = 5, callouts = { entr = 'x' } }, "
                + "sites = { categories = { bench = { nme = 'Seat' } } }")
        #expect(
            lines
                == [
                    "parks/GOGA/park.lua:1: a b: unknown setting", "parks/GOGA/park.lua:1: a: unknown setting; did you mean 'ar'?",
                    "parks/GOGA/park.lua:1: zz: unknown setting",
                    "parks/GOGA/park.lua:1: theme.primry: unknown setting; did you mean 'primary'?",
                    "parks/GOGA/park.lua:1: sites.categories.bench.nme: unknown setting; did you mean 'name'?",
                    "parks/GOGA/park.lua:1: geofence.radus: unknown setting; did you mean 'radius'?",
                    "parks/GOGA/park.lua:1: geofence.callouts.entr: unknown setting; did you mean 'enter'?",
                ])
    }

    /// Decoding stops at the first wrong value: the unknown settings met before it are
    /// reported, with the unknown settings of every table it had opened.
    @Test func unknownSettingsBeforeTheFirstWrongValue() throws {
        let stopped = try problems("a = 1, zoom = 'far', theme = { primry = '#000000' }")
        #expect(
            stopped
                == ["parks/GOGA/park.lua:1: a: unknown setting; did you mean 'ar'?", "parks/GOGA/park.lua:1: zoom: expected number, got string 'far'"])
        let nested = try problems("geofence = { cap = 'x', radus = 5 }")
        #expect(
            nested
                == [
                    "parks/GOGA/park.lua:1: geofence.radus: unknown setting; did you mean 'radius'?",
                    "parks/GOGA/park.lua:1: geofence.cap: expected integer, got string 'x'",
                ])
    }

    @Test(arguments: [
        ("theme = 'red'", "parks/GOGA/park.lua:1: theme: expected table, got string"),
        ("theme = { 'red' }", "parks/GOGA/park.lua:1: theme: expected a table with named fields, got a list"),
        ("flows = { true }", "parks/GOGA/park.lua:1: flows: expected a table with named fields, got a list"),
        ("flows = { home = true, [2] = false }", "parks/GOGA/park.lua:1: flows: settings are named fields; found key 2"),
        ("sites = { names = { ['5'] = 3 } }", "parks/GOGA/park.lua:1: sites.names[5]: expected string, got number 3"),
        ("sites = { names = { ['05'] = 3 } }", "parks/GOGA/park.lua:1: sites.names.05: expected string, got number 3"),
        ("home = { sections = 'welcome' }", "parks/GOGA/park.lua:1: home.sections: expected list, got string"),
        ("home = { sections = { 'a', x = 'b' } }", "parks/GOGA/park.lua:1: home.sections: expected a list (keys 1...n), found key 'x'"),
        (
            "home = { sections = { 'a', nil, 5 } }",
            "parks/GOGA/park.lua:1: home.sections[2]: is nil; a list ends at its first nil, so flows would never see the 1 item after it: "
                + "remove it, or check the name written there (a name nothing defines is nil)"
        ),
        ("home = { links = { { label = 'a', flow = 'b', args = { x = 1 } } } }", "parks/GOGA/park.lua:1: home.links[1].args.x: expected string, got number 1"),
        ("home = { links = { { label = 'a' } } }", "parks/GOGA/park.lua:1: home.links[1].flow: missing (required)"),
        (
            "budgets = { instructions = 1.5 }",
            "parks/GOGA/park.lua:1: budgets.instructions: expected integer in -9223372036854775808...9223372036854775807, got number 1.5"
        ),
        ("budgets = { memory_mb = '64' }", "parks/GOGA/park.lua:1: budgets.memory_mb: expected integer, got string '64'"),
        ("sites = { title_case = 1 }", "parks/GOGA/park.lua:1: sites.title_case: expected boolean, got number"),
        ("sites = { categories = { bench = { hidden = 'yes' } } }", "parks/GOGA/park.lua:1: sites.categories.bench.hidden: expected boolean, got string"),
        ("address = 5", "parks/GOGA/park.lua:1: address: expected a string or a list of lines (strings)"),
        ("address = { 'a', 5 }", "parks/GOGA/park.lua:1: address: expected a string or a list of lines (strings)"),
        ("map = { size = 5 }", "parks/GOGA/park.lua:1: map.size: expected string, got number 5"),
        (
            "onboarding = { pages = { { title = 't', body = 'b', background = { 'x' } } } }",
            "parks/GOGA/park.lua:1: onboarding.pages[1].background[1]: expected table, got string"
        ),
    ])
    func wrongValuesNameTheirPlace(settings: String, message: String) throws {
        #expect(try problems(settings) == [message])
    }

    /// A table of named fields with a key that is no name: the unknown names, then the key.
    @Test func aKeyThatIsNoNameEndsDecoding() throws {
        let lines = try problems("theme = { primry = '#000000', [3] = 'x' }, flows = { home = 'yes' }")
        #expect(
            lines
                == [
                    "parks/GOGA/park.lua:1: theme.primry: unknown setting; did you mean 'primary'?",
                    "parks/GOGA/park.lua:1: theme: settings are named fields; found key 3",
                ])
    }

    @Test func valuesReadAsLuaWritesThem() throws {
        let settings = try load(
            "home = { sections = { 'welcome', 'links' } }, budgets = { instructions = 1e3 }, address = 'One Way', zoom = 12")
        #expect(settings.home.sections == ["welcome", "links"])
        #expect(settings.budgets.instructions == 1000)
        #expect(settings.address?.lines == ["One Way"])
        #expect(settings.zoom == 12)
        #expect(settings.flows["home"] == true)
        #expect(settings.sites.categories["bench"]?.plural == "Benches")
    }

    /// A required setting nobody set is the park's; a wrong one in defaults.lua is defaults.lua's.
    @Test func theFileToBlame() throws {
        let p = try TestProject(files: [
            "parks/GOGA/park.lua": "return { name = 'X' }",
            "parks/defaults.lua": "return { colour = 'red' }",
        ])
        let error = flowError { try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()) }
        #expect(
            error?.description.split(separator: "\n").map(String.init) == [
                "parks/defaults.lua:1: colour: unknown setting",
                "parks/GOGA/park.lua: state: missing (required)",
            ])
    }
}
