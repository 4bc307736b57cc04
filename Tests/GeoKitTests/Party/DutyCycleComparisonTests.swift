import Foundation
import Testing
@testable import GeoKit

/// Matching the duty-cycled replay's events to the full one's, by hand and on a real track.
struct DutyCycleComparisonTests {
    static let here = Coordinate(latitude: 37.87, longitude: -119.35)

    static func event(_ kind: PartyEvent.Kind, _ time: Double, member: Int = 0, other: Int? = nil, zone: Int? = 0) -> PartyEvent {
        PartyEvent(kind: kind, time: time, member: member, other: other, zone: zone, coordinate: here)
    }

    @Test func eachFullEventIsOnTimeLateEarlyOrMissed() {
        let full = [
            Self.event(.inZone, 100), Self.event(.leftZones, 500), Self.event(.returned, 900),
            Self.event(.silent, 2000, zone: nil), Self.event(.drift, 3000, other: 1, zone: nil),
        ]
        let sampled = [
            Self.event(.inZone, 100.4), Self.event(.leftZones, 560), Self.event(.silent, 1950, zone: nil),
            Self.event(.drift, 3000, other: 2, zone: nil), Self.event(.returned, 1600),
        ]
        let (matches, extra) = DutyCycleComparison.match(full: full, sampled: sampled)
        #expect(matches.map(\.outcome) == [.onTime, .late(60), .missed, .early(50), .missed])
        #expect(matches.map(\.sampled) == [0, 1, nil, 2, nil])
        #expect(matches.map(\.delay) == [0, 60, nil, -50, nil])
        // The return 700 s late is past the match window; the drift is with another member.
        #expect(extra == [3, 4])
    }

    @Test func eventsOfOneKindPairInOrder() {
        let full = [Self.event(.leftZones, 100), Self.event(.leftZones, 1000), Self.event(.leftZones, 1100)]
        let sampled = [Self.event(.leftZones, 20), Self.event(.leftZones, 130), Self.event(.leftZones, 1150)]
        let (matches, extra) = DutyCycleComparison.match(full: full, sampled: sampled)
        #expect(matches.map(\.outcome) == [.early(80), .late(150), .missed])
        #expect(extra == [1])
    }

    @Test func aZoneEventIsMatchedOnlyInTheSameZone() {
        let (matches, extra) = DutyCycleComparison.match(
            full: [Self.event(.leftZones, 100, zone: 0)],
            sampled: [Self.event(.leftZones, 110, zone: 1)])
        #expect(matches.map(\.outcome) == [.missed])
        #expect(extra == [0])
    }

    /// The real exit track from Tuolumne Meadows with a safe zone around its start: always on
    /// changes nothing; 10 s of every minute still raises the exit, later.
    @Test func aRealTrackAlwaysOnAndDutyCycled() throws {
        let track = try GPXReader.read(
            contentsOf: Fixture.url("tracks/yose-pct-2019-07-31-exit.gpx").path,
            displayPath: "yose-pct-2019-07-31-exit.gpx"
        ).timedFixes()
        let first = try #require(track.first)
        let zone = try GeofenceRegion(id: "start", center: first.coordinate, radius: 150)
        let settings = PartySettings()
        let always = try DutyCycleComparison.run(tracks: [track], zones: [zone], settings: settings, policy: .always)
        #expect(always.matches.allSatisfy { $0.outcome == .onTime })
        #expect(always.extra.isEmpty)
        #expect(always.usage[0].onShare == 1)
        #expect(always.usage[0].fixes == always.usage[0].fullFixes)
        let exits = always.matches(of: .leftZones)
        #expect(exits.count == 1)

        let cycled = try DutyCycleComparison.run(
            tracks: [track], zones: [zone], settings: settings,
            policy: try DutyCyclePolicy(parsing: "10/60"))
        let exit = try #require(cycled.matches(of: .leftZones).first)
        let delay = try #require(exit.delay)
        #expect(delay >= 0 && delay <= 120)
        #expect(abs(cycled.usage[0].onShare - 1.0 / 6) < 0.01)
        #expect(cycled.usage[0].fixes < cycled.usage[0].fullFixes / 6)
        #expect(cycled.total.fixes == cycled.usage[0].fixes)
    }

    /// A walk out of a zone: the full track confirms the exit 30 s after its first fix 10 m out
    /// (111 s: the walk's "metre" is 1/111,000 of a degree, a little short of one here); 10/60
    /// sees the visitor out at 125 and confirms at the next window (185); the hold confirms
    /// 30 s after 135, within the window after.
    @Test func theHoldConfirmsAnExitWithoutWaitingAPeriod() throws {
        let walk = DutyCycleSamplerTests.walk(seconds: 400)
        let zone = try GeofenceRegion(id: "camp", center: DutyCycleSamplerTests.origin, radius: 100)
        func exitDelay(_ text: String) throws -> Double? {
            let c = try DutyCycleComparison.run(tracks: [walk], zones: [zone], settings: PartySettings(), policy: try DutyCyclePolicy(parsing: text))
            #expect(c.matches.map(\.event.kind) == [.inZone, .leftZones])
            return c.matches(of: .leftZones).first?.delay
        }
        #expect(try exitDelay("10/60") == 44)
        #expect(try exitDelay("10/60,hold=30") == 24)
        #expect(try exitDelay("always") == 0)
    }

    @Test func aPolicyTheChecksRefuseIsAnError() {
        var bad = DutyCyclePolicy.standard
        bad.rhythm.on = 0
        #expect(
            failure { () throws(GeoError) in
                try DutyCycleComparison.run(tracks: [], zones: [], settings: PartySettings(), policy: bad)
            } == "0/75: on must be a positive number of seconds, got 0")
    }
}
