import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// `ctx.location` and `ctx.connectivity` as a flow reads them, and the replay of a track at a
/// moment (`FlowRequest.until`) through the park's `location` settings.
@Suite struct LocationContextTests {
    /// A flow that returns a screen titled with what it read of `ctx.location` and `ctx.connectivity`.
    static let probe = """
        flow.register("probe", function(ctx)
          local l, c = ctx.location, ctx.connectivity
          local parts = { l.state, l.reason or "-", tostring(l.accuracy), tostring(l.age_s), tostring(l.searching_s),
                          l.fix and ("%.4f,%.4f"):format(l.fix.lat, l.fix.lon) or "-", ctx.at and "at" or "no-at",
                          c.state, c.cache or "-" }
          return { schema = "flowrun/screen@1", title = table.concat(parts, " "), sections = {} }
        end)
        """

    static func title(_ request: FlowRequest, time: Date = Date(timeIntervalSince1970: 1_000_000)) throws -> String {
        let project = try TestProject(files: ["flows/probe.lua": probe])
        let runtime = try FlowRuntime(root: project.root, park: "GOGA", time: time)
        return try runtime.run(request).title
    }

    @Test func withoutAPositionTheFlowSeesSearchingJustBegun() throws {
        #expect(try Self.title(FlowRequest(flow: "probe")) == "searching - nil nil 0 - no-at online -")
    }

    @Test func aPositionIsFoundWithTheDefaultAccuracyAndNoAge() throws {
        let request = FlowRequest(flow: "probe", at: Coordinate(latitude: 37.8078, longitude: -122.475))
        #expect(try Self.title(request) == "found - 10 0 nil 37.8078,-122.4750 at online -")
    }

    @Test(arguments: [
        (LocationState.error(.denied, since: -.infinity), "error denied nil nil nil - no-at"),
        (.error(.timedOut, since: 999_940), "error timed_out nil nil nil - no-at"),
        (.searchingLonger(since: 999_985), "searching_longer - nil nil 15 - no-at"),
        (.idle, "idle - nil nil nil - no-at"),
    ])
    func aStateByNameReadsAsFlowsExpect(state: LocationState, expected: String) throws {
        var request = FlowRequest(flow: "probe")
        request.location = state
        #expect(try Self.title(request) == expected + " online -")
    }

    @Test func offlineCarriesWhatTheDeviceHolds() throws {
        var request = FlowRequest(flow: "probe")
        request.connectivity = .offline(cache: "the park's files")
        #expect(try Self.title(request).hasSuffix("offline the park's files"))
    }

    /// Fixes at 0, 10, 20 s, then a gap: at 140 s the 20 s fix is exactly 120 s old.
    static func track() -> RecordedTrack {
        let base = 1_000_000.0
        let fixes = [0.0, 10, 20, 300].enumerated().map { i, t in
            TimedFix(coordinate: Coordinate(latitude: 37.8 + Double(i) * 0.001, longitude: -122.47), time: base + t, line: 10 + i)
        }
        return RecordedTrack(displayPath: "gap.gpx", fixes: fixes)
    }

    @Test(arguments: [
        (139.0, "found - 10 119 nil 37.8020,-122.4700 at"),
        (140.0, "searching - nil nil 0 - no-at"),
        (150.0, "searching_longer - nil nil 10 - no-at"),
        (200.0, "error timed_out nil nil nil - no-at"),
        (300.0, "found - 10 0 nil 37.8030,-122.4700 at"),
    ])
    func aReplayAtAMomentSeesTheStateTheFixesLeadTo(offset: Double, expected: String) throws {
        var request = FlowRequest(flow: "probe", track: Self.track())
        request.until = 1_000_000 + offset
        #expect(try Self.title(request, time: Date(timeIntervalSince1970: 1_000_000 + offset)) == expected + " online -")
    }

    @Test func theTrackCarriesItsLocationStatesForTheTimeline() throws {
        let project = try TestProject(files: [
            "flows/probe.lua": """
            flow.register("probe", function(ctx)
              local out = {}
              for _, c in ipairs(ctx.track.location) do
                out[#out + 1] = ("%d %s%s@%s"):format(c.time - ctx.track.start, c.state, c.reason and ("/" .. c.reason) or "", tostring(c.line))
              end
              return { schema = "flowrun/screen@1", title = table.concat(out, ", "), sections = {} }
            end)
            """
        ])
        let runtime = try FlowRuntime(root: project.root, park: "GOGA", time: Date(timeIntervalSince1970: 1_000_000))
        let title = try runtime.run(FlowRequest(flow: "probe", track: Self.track())).title
        #expect(title == "0 searching@nil, 0 found@10, 140 searching@12, 150 searching_longer@12, 200 error/timed_out@12, 300 found@13")
    }

    @Test func aParksLocationSettingsAreChecked() throws {
        let project = try TestProject(files: [
            "parks/GOGA/park.lua": """
            return { name = "X", center = { lat = 1, lon = 2 }, location = { searching_longer_after = 90 } }
            """
        ])
        let error = flowError { try ParkConfig.load(code: "GOGA", root: project.root) }
        #expect(
            error?.description.contains("parks/GOGA/park.lua:1: location: searching_longer_after 90 must be less than timeout 60") == true,
            "\(String(describing: error))")
    }
}
