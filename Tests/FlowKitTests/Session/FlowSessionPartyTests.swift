import Foundation
import GeoKit
import ScreenModel
import ScreenRendering
import Testing

@testable import FlowKit

/// A session joined to a party, and one fed beacon readings: alerts told by role, each once,
/// kept in the store for one who opens the app later; bad readings and reports counted.
@Suite struct FlowSessionPartyTests {
    static let partyFile = repositoryRoot.appendingPathComponent("parks/YOSE/tests/party/valley-family.json").path

    static func play(_ run: PartyRun, into session: FlowSession) -> [SessionEvent] {
        let members = run.party.members
        var events: [SessionEvent] = []
        for (m, i) in PartyReplay.merged(members.map(\.fixes)) {
            let report = FlowSession.PartyReport(member: members[m].id, fix: members[m].fixes[i])
            for case .event(let e) in session.report([report]) where e.party != nil { events.append(e) }
        }
        return events
    }

    static func session(_ run: PartyRun, store: any VisitorStore) throws -> FlowSession {
        let start = Date(timeIntervalSince1970: run.party.span.start)
        return try FlowSession(runtime: try FlowRuntime(root: repository, park: "YOSE", time: start, store: store), start: start)
    }

    @Test func eachMemberIsToldWhatTheirRoleHearsAndTheAlertsAreKeptOnce() throws {
        let store = MemoryVisitorStore()
        let party = try PartyFile.read(Self.partyFile)
        var told: [String: [SessionEvent]] = [:]
        for member in party.members {
            let run = try PartyRun(party: party, as: member.id)
            let session = try Self.session(run, store: store)
            _ = try session.join(run)
            told[member.id] = Self.play(run, into: session).filter { $0.party != "in_zone" }
            #expect(session.diagnostics.alertsNotKept == 0)
        }
        let guardian = try #require(told["ana"]), child = try #require(told["ben"])
        // The guardian hears every alert; the child only those about them, and never another's position they may not see.
        #expect(guardian.count > child.count && !child.isEmpty)
        #expect(child.allSatisfy { $0.member == "ben" || $0.other == "ben" })
        #expect(guardian.allSatisfy { $0.recipients.contains("ana") })
        for (id, events) in told {
            // What each was told is kept for them, once: as many rows as alerts.
            let kept = try store.partyAlerts(park: "YOSE", party: party.name, recipient: id, limit: nil)
            #expect(kept.count == events.count, "\(id)")
            #expect(kept.map(\.time) == events.map(\.time).reversed(), "newest first")
        }
    }

    /// A watch kept by the child's run: the guardian's live session, ticking past its end with
    /// no check-in, tells the guardian once and keeps the alert; one checked in tells nobody.
    @Test(arguments: [false, true])
    func aWatchThatRunsOutIsAnAlertForTheGuardianOnce(checkedIn: Bool) throws {
        let store = MemoryVisitorStore()
        let run = try PartyRun(party: try PartyFile.read(Self.partyFile), as: "ana")
        let start = run.party.span.start
        try store.begin(writing: true)
        try store.savePartyWatch(
            StoredPartyWatch(park: "YOSE", party: run.party.name, member: "ben", started: start, until: start + 600, checkedIn: checkedIn ? start + 300 : nil))
        try store.commit()
        let session = try Self.session(run, store: store)
        let device = Device(now: Date(timeIntervalSince1970: start))
        session.device = device
        _ = try session.join(run)
        func overdue(_ outputs: [SessionOutput]) -> [SessionEvent] {
            outputs.compactMap { if case .event(let e) = $0, e.party == "overdue" { e } else { nil } }
        }
        #expect(overdue(session.advance(to: start + 599)).isEmpty, "not before its end")
        let raised = overdue(session.advance(to: start + 660)) + overdue(session.advance(to: start + 720))
        let kept = try store.partyAlerts(park: "YOSE", party: run.party.name, recipient: "ana", limit: nil).filter { $0.kind == "overdue" }
        if checkedIn {
            #expect(raised.isEmpty && kept.isEmpty)
        } else {
            #expect(raised.count == 1)
            #expect(raised.first?.kind == .overdue && raised.first?.member == "ben" && raised.first?.time == start + 600)
            #expect(raised.first?.recipients == ["ana", "ben"])
            #expect(device.told.contains { $0.party == "overdue" })
            #expect(kept.map(\.member) == ["ben"])
        }
    }

    /// The zones a guardian kept replace the file's for the session that joins later: with
    /// the camp and meadow removed and one zone over the whole valley, nobody leaves them.
    @Test func aSessionJoiningLaterWatchesTheZonesTheGuardiansKept() throws {
        let run = try PartyRun(party: try PartyFile.read(Self.partyFile), as: "ana")
        func leaves(_ store: any VisitorStore) throws -> Int {
            let session = try Self.session(run, store: store)
            _ = try session.join(run)
            return Self.play(run, into: session).count { $0.party == "left_zones" }
        }
        #expect(try leaves(MemoryVisitorStore()) > 0)
        let store = MemoryVisitorStore()
        try store.begin(writing: true)
        for (zone, spec) in [("camp", nil), ("meadow", nil), ("valley", #"{"id":"valley","lat":37.74,"lon":-119.56,"radius_m":20000}"#)] {
            try store.savePartyZone(StoredPartyZone(park: "YOSE", party: run.party.name, zone: zone, spec: spec, updated: "2026-07-04T15:00:00Z", by: "ana"))
        }
        try store.commit()
        #expect(try leaves(store) == 0)
    }

    /// A device double: its clock, and what the session told the visitor.
    final class Device: SessionDevice {
        var now: Date
        var told: [SessionEvent] = []
        init(now: Date) { self.now = now }
        func notify(_ event: SessionEvent) { told.append(event) }
    }

    @Test func theDeviceIsToldOfEachAlertAndCalloutOnceAndItsClockTicks() throws {
        let run = try PartyRun(party: try PartyFile.read(Self.partyFile), as: "ana")
        let session = try Self.session(run, store: MemoryVisitorStore())
        let device = Device(now: Date(timeIntervalSince1970: run.party.span.start))
        session.device = device
        _ = try session.join(run)
        let events = Self.play(run, into: session)
        let alerts = events.filter { $0.party != "in_zone" }
        // Every alert the guardian hears, once, in order; the in-zone arrivals are not alerts.
        let toldAlerts = device.told.filter { $0.party != nil }
        #expect(toldAlerts == alerts && !alerts.isEmpty)
        #expect(device.told.allSatisfy { $0.notifies })
        // The party file's walk passes no site: anything else told is a callout.
        #expect(device.told.filter { $0.party == nil }.allSatisfy { $0.kind == .callout })

        // tick(): the clock moves to the device's; with nobody reporting, everyone falls silent.
        device.now = Date(timeIntervalSince1970: run.party.span.end + 3600)
        let later = session.tick().compactMap { if case .event(let e) = $0 { e } else { nil } }
        #expect(session.now == device.now.timeIntervalSince1970)
        #expect(later.contains { $0.party == "silent" })
    }

    @Test func aGuardianWhoOpensTheAppLaterSeesWhatHappened() throws {
        let store = MemoryVisitorStore()
        let run = try PartyRun(party: try PartyFile.read(Self.partyFile), as: "ana")
        let first = try Self.session(run, store: store)
        _ = try first.join(run)
        let (handle, _) = try first.open(FlowRequest(flow: "party"))
        var outputs: [SessionOutput] = []
        let members = run.party.members
        for (m, i) in PartyReplay.merged(members.map(\.fixes)) {
            outputs += first.report([FlowSession.PartyReport(member: members[m].id, fix: members[m].fixes[i])])
        }
        // The open party screen follows the alerts as they are kept, and where everyone is.
        let updates = outputs.compactMap { if case .screen(let u) = $0, u.handle == handle { u } else { nil } }
        let last = try #require(updates.last.map { TextRenderer().render($0.screen) })
        #expect(last.contains("Ben left the safe zones"), "\(last)")
        #expect(last.contains("• Ben (child)\n  here, 5 min ago"), "the members' latest reports: \(last)")

        // Later: a new session on the same store, no report yet.
        let later = try Self.session(run, store: store)
        _ = try later.join(run)
        let screen = try #require(try later.open(FlowRequest(flow: "party")).outputs.compactMap { if case .screen(let u) = $0 { u.screen } else { nil } }.last)
        let text = TextRenderer().render(screen)
        #expect(text.contains("Ben left the safe zones") && text.contains("Cal stopped reporting"), "\(text)")
        #expect(text.contains("09:14"), "with the time it happened: \(text)")
        // Nothing is delivered again by opening: the later session raised no alert.
        #expect(later.diagnostics.runs == 1)
    }

    @Test func reportsThatCannotBeAreDroppedAndCounted() throws {
        let run = try PartyRun(party: try PartyFile.read(Self.partyFile), as: "ana")
        let session = try Self.session(run, store: MemoryVisitorStore())
        let t = run.party.span.start
        // Before joining, a report has no party.
        _ = session.report([.init(member: "ben", fix: TimedFix(coordinate: Coordinate(latitude: 37.74, longitude: -119.56), time: t))])
        #expect(session.diagnostics.reportsDropped == 1)
        _ = try session.join(run)
        let good = TimedFix(coordinate: Coordinate(latitude: 37.74, longitude: -119.565), time: t + 60)
        _ = session.report([.init(member: "ben", fix: good)])
        let bad: [FlowSession.PartyReport] = [
            .init(member: "zed", fix: good),
            .init(member: "ben", fix: TimedFix(coordinate: Coordinate(latitude: .nan, longitude: -119.56), time: t + 61)),
            .init(member: "ben", fix: TimedFix(coordinate: Coordinate(latitude: 95, longitude: -119.56), time: t + 62)),
            .init(member: "ben", fix: TimedFix(coordinate: Coordinate(latitude: 37.74, longitude: -119.56), time: t + 30)),
        ]
        for report in bad { _ = session.report([report]) }
        #expect(session.diagnostics.reportsDropped == 1 + bad.count)
    }

    @Test func readingsThatCannotBeAreDroppedAndCounted() throws {
        let runtime = try FlowRuntime(root: repository, park: "YELL", time: fixedTime)
        let catalog = try #require(try runtime.exhibits())
        let session = try FlowSession(runtime: runtime, start: fixedTime)
        let beacon = try #require(catalog.beacons.first?.id)
        let t = fixedTime.timeIntervalSince1970
        _ = session.feed(BeaconReading(beacon: beacon, rssi: -60, time: t + 10))
        let unknown = try BeaconID(uuid: "00000000-0000-0000-0000-000000000000", major: 9, minor: 9)
        let bad = [
            BeaconReading(beacon: unknown, rssi: -60, time: t + 11),
            BeaconReading(beacon: beacon, rssi: 12, time: t + 12),
            BeaconReading(beacon: beacon, rssi: .nan, time: t + 13),
            BeaconReading(beacon: beacon, rssi: -60, time: .infinity),
            BeaconReading(beacon: beacon, rssi: -60, time: t + 5),
        ]
        for reading in bad { #expect(session.feed(reading).isEmpty) }
        let d = session.diagnostics
        #expect(d.readingsTaken == 1 && d.readingsUnknownBeacon == 1 && d.readingsOutOfRange == 3 && d.readingsOutOfOrder == 1)

        // A park without exhibits knows no beacon: every reading is dropped, none is a crash.
        let goga = try FlowSession(runtime: try FlowRuntime(root: repository, park: "GOGA", time: fixedTime), start: fixedTime)
        #expect(
            goga.feed(BeaconReading(beacon: beacon, rssi: -60, time: t + 1)).allSatisfy { if case .event(let e) = $0 { e.kind == .location } else { false } })
        #expect(goga.diagnostics.readingsUnknownBeacon == 1)
    }
}
