import Foundation
import GeoKit
import ScreenModel
import Testing

@testable import FlowKit

/// A live session fed a scan log's readings, or a party's reports, raises the events the
/// batch replays list (`exhibits --beacons FILE`, `party --party FILE --as ID`), at the same
/// moments: one way of tracking, whether the inputs come from a file or from the device.
@Suite struct SessionRecordingParityTests {
    /// Files under `folder` of every park ending in `suffix`, with their park.
    static func files(in folder: String, suffix: String, skipping: String? = nil) -> [String] {
        var found: [String] = []
        for park in ParkCatalog(root: repository).codes {
            let dir = repositoryRoot.appendingPathComponent("parks/\(park)/tests/\(folder)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names.sorted() where name.hasSuffix(suffix) && !(skipping.map(name.hasSuffix) ?? false) {
                found.append("\(park) \(dir.appendingPathComponent(name).path)")
            }
        }
        return found
    }

    static let scanLogs = files(in: "scans", suffix: ".csv", skipping: ".truth.csv")
    static let parties: [String] = files(in: "party", suffix: ".json").flatMap { entry -> [String] in
        let path = String(entry.split(separator: " ", maxSplits: 1)[1])
        guard let party = try? PartyFile.read(path) else { return [] }
        return party.members.map { "\(entry) \($0.id)" }
    }

    struct Said: Hashable, CustomStringConvertible {
        var kind: String
        var time: Double
        var region: String?
        var description: String { "\(time) \(kind) \(region ?? "-")" }
    }

    static func timeline(_ screen: Screen) -> Component.Timeline? {
        for case .timeline(let timeline) in screen.sections { return timeline }
        return nil
    }

    @Test func thereAreRecordingsToCompare() {
        #expect(Self.scanLogs.count >= 2)
        #expect(Self.parties.count >= 4, "every member of every party file")
    }

    @Test(arguments: scanLogs)
    func liveExhibitsAreTheScanReplaysTimeline(_ entry: String) throws {
        let parts = entry.split(separator: " ", maxSplits: 1).map(String.init)
        let (park, path) = (parts[0], parts[1])
        let runtime = try FlowRuntime(root: repository, park: park)
        let catalog = try #require(try runtime.exhibits())
        let log = try ScanLog.read(path, catalog: catalog)
        let first = try #require(log.scans.first)
        let start = Date(timeIntervalSince1970: first.time)

        let batch = try FlowRuntime(root: repository, park: park, time: start)
        var request = FlowRequest(flow: "exhibits")
        request.beacons = BeaconReplay(path: path)
        let timeline = try #require(Self.timeline(try batch.run(request)), "\(path): no timeline")
        let expected = timeline.entries.map { Said(kind: $0.kind.rawValue, time: $0.time, region: $0.region) }

        let session = try FlowSession(runtime: try FlowRuntime(root: repository, park: park, time: start), start: start)
        var live: [Said] = []
        for scan in log.scans {
            let reading = BeaconReading(beacon: catalog.beacons[scan.beacon].id, rssi: scan.rssi, txPower: scan.txPower, time: scan.time)
            for case .event(let e) in session.feed(reading) where e.kind != .location {
                live.append(Said(kind: e.kind.rawValue, time: e.time, region: e.region))
            }
        }
        #expect(live == expected, "\(path): live \(live.count) events, replay \(expected.count)")
        #expect(session.diagnostics.readingsTaken == log.scans.count)
    }

    @Test(arguments: parties)
    func livePartyAlertsAreThePartyReplaysTimeline(_ entry: String) throws {
        let parts = entry.split(separator: " ").map(String.init)
        let (park, path, member) = (parts[0], parts[1], parts[2])
        let run = try PartyRun(party: try PartyFile.read(path), as: member)
        let start = Date(timeIntervalSince1970: run.party.span.start)

        var request = FlowRequest(flow: "party")
        request.party = run
        let batch = try FlowRuntime(root: repository, park: park, time: start).run(request)
        let timeline = try #require(Self.timeline(batch), "\(path): no timeline")
        let expected = timeline.entries.map { Said(kind: $0.kind.rawValue, time: $0.time, region: $0.region) }

        let session = try FlowSession(runtime: try FlowRuntime(root: repository, park: park, time: start), start: start)
        _ = try session.join(run)
        let members = run.party.members
        var live: [Said] = []
        var moment: [FlowSession.PartyReport] = []
        func flush() {
            for case .event(let e) in session.report(moment) where e.party != nil {
                live.append(Said(kind: e.kind.rawValue, time: e.time, region: e.region))
            }
            moment.removeAll()
        }
        for (m, i) in PartyReplay.merged(members.map(\.fixes)) {
            let fix = members[m].fixes[i]
            if let t = moment.first?.fix.time, t != fix.time { flush() }
            moment.append(FlowSession.PartyReport(member: members[m].id, fix: fix))
        }
        flush()
        #expect(live == expected, "\(path) as \(member): live \(live.count) events, replay \(expected.count)")
        #expect(session.diagnostics.reportsDropped == 0)
    }
}
