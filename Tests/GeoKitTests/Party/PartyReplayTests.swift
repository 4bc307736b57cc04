import Testing
@testable import GeoKit

/// PartyReplay: who left every safe zone and came back, who stopped reporting, which two
/// drifted apart, at the times the settings decide.
@Suite struct PartyReplayTests {
    static let camp = Coordinate(latitude: 37.74, longitude: -119.565)
    /// Degrees of longitude per metre at the camp's latitude (a walk east of it).
    static let degreesPerMetre = 1 / 88_050.0

    /// A fix `metres` east of the camp at `time`.
    static func fix(_ metres: Double, _ time: Double) -> TimedFix {
        TimedFix(coordinate: Coordinate(latitude: camp.latitude, longitude: camp.longitude + metres * degreesPerMetre), time: time)
    }

    /// One fix a minute, at `path(minute)` metres east of the camp, for `minutes` minutes.
    static func walk(minutes: Int, skipping gap: ClosedRange<Int>? = nil, _ path: (Int) -> Double) -> [TimedFix] {
        (0...minutes).filter { gap?.contains($0) != true }.map { fix(path($0), Double($0) * 60) }
    }

    /// Out 100 m a minute from minute 5 to 950 m, back from minute 20 (50 m off every
    /// hundred, so no fix is on a zone's edge): outside a 300 m zone from minute 8 (350 m) to
    /// minute 27 (250 m).
    static let outAndBack = walk(minutes: 40) { m in
        m < 5 ? 0 : m < 15 ? Double(m - 5) * 100 + 50 : m < 20 ? 950 : m < 30 ? Double(29 - m) * 100 + 50 : 0
    }

    /// No delays or margins: each event at the first fix past the edge.
    static var instant: PartySettings {
        var s = PartySettings()
        (s.geofence.enterDelay, s.geofence.exitDelay, s.geofence.enterMargin, s.geofence.exitMargin) = (0, 0, 0, 0)
        return s
    }

    static func zone(_ id: String, metresEast: Double = 0, radius: Double = 300) throws -> GeofenceRegion {
        try GeofenceRegion(id: id, name: id, center: fix(metresEast, 0).coordinate, radius: radius)
    }

    func summary(_ events: [PartyEvent]) -> [String] {
        events.map { e in
            "\(Int(e.time)) \(e.kind.rawValue) \(e.member)" + (e.other.map { "-\($0)" } ?? "") + (e.zone.map { " z\($0)" } ?? "")
        }
    }

    @Test func leavingEveryZoneAndComingBackAreAlertsEnteringFirstIsNot() throws {
        let events = try PartyReplay.run(tracks: [Self.outAndBack], zones: [try Self.zone("camp")], settings: Self.instant)
        // In at the first fix, out at minute 8, back at minute 27.
        #expect(summary(events) == ["0 in_zone 0 z0", "480 left_zones 0 z0", "1620 returned 0 z0"])
        #expect(events.map(\.isAlert) == [false, true, true])
    }

    @Test func theParksDelaysPostponeTheAlerts() throws {
        var settings = Self.instant
        (settings.geofence.enterDelay, settings.geofence.exitDelay) = (20, 30)
        let events = try PartyReplay.run(tracks: [Self.outAndBack], zones: [try Self.zone("camp")], settings: settings)
        // Fixes a minute apart: each state is confirmed at the first fix its delay after the change.
        #expect(summary(events) == ["60 in_zone 0 z0", "540 left_zones 0 z0", "1680 returned 0 z0"])
    }

    @Test func walkingFromOneZoneIntoAnotherIsNoAlert() throws {
        // The camp and a trail zone 200 to 800 m east overlap: out of both at 850 m (minute 13),
        // back in the trail zone at 750 m (minute 22).
        let zones = [try Self.zone("camp"), try Self.zone("trail", metresEast: 500, radius: 300)]
        let events = try PartyReplay.run(tracks: [Self.outAndBack], zones: zones, settings: Self.instant)
        #expect(summary(events) == ["0 in_zone 0 z0", "780 left_zones 0 z1", "1320 returned 0 z1"])
    }

    @Test func theMonitorRaisesASilenceWhenTimePassesNotAtTheNextFix() throws {
        var settings = Self.instant
        settings.silenceTimeout = 600
        let monitor = try PartyMonitor(members: 2, zones: [], settings: settings)
        #expect(try monitor.feed(member: 0, fix: Self.fix(0, 0)).isEmpty)
        // Ten minutes pass: not yet; a second more: silent, dated at the timeout, once.
        #expect(monitor.advance(to: 600).isEmpty)
        #expect(summary(monitor.advance(to: 601)) == ["600 silent 0"])
        #expect(monitor.advance(to: 900).isEmpty)
        #expect(summary(try monitor.feed(member: 0, fix: Self.fix(0, 960))) == ["960 reporting 0"])
        // A member the party does not have is an error, not a crash.
        #expect(throws: GeoError.self) { try monitor.feed(member: 2, fix: Self.fix(0, 1000)) }
    }

    @Test func aSilenceLongerThanTheTimeoutIsReportedAtTheTimeoutAndEndsAtTheNextFix() throws {
        var settings = Self.instant
        settings.silenceTimeout = 600
        // Fixes a minute apart, none from minute 11 to 21 (11 minutes), then none after minute 30.
        let quiet = Self.walk(minutes: 30, skipping: 11...21) { _ in 0 }
        let steady = Self.walk(minutes: 45) { _ in 0 }
        let events = try PartyReplay.run(tracks: [quiet, steady], zones: [], settings: settings)
        #expect(summary(events) == ["1200 silent 0", "1320 reporting 0", "2400 silent 0"])
        // A gap of exactly the timeout is not a silence.
        let exact = Self.walk(minutes: 30, skipping: 11...19) { _ in 0 }
        #expect(try PartyReplay.run(tracks: [exact], zones: [], settings: settings).isEmpty)
    }

    @Test func twoMembersFartherThanTheDriftDistanceDriftAndComeBackBelowFourFifths() throws {
        var settings = Self.instant
        settings.driftDistance = 800
        let home = Self.walk(minutes: 40) { _ in 0 }
        let events = try PartyReplay.run(tracks: [home, Self.outAndBack], zones: [], settings: settings)
        // 850 m at minute 13 (750 m before it); together at 550 m (minute 24: 650 m is not below 640 m).
        #expect(summary(events) == ["780 drift 0-1", "1440 together 0-1"])
        #expect(events.first.flatMap(\.distance).map { ($0 / 10).rounded() * 10 } == 850)
    }

    @Test func aSilentMembersLastFixDoesNotCountForDrift() throws {
        var settings = Self.instant
        (settings.driftDistance, settings.silenceTimeout) = (800, 300)
        // The other phone's last fix is at minute 0: ten minutes later it says nothing.
        let gone = [Self.fix(0, 0)]
        let events = try PartyReplay.run(tracks: [gone, Self.outAndBack], zones: [], settings: settings)
        #expect(events.allSatisfy { $0.kind != .drift }, "\(summary(events))")
    }

    @Test func theSameFixesGiveTheSameEventsInTimeThenMemberOrder() throws {
        let tracks = [Self.outAndBack, Self.walk(minutes: 40) { _ in 0 }, Self.outAndBack]
        let zones = [try Self.zone("camp")]
        let first = try PartyReplay.run(tracks: tracks, zones: zones, settings: Self.instant)
        #expect(first == (try PartyReplay.run(tracks: tracks, zones: zones, settings: Self.instant)))
        #expect(first.map(\.time) == first.map(\.time).sorted())
        // Members 0 and 2 walk the same path: their alerts come at the same times, 0 first.
        let left = first.filter { $0.kind == .leftZones }
        #expect(left.map(\.member) == [0, 2])
        #expect(left.map(\.time) == [480, 480])
    }

    @Test func badSettingsAreRefusedNamingTheField() {
        var settings = PartySettings()
        settings.driftDistance = 0
        #expect(throws: GeoError.self) { try PartyReplay.run(tracks: [], zones: [], settings: settings) }
        #expect(settings.problem() == "drift_m 0 must be a number of metres in (0, 100000]")
        settings = PartySettings()
        settings.silenceTimeout = .nan
        #expect(settings.problem() == "silence_s nan must be a number of seconds in (0, 86400] (a day)")
        // Numbers out of any sensible range are refused where they enter, not met later.
        settings.silenceTimeout = 1e23
        #expect(settings.problem() == "silence_s 1e+23 must be a number of seconds in (0, 86400] (a day)")
    }
}
