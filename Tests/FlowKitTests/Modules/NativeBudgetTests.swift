import Foundation
import Testing
import GeoKit
import LuaKit
@testable import FlowKit

/// Native functions pay for their work and their memory: scripts that would hang the app
/// through them (or grow without end) end with the budget's or the cap's error instead.
@Suite struct NativeBudgetTests {
    static let center = Coordinate(latitude: 37.8078, longitude: -122.4750)

    /// A project with park `CODE` (its budgets as given) and `sites` sites 1 km east of its center.
    static func project(
        _ code: String, sites: Int, instructions: Int = 20_000_000, memoryMB: Int = 64,
        flow: String? = nil
    ) throws -> TestProject {
        let spot = try Geodesic.wgs84.direct(from: center, bearing: 90, distance: 1_000).destination
        let features = (0..<sites).map { i in
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(spot.longitude),\#(spot.latitude)]},"#
                + #""properties":{"id":"s\#(i)","name":"Site \#(i)","category":"viewpoint"}}"#
        }
        var files = [
            "parks/\(code)/park.lua": """
            return { name = "Crowded", center = { lat = \(center.latitude), lon = \(center.longitude) },
                     budgets = { instructions = \(instructions), memory_mb = \(memoryMB) } }
            """,
            "parks/\(code)/sites.geojson": #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}",
        ]
        if let flow { files["flows/probe.lua"] = "flow.register(\"probe\", function(ctx)\n\(flow)\nend)" }
        return try TestProject(files: files)
    }

    /// The error a run ended with, or nil.
    static func failure(_ project: TestProject, _ code: String, _ request: FlowRequest) throws -> LuaError? {
        do {
            _ = try project.runtime(code).run(request)
            return nil
        } catch let error as FlowError {
            guard case .script(let lua) = error else { Issue.record("not a script error: \(error)"); return nil }
            return lua
        }
    }

    static func isInstructionBudget(_ error: LuaError?) -> Bool {
        if case .instructionBudget? = error { return true }
        return false
    }

    static func isMemoryCap(_ error: LuaError?) -> Bool {
        if case .memoryCap? = error { return true }
        return false
    }

    /// A crowd the row-by-row stacking took minutes over (2,000³ overlap tests); 8,000 and
    /// 50,000 are in GeoKit's tests (a debug build spends over a second of the run's time limit
    /// on copying 8,000 sites in and out of Lua alone).
    @Test func theStockARFlowOverACrowdAtOneSpotCompletes() throws {
        let p = try Self.project("CROWD", sites: 2_000)
        let screen = try p.runtime("CROWD").run(FlowRequest(flow: "ar", at: Self.center, ar: ARView(heading: 90)))
        #expect(screen.title == "AR view")
        guard case .text(let notice)? = screen.sections.first, notice.style == .notice else {
            Issue.record("expected the notice of labels stacked out of sight, got \(String(describing: screen.sections.first))")
            return
        }
        #expect(notice.text.hasSuffix("more sites in this direction behind the nearer labels."))
    }

    @Test func arOverEightThousandSitesAtOneSpotUnderASmallBudgetEndsWithTheBudget() throws {
        let p = try Self.project("CROWD", sites: 8_000, instructions: 1_000_000)
        let error = try Self.failure(p, "CROWD", FlowRequest(flow: "ar", at: Self.center, ar: ARView(heading: 90)))
        #expect(Self.isInstructionBudget(error), "\(String(describing: error))")
    }

    @Test(arguments: [
        // Each push makes a context active: its sites looked up, every region marked.
        "local mon = geofence.monitor()\nfor i = 1, 150000 do mon:push('c' .. i, { 's1', 's2' }) end",
        "local mon = geofence.monitor()\nfor i = 1, 150000 do mon:feed({ lat = 37.8078, lon = -122.4750 + i * 1e-5, time = i }) end",
        // Each index is built from the same thousand points.
        "local pts = {}\nfor i = 1, 1000 do pts[i] = { lat = 37.8 + i * 1e-4, lon = -122.4 } end\nwhile true do cluster.index(pts) end",
        "local idx = cluster.sites()\nwhile true do local id = idx:insert({ lat = 37.8, lon = -122.4 }); idx:remove(id) end",
        "local idx = cluster.sites()\nwhile true do idx:clusters({ -180, -85, 180, 85 }, 20) end",
    ])
    func loopsOfNativeCallsEndWithTheBudget(loop: String) throws {
        let p = try Self.project("TINY", sites: 200, instructions: 300_000, flow: loop)
        let error = try Self.failure(p, "TINY", FlowRequest(flow: "probe"))
        #expect(Self.isInstructionBudget(error), "\(String(describing: error))")
        if case .instructionBudget(_, let location, _)? = error { #expect(location.hasPrefix("flows/probe.lua:")) }
    }

    @Test func monitorsKeptInATableEndWithTheMemoryCap() throws {
        let p = try Self.project(
            "MEM", sites: 50, memoryMB: 16,
            flow: "local all = {}\nfor i = 1, 100000 do all[i] = geofence.monitor() end")
        let error = try Self.failure(p, "MEM", FlowRequest(flow: "probe"))
        #expect(Self.isMemoryCap(error), "\(String(describing: error))")
    }

    @Test func indexesKeptInATableEndWithTheMemoryCapAndDroppedOnesAreCollected() throws {
        // A change builds an index's neighbor and seed grids: about 0.25 MiB for 200 points.
        let points = "local pts = {}\nfor i = 1, 200 do pts[i] = { lat = 37.8 + i * 1e-4, lon = -122.4, id = 's' .. i } end\n"
        let kept = try Self.project(
            "MEM", sites: 10, memoryMB: 1,
            flow: points + """
                local all = {}
                for i = 1, 1000 do all[i] = cluster.index(pts); all[i]:insert({ lat = 37.8, lon = -122.4 }) end
                """)
        let error = try Self.failure(kept, "MEM", FlowRequest(flow: "probe"))
        #expect(Self.isMemoryCap(error), "\(String(describing: error))")
        // Fifteen hold several times the cap; each is garbage once the next is built.
        let dropped = try Self.project(
            "MEM", sites: 10, memoryMB: 1,
            flow: points + """
                for i = 1, 15 do local idx = cluster.index(pts); idx:insert({ lat = 37.8, lon = -122.4 }) end
                return { title = "done", sections = {} }
                """)
        #expect(try dropped.runtime("MEM").run(FlowRequest(flow: "probe")).title == "done")
    }
}
