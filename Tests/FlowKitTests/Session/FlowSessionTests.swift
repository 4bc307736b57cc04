import Foundation
import GeoKit
import ScreenModel
import ScreenRendering
import Testing

@testable import FlowKit

/// A live session: screens change when, and only when, what they read changes; inputs that
/// cannot be true are dropped and counted; a failing update keeps the last good screen.
@Suite struct FlowSessionTests {
    /// Golden Gate's visitor center, inside the park.
    static let inside = Coordinate(latitude: 37.8078, longitude: -122.4750)
    static let start = fixedTime.timeIntervalSince1970

    static func session(_ root: ProjectRoot = repository, park: String = "GOGA") throws -> FlowSession {
        try FlowSession(runtime: try FlowRuntime(root: root, park: park, time: fixedTime), start: fixedTime)
    }

    static func screens(_ outputs: [SessionOutput]) -> [ScreenUpdate] {
        outputs.compactMap { if case .screen(let update) = $0 { update } else { nil } }
    }

    static func text(_ screen: Screen?) -> String { screen.map { TextRenderer().render($0) } ?? "" }

    @Test func openingAScreenEmitsItAfterTheSearchStarting() throws {
        let session = try Self.session()
        let (handle, outputs) = try session.open(FlowRequest(flow: "home"))
        guard case .event(let searching)? = outputs.first, case .screen(let update)? = outputs.last else {
            Issue.record("expected the search's start, then the screen: \(outputs)")
            return
        }
        #expect(searching.kind == .location && searching.state == "searching")
        #expect(update.handle == handle && update.flow == "home" && update.screen.title == session.runtime.park.name)
    }

    @Test func fixesThatChangeNothingTheFlowReadRunNoFlow() throws {
        let session = try Self.session()
        let (_, _) = try session.open(FlowRequest(flow: "home"))
        // The first fix finds the position: home read the location's state, so it runs again,
        // and shows the same screen, so nothing is emitted.
        let first = session.feed(Self.inside, at: Self.start + 1)
        #expect(Self.screens(first).isEmpty)
        let runs = session.diagnostics.runs
        for i in 2...30 {
            // West along the visitor center's latitude: inside the park all the way (north of it
            // the boundary is jagged, and home says when the visitor is outside).
            let moved = Coordinate(latitude: Self.inside.latitude, longitude: Self.inside.longitude - Double(i) * 0.0001)
            #expect(Self.screens(session.feed(moved, at: Self.start + Double(i))).isEmpty)
        }
        #expect(session.diagnostics.runs == runs, "home reads no position: no fix re-ran it")
    }

    @Test func aScreenThatReadsThePositionFollowsIt() throws {
        let session = try Self.session()
        let (handle, _) = try session.open(FlowRequest(flow: "sites"))
        #expect(Self.text(session.screen(handle)).contains("Finding your position"))
        let found = Self.screens(session.feed(Self.inside, at: Self.start + 1))
        #expect(found.count == 1 && !Self.text(found.first?.screen).contains("Finding your position"))
        // Two kilometres on, the distances change.
        let far = Self.screens(session.feed(Coordinate(latitude: 37.8267, longitude: -122.4230), at: Self.start + 120))
        #expect(far.count == 1)
    }

    @Test func aDeniedPermissionUpdatesTheScreenOnce() throws {
        let session = try Self.session()
        let (handle, _) = try session.open(FlowRequest(flow: "home"))
        let denied = session.location(.denied(time: Self.start + 5))
        #expect(denied.contains { if case .event(let e) = $0 { e.kind == .location && e.detail == "denied" } else { false } })
        #expect(Self.screens(denied).count == 1)
        #expect(Self.text(session.screen(handle)).contains("Allow location"))
        // Fixes after a denial are not the OS's: the state stays, nothing runs.
        #expect(Self.screens(session.feed(Self.inside, at: Self.start + 6)).isEmpty)
        let allowed = session.location(.allowed(time: Self.start + 7))
        #expect(Self.screens(allowed).count == 1 && !Self.text(session.screen(handle)).contains("Allow location"))
    }

    @Test func theNetworkGoingAndComingUpdatesWhatSaysSo() throws {
        let session = try Self.session()
        let (handle, _) = try session.open(FlowRequest(flow: "home"))
        #expect(Self.screens(session.setConnectivity(.offline(cache: "bundle 7 of GOGA"))).count == 1)
        #expect(Self.text(session.screen(handle)).contains("You are offline: this runs from bundle 7 of GOGA."))
        #expect(Self.screens(session.setConnectivity(.offline(cache: "bundle 7 of GOGA"))).isEmpty)
        #expect(Self.screens(session.setConnectivity(.online)).count == 1)
        #expect(!Self.text(session.screen(handle)).contains("offline"))
    }

    @Test func timeRerunsAFlowOnlyWhenWhatItReadOfTheClockChanges() throws {
        let session = try Self.session()
        let (handle, _) = try session.open(FlowRequest(flow: "home"))
        #expect(Self.text(session.screen(handle)).contains("Good morning"))
        // A search's state moves with time (searching, then searching longer): a denial holds still.
        _ = session.location(.denied(time: Self.start))
        let runs = session.diagnostics.runs
        // 09:30 to 09:59: home read the hour and the location's state, neither of which changes.
        for minute in 1...29 { _ = session.advance(to: Self.start + Double(minute * 60)) }
        #expect(session.diagnostics.runs == runs)
        // 12:00: the greeting changes.
        let noon = session.advance(to: Self.start + 2.5 * 3600)
        #expect(Self.screens(noon).count == 1 && Self.text(session.screen(handle)).contains("Good afternoon"))
        // Going back in time changes nothing.
        #expect(session.advance(to: Self.start).isEmpty)
    }

    @Test func homeSaysTheVisitorIsOutsideUntilTheGeofenceSaysTheyEntered() throws {
        let session = try Self.session()
        let (home, _) = try session.open(FlowRequest(flow: "home"))
        let outside = "You are outside Golden Gate National Recreation Area."
        // From Lombard Street west into the Presidio, 20 m a second.
        var saidOutside = false, entered = false
        for second in 0..<240 {
            let metres = 20 * Double(second)
            let c = Coordinate(latitude: 37.8001, longitude: -122.4370 - metres / (111_320 * cos(37.8001 * .pi / 180)))
            let outputs = session.feed(c, at: Self.start + Double(second))
            let enter = outputs.contains { if case .event(let e) = $0 { e.kind == .presenceEnter } else { false } }
            let updated = Self.screens(outputs).first { $0.handle == home }
            if second == 0 { saidOutside = Self.text(updated?.screen).contains(outside) }
            if enter {
                // The screen changes with the event, in the same outputs, after it.
                #expect(updated != nil && !Self.text(updated?.screen).contains(outside))
                entered = true
                break
            }
            #expect(updated == nil || Self.text(updated?.screen).contains(outside), "home changed before the park was entered, at \(second) s")
        }
        #expect(saidOutside && entered)
    }

    @Test func fixesThatCannotBeAreDroppedAndCounted() throws {
        let session = try Self.session()
        _ = try session.open(FlowRequest(flow: "sites"))
        _ = session.feed(Self.inside, at: Self.start + 10)
        let runs = session.diagnostics.runs
        let bad: [LocationFix] = [
            LocationFix(coordinate: Coordinate(latitude: .nan, longitude: -122.47), accuracy: 5, time: Self.start + 11),
            LocationFix(coordinate: Coordinate(latitude: 37.8, longitude: -122.47), accuracy: .infinity, time: Self.start + 12),
            LocationFix(coordinate: Coordinate(latitude: 37.8, longitude: -122.47), accuracy: 5, time: .nan),
            LocationFix(coordinate: Coordinate(latitude: 91, longitude: -122.47), accuracy: 5, time: Self.start + 13),
            LocationFix(coordinate: Coordinate(latitude: 37.8, longitude: 200), accuracy: 5, time: Self.start + 14),
            LocationFix(coordinate: Coordinate(latitude: 37.8, longitude: -122.47), accuracy: 5, time: Self.start + 9),
        ]
        for fix in bad { #expect(session.feed(fix).isEmpty) }
        let d = session.diagnostics
        #expect(d.fixesNotFinite == 3 && d.fixesOutOfRange == 2 && d.fixesOutOfOrder == 1 && d.fixesDropped == 6)
        #expect(d.fixesTaken == 1 && d.runs == runs)
    }

    @Test func anActUpdatesEveryOpenScreenThatShowsWhatItChanged() throws {
        let session = try Self.session()
        let site = try #require(try session.runtime.sites().first)
        let (siteScreen, _) = try session.open(FlowRequest(flow: "sites", args: ["id": site.id]))
        let (favorites, _) = try session.open(FlowRequest(flow: "favorites"))
        #expect(!Self.text(session.screen(favorites)).contains(site.name))
        let add = try #require(
            session.screen(siteScreen)?.actions.first {
                if case .act(_, let args) = $0.action.target { args["favorite"] == "add" } else { false }
            }?.action.id)
        let (outputs, external) = try session.perform(add, on: siteScreen)
        #expect(external == nil)
        let updated = Self.screens(outputs).map(\.handle)
        #expect(updated.contains(siteScreen) && updated.contains(favorites))
        #expect(Self.text(session.screen(favorites)).contains(site.name))
        #expect(try session.runtime.store.favorites(in: .park("GOGA"), limit: nil).map(\.site) == [site.id])
    }

    @Test func aFlowThatFailsKeepsItsLastGoodScreenAndRecovers() throws {
        let project = try TestProject(files: [
            "flows/probe.lua": """
            flow.register("probe", function(ctx)
              if ctx.at and ctx.at.lat > 37.81 then error("too far north") end
              return { title = ctx.at and "here" or "nowhere", sections = {} }
            end)
            """
        ])
        let session = try Self.session(project.root)
        let (handle, _) = try session.open(FlowRequest(flow: "probe"))
        #expect(Self.screens(session.feed(Self.inside, at: Self.start + 1)).first?.screen.title == "here")
        let north = session.feed(Coordinate(latitude: 37.83, longitude: -122.47), at: Self.start + 2)
        let failure = north.compactMap { if case .failure(let f) = $0 { f } else { nil } }.first
        #expect(failure?.error.description.contains("flows/probe.lua:2: too far north") == true)
        #expect(session.screen(handle)?.title == "here" && session.diagnostics.failedRuns == 1)
        // Back south: the flow runs again, without failing; the screen is the same, so nothing is emitted.
        let south = session.feed(Self.inside, at: Self.start + 3)
        #expect(!south.contains { if case .failure = $0 { true } else { false } })
        #expect(session.screen(handle)?.title == "here")
    }

    @Test func aNewContentVersionReplacesEveryScreenBetweenUpdates() throws {
        let session = try Self.session()
        let (handle, _) = try session.open(FlowRequest(flow: "home"))
        let project = try TestProject(files: [
            "parks/GOGA/flows/home.lua": "flow.register('home', function(ctx, super) local s = super(ctx) s.title = 'Version 2' return s end)"
        ])
        let outputs = try session.replaceRuntime(try FlowRuntime(root: project.root, park: "GOGA", time: fixedTime))
        #expect(Self.screens(outputs).map(\.screen.title) == ["Version 2"])
        #expect(session.screen(handle)?.title == "Version 2")
    }

    @Test func aNewVersionThatDoesNotReadLeavesTheSessionOnItsOwn() throws {
        let session = try Self.session()
        let (handle, _) = try session.open(FlowRequest(flow: "home"))
        let before = session.screen(handle)
        let broken = try TestProject(files: ["parks/GOGA/sites.geojson": "{ \"type\": \"FeatureCollection\", \"features\": [ { \"nope\" "])
        #expect(throws: FlowError.self) { try session.replaceRuntime(try FlowRuntime(root: broken.root, park: "GOGA", time: fixedTime)) }
        // Still the old version: its screen, and it goes on taking fixes.
        #expect(session.screen(handle) == before)
        _ = session.feed(Self.inside, at: Self.start + 1)
        #expect(session.diagnostics.fixesTaken == 1 && session.diagnostics.failedRuns == 0)
        let sites = try session.runtime.sites()
        #expect(!sites.isEmpty, "the old version's sites")
    }

    @Test func aNewVersionWithTheSameRegionsKeepsTheGeofencesState() throws {
        let session = try Self.session()
        _ = try session.open(FlowRequest(flow: "home"))
        var entered = 0
        func stay(_ seconds: ClosedRange<Int>) {
            for i in seconds {
                for case .event(let e) in session.feed(Self.inside, at: Self.start + Double(i * 10)) where e.kind == .presenceEnter { entered += 1 }
            }
        }
        stay(1...20)
        #expect(entered == 1)
        // A flow changed: the visitor is still in the park, and is not welcomed again.
        let flowOnly = try TestProject(files: ["parks/GOGA/flows/home.lua": "flow.register('home', function(ctx, super) return super(ctx) end)"])
        _ = try session.replaceRuntime(try FlowRuntime(root: flowOnly.root, park: "GOGA", time: fixedTime))
        stay(21...40)
        #expect(entered == 1)
        // The geofence settings changed: the regions are monitored afresh.
        let radius = try TestProject()
        let park = try String(contentsOf: radius.url.appendingPathComponent("parks/GOGA/park.lua"), encoding: .utf8)
        try radius.write("parks/GOGA/park.lua", park.replacingOccurrences(of: "local park = {", with: "local park = {\n  geofence = { radius = 120 },"))
        _ = try session.replaceRuntime(try FlowRuntime(root: radius.root, park: "GOGA", time: fixedTime))
        stay(41...60)
        #expect(entered == 2)
    }
}
