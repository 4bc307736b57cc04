import Testing
import LuaKit
@testable import FlowKit

@Suite struct ParkConfigTests {
    @Test func deepMergeMergesTablesAndReplacesListsAndValues() {
        let base: LuaValue = ["theme": ["primary": "#000000", "accent": "#111111"], "home": ["sections": ["a", "b", "c"]], "zoom": 10]
        let over: LuaValue = ["theme": ["accent": "#222222"], "home": ["sections": ["x"]], "zoom": 12]
        let merged = ConfigMerge.merge(base, over)
        #expect(merged["theme"] == ["primary": "#000000", "accent": "#222222"])
        #expect(merged["home"]["sections"] == ["x"])
        #expect(merged["zoom"] == 12)
    }

    @Test func realParksLoadWithDefaultsMerged() throws {
        let goga = try ParkConfig.load(code: "GOGA", root: repository, lua: try LuaState())
        #expect(goga.name == "Golden Gate National Recreation Area")
        #expect(goga.raw["theme"]["primary"] == "#C0362C")  // from park.lua
        #expect(goga.raw["theme"]["background"] == "#F7F4EC")  // from defaults.lua
        #expect(goga.budgets.instructions == 20_000_000)
        #expect(goga.raw["onboarding"]["pages"].tableValue?.sequence.count == 3)
        let yell = try ParkConfig.load(code: "YELL", root: repository, lua: try LuaState())
        #expect(yell.isEnabled("geysers") && yell.isEnabled("home"))
    }

    func loadError(_ park: String) throws -> FlowError? {
        let p = try TestProject(files: ["parks/GOGA/park.lua": park])
        return flowError { try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()) }
    }

    @Test(arguments: [
        (
            "return { name = 'X', center = { lat = '37.8', lon = -122 } }",
            "parks/GOGA/park.lua:1: center.lat: expected number, got string '37.8'"
        ),
        ("return { center = { lat = 37.8, lon = -122 } }", "parks/GOGA/park.lua: name: missing (required)"),
        (
            "return { name = 'X', center = { lat = 137.8, lon = -122 } }",
            "parks/GOGA/park.lua:1: center.lat: latitude 137.8 out of range [-90, 90]"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, color = 'red' }",
            "parks/GOGA/park.lua:1: color: unknown setting"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, theme = { primary = 'red' } }",
            "parks/GOGA/park.lua:1: theme.primary: expected a color like \"#2E5E4E\", got \"red\""
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, budgets = { instructions = -5 } }",
            "parks/GOGA/park.lua:1: budgets.instructions: -5 out of range [1, 1000000000]"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, flows = { home = 'yes' } }",
            "parks/GOGA/park.lua:1: flows.home: expected boolean, got string"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, onboarding = { pages = { { title = 'a', body = 'b', background = { { image = 'i', position = { x = 2, y = 0 }, depth = 0 } } } } } }",
            "parks/GOGA/park.lua:1: onboarding.pages[1].background[1].position.x: 2.0 out of range [0, 1]"
        ),
        // A misspelt setting at any depth, with the nearest name (issue 12).
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, geofence = { radus = 50 } }",
            "parks/GOGA/park.lua:1: geofence.radus: unknown setting; did you mean 'radius'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, geofence = { raduis = 50 } }",
            "parks/GOGA/park.lua:1: geofence.raduis: unknown setting; did you mean 'radius'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, onboarding = { pagse = {} } }",
            "parks/GOGA/park.lua:1: onboarding.pagse: unknown setting; did you mean 'pages'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, theme = { primry = '#000000' } }",
            "parks/GOGA/park.lua:1: theme.primry: unknown setting; did you mean 'primary'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, map = { cluster = { minzoom = 3 } } }",
            "parks/GOGA/park.lua:1: map.cluster.minzoom: unknown setting; did you mean 'min_zoom'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, home = { links = { { label = 'a', flow = 'b', arg = {} } } } }",
            "parks/GOGA/park.lua:1: home.links[1].arg: unknown setting; did you mean 'args'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, geofence = { callouts = { enter = 5 } } }",
            "parks/GOGA/park.lua:1: geofence.callouts.enter: expected string, got number 5"
        ),
        // Module settings are checked when the park loads, by the modules' own rules.
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, geofence = { exit_delay = -1 } }",
            "parks/GOGA/park.lua:1: geofence: exit_delay -1 must be a number of seconds in [0, 86400] (a day)"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, map = { cluster = { min_zoom = 40 } } }",
            "parks/GOGA/park.lua:1: map.cluster: options: minZoom 40 out of range [0, 30]"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, ar = { fov = 200 } }",
            "parks/GOGA/park.lua:1: ar.fov: 200.0 out of range (0, 180)"
        ),
        // The emergency screen's number must be one a phone can call.
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, emergency = { phone = 'call 911' } }",
            "parks/GOGA/park.lua:1: emergency.phone: 'call 911' contains 'c'; a phone number holds only digits, spaces and + - ( ) ."
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, emergency = { phone = '91' } }",
            "parks/GOGA/park.lua:1: emergency.phone: '91' has 2 digits; a phone number needs 7–15 (or is an emergency number of 3 digits alone, such as 911)"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, emergency = { limit = 0 } }",
            "parks/GOGA/park.lua:1: emergency.limit: 0 out of range [1, 10000]"
        ),
        // What home turns into a link and a call is checked at load, not met by a visitor.
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, website = 'javascript:alert(1)' }",
            "parks/GOGA/park.lua:1: website: 'javascript:alert(1)' is not an absolute http(s) URL (it must start with http:// or https://)"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, phone = 'ask at the gate' }",
            "parks/GOGA/park.lua:1: phone: 'ask at the gate' contains 'a'; a phone number holds only digits, spaces and + - ( ) ."
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, ar = { max_distance = 1e300 } }",
            "parks/GOGA/park.lua:1: ar.max_distance: 1e+300 out of range (0, 20037508] metres"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, sites = { nearby_limit = 1e9 } }",
            "parks/GOGA/park.lua:1: sites.nearby_limit: 1000000000 out of range [1, 10000]"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, emergency = { phones = '911' } }",
            "parks/GOGA/park.lua:1: emergency.phones: unknown setting; did you mean 'phone'?"
        ),
        // A wrong zone would silently be GMT (issue 13).
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, timezone = 'America/Denvr' }",
            "parks/GOGA/park.lua:1: timezone: unknown time zone 'America/Denvr'; did you mean 'America/Denver'?"
        ),
        (
            "return { name = 'X', center = { lat = 1, lon = 2 }, timezone = 'Mountain' }",
            "parks/GOGA/park.lua:1: timezone: unknown time zone 'Mountain' (an IANA zone such as 'America/Denver')"
        ),
        ("return 42", "parks/GOGA/park.lua: must return a table, returned number"),
        ("return { name = 'X',\n center = }", "parks/GOGA/park.lua:2: unexpected symbol near '}'"),
    ])
    func wrongValuesNameFileAndField(park: String, message: String) throws {
        let error = try loadError(park)
        #expect(error?.description == message)
        #expect(error?.exitCode == 2)
    }

    @Test func errorsInDefaultsNameDefaults() throws {
        let p = try TestProject(files: ["parks/defaults.lua": "return { timezone = 42 }"])
        let error = flowError { try ParkConfig.load(code: "GOGA", root: p.root, lua: try LuaState()) }
        #expect(error?.description == "parks/defaults.lua:1: timezone: expected string, got number 42")
    }
}
