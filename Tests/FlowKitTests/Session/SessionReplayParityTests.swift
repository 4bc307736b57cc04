import Foundation
import GeoKit
import ScreenModel
import Testing

@testable import FlowKit

/// A live session fed a recorded track raises the events the batch replay
/// (`flowrun --park P geofence --track FILE`) lists, at the same moments: one way of
/// monitoring, whether the fixes come from a file or from the device.
@Suite struct SessionReplayParityTests {
    /// Every recorded track here, with its park (a party's file of several members' tracks,
    /// whose times are not one sequence, is not one visitor's track).
    static let tracks: [(park: String, path: String)] = {
        let fm = FileManager.default
        var found: [(String, String)] = []
        for park in ParkCatalog(root: repository).codes {
            for folder in ["parks/\(park)/tests", "parks/\(park)/tests/party"] {
                let dir = repositoryRoot.appendingPathComponent(folder)
                for name in ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted() where name.hasSuffix(".gpx") {
                    let path = dir.appendingPathComponent(name).path
                    if (try? RecordedTrack.read(path)) != nil { found.append((park, path)) }
                }
            }
        }
        let pct = repositoryRoot.appendingPathComponent("Tests/GeoKitTests/Fixtures/tracks")
        for name in ((try? fm.contentsOfDirectory(atPath: pct.path)) ?? []).sorted() where name.hasSuffix(".gpx") {
            found.append(("YOSE", pct.appendingPathComponent(name).path))
        }
        return found
    }()

    struct Said: Hashable, CustomStringConvertible {
        var kind: String
        var time: Double
        var region: String?
        var text: String?
        var description: String { "\(time) \(kind) \(region ?? "-") \(text ?? "")" }
    }

    @Test func thereAreTracksToCompare() {
        #expect(Self.tracks.count >= 6)
    }

    @Test(arguments: tracks.map { "\($0.park) \($0.path)" })
    func liveEventsAreTheReplaysTimeline(_ entry: String) throws {
        let park = String(entry.prefix(while: { $0 != " " })), path = String(entry.dropFirst(park.count + 1))
        let track = try RecordedTrack.read(path)
        let first = try #require(track.fixes.first)
        let start = Date(timeIntervalSince1970: first.time)

        let runtime = try FlowRuntime(root: repository, park: park, time: start)
        let batch = try runtime.run(FlowRequest(flow: "geofence", track: track))
        guard case .timeline(let timeline)? = batch.sections.first(where: { if case .timeline = $0 { true } else { false } }) else {
            Issue.record("the geofence replay of \(path) has no timeline")
            return
        }
        // The timeline's location lines are a summary of the states (a loss of position is one
        // line); the states themselves are compared below.
        let expected = timeline.entries.filter { $0.kind != .location }.map { entry in
            Said(
                kind: entry.kind.rawValue, time: entry.time, region: entry.kind == .monitor ? nil : entry.region,
                text: entry.kind == .callout || entry.kind == .calloutHeld ? entry.title : nil)
        }

        let session = try FlowSession(runtime: try FlowRuntime(root: repository, park: park, time: start), start: start)
        var events: [SessionEvent] = []
        for fix in track.fixes {
            for case .event(let event) in session.feed(fix.coordinate, at: fix.time) { events.append(event) }
        }
        let live = events.filter { $0.kind != .location }.map {
            Said(kind: $0.kind.rawValue, time: $0.time, region: $0.kind == .monitor ? nil : $0.region, text: $0.text)
        }
        #expect(live == expected, "\(path): live \(live.count) events, replay \(expected.count)")
        #expect(session.diagnostics.fixesTaken == track.fixes.count)

        // The location states: those the replay's machine entered, in order, at the same times.
        let replayed = LocationStateMachine.replay(track.fixes, accuracy: FlowRequest.defaultAccuracy, settings: runtime.park.settings.location.machine)
            .changes.map { "\($0.change.time) \($0.change.state.name)" }
        let states = events.filter { $0.kind == .location }.map { "\($0.time) \($0.state ?? "")" }
        #expect(states == replayed, "\(path)")
    }
}
