import Testing
import GeoKit
import ScreenModel
@testable import FlowKit

/// Every bad input of the runtime issue: a clear message naming where, the right exit
/// code, and never a trap.
@Suite struct BadInputTests {
    func home(_ source: String, park: String = "GRTE", budgets: String? = nil) throws -> FlowError? {
        var files = ["parks/\(park)/flows/home.lua": source]
        if let budgets {
            files["parks/\(park)/park.lua"] = "return { name = 'Grand Teton National Park', center = { lat = 43.79, lon = -110.68 }, budgets = \(budgets) }"
        }
        let p = try TestProject(files: files)
        return flowError { try p.runtime(park).run(FlowRequest(flow: "home")) }
    }

    @Test func unknownPark() {
        let error = flowError { try FlowRuntime(root: repository, park: "XXXX") }
        #expect(
            error?.description
                == "unknown park 'XXXX'; parks here: ACAD, ARCH, BADL, BIBE, BISC, BLCA, BRCA, CANY, CARE, CAVE, CHIS, CONG, CRLA, CUVA, DENA, DEVA, DRTO, EVER, GAAR, GLAC and 44 more"
        )
        #expect(error?.exitCode == 2)
    }

    @Test func unknownFlow() throws {
        let error = flowError { try FlowRuntime(root: repository, park: "GOGA").run(FlowRequest(flow: "nope")) }
        #expect(
            error?.description
                == "unknown flow 'nope' for park GOGA; flows: ar, emergency, exhibits, favorites, geofence, home, map, onboarding, parks, party, pins, sites")
        #expect(error?.exitCode == 2)
    }

    @Test func syntaxError() throws {
        let error = try home("local x = 1\nflow.register('home' function() end)")
        #expect(
            error?.description == "flow 'home' of park GRTE is unavailable: its file did not load:\n  parks/GRTE/flows/home.lua:2: ')' expected near 'function'"
        )
        #expect(error?.exitCode == 1)
    }

    @Test func runtimeErrorHasTraceback() throws {
        let error = try home("flow.register('home', function(ctx)\n  local t = nil\n  return t.x\nend)")
        let text = error?.description ?? ""
        #expect(text.hasPrefix("parks/GRTE/flows/home.lua:3: attempt to index a nil value (local 't')\nstack traceback:"))
        #expect(text.contains("parks/GRTE/flows/home.lua:3: in function <parks/GRTE/flows/home.lua:1>"))
        #expect(error?.exitCode == 1)
    }

    @Test func endlessLoopHitsTheInstructionBudget() throws {
        let error = try home("flow.register('home', function(ctx)\n  while true do end\nend)", budgets: "{ instructions = 100000 }")
        #expect(error?.description.hasPrefix("parks/GRTE/flows/home.lua:2: instruction budget of 100000 instructions exceeded") == true)
        #expect(error?.exitCode == 1)
    }

    @Test func endlessAllocationHitsTheMemoryCap() throws {
        let error = try home(
            "flow.register('home', function(ctx)\n  local t = {}\n  while true do t[#t + 1] = {} end\nend)",
            budgets: "{ memory_mb = 4 }")
        #expect(error?.description.hasPrefix("parks/GRTE/flows/home.lua:3: memory cap of 4096 KiB exceeded") == true)
    }

    @Test func invalidScreenNamesTheFieldPath() throws {
        let error = try home(
            """
            flow.register('home', function(ctx)
              return { title = 'x', sections = { { type = 'text', text = 'ok' },
                { type = 'button', label = 'Go', action = { kind = 'url', url = 'ftp://x' } } } }
            end)
            """)
        #expect(
            error?.description
                == "parks/GRTE/flows/home.lua: flow 'home' returned an invalid screen:\n  parks/GRTE/flows/home.lua:3: sections[2].action.url: 'ftp://x' is not an absolute http(s) URL (it must start with http:// or https://)"
        )
        let typed = try home("flow.register('home', function() return { title = 'x', sections = { { type = 'text', text = 3 } } } end)")
        #expect(typed?.description.hasSuffix("sections[1].text: expected string, got number 3") == true)
        let nothing = try home("flow.register('home', function() end)")
        #expect(nothing?.description.contains("the flow returned nil") == true)
        let unknownFlow = try home(
            "flow.register('home', function() return { title = 'x', sections = { { type = 'button', label = 'b', action = { kind = 'go', flow = 'nowhere' } } } } end)"
        )
        #expect(unknownFlow?.description.contains("sections[1].action.flow") == true)
    }

    @Test(arguments: [
        ("io.open('/etc/passwd')", "parks/GRTE/flows/home.lua:2: attempt to index a nil value (global 'io')"),
        ("os.execute('ls')", "parks/GRTE/flows/home.lua:2: attempt to call a nil value (field 'execute')"),
        ("debug.getinfo(1)", "parks/GRTE/flows/home.lua:2: attempt to index a nil value (global 'debug')"),
        ("assert(load('\\27Lua', 'x', 'b'))", "parks/GRTE/flows/home.lua:2: attempt to load a binary chunk (binary chunks are not allowed in the sandbox)"),
        ("assert(load(string.char(27) .. 'LuaT'))", "parks/GRTE/flows/home.lua:2: x"),
        (
            "require('../../../etc/passwd')",
            "parks/GRTE/flows/home.lua:2: require: '../../../etc/passwd' is not a module name (use dotted names such as 'lib.ui'; paths are not allowed)"
        ),
        ("require('io')", "parks/GRTE/flows/home.lua:2: require: module 'io' not found (looked in parks/GRTE/flows/ and flows/)"),
    ])
    func sandboxDenials(call: String, message: String) throws {
        let error = try home("flow.register('home', function(ctx)\n  \(call)\nend)")
        let first = error?.description.split(separator: "\n").first.map(String.init)
        if message.hasSuffix(": x") {
            #expect(first?.contains("attempt to load a binary chunk") == true)
        } else {
            #expect(first == message)
        }
        #expect(error?.exitCode == 1)
    }

    @Test(arguments: [
        ("{\"type\": \"FeatureCollection\", \"features\": [", "parks/GOGA/sites.geojson:1:"),
        (
            """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.4, 137.8]}, "properties": {"id": "a", "name": "Alcatraz"}}]}
            """, "parks/GOGA/sites.geojson: feature 1 ('Alcatraz'): latitude 137.8 out of range [-90, 90]"
        ),
        (
            """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.4, 37.8]}, "properties": {"id": "a"}}]}
            """, "parks/GOGA/sites.geojson: feature 1 ('a'):"
        ),
    ])
    func badSitesFiles(geojson: String, prefix: String) throws {
        let p = try TestProject(files: ["parks/GOGA/sites.geojson": geojson])
        let error = flowError { try p.runtime("GOGA").run(FlowRequest(flow: "home")) }
        #expect(error?.description.hasPrefix(prefix) == true, "\(error?.description ?? "no error")")
        #expect(error?.exitCode == 2)
    }

    @Test func missingNameIsNamed() throws {
        let p = try TestProject(files: [
            "parks/GOGA/sites.geojson": """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-122.4, 37.8]}, "properties": {"id": "a"}}]}
            """
        ])
        let error = flowError { try p.runtime("GOGA").sites() }
        #expect(error?.description.contains("name") == true)
    }
}
