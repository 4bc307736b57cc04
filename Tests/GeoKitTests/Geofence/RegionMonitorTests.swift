import Testing
@testable import GeoKit

struct RegionMonitorTests {
    static var quick: GeofenceSettings {
        var s = GeofenceSettings()
        s.enterDelay = 5
        s.exitDelay = 5
        s.exitMargin = 0  // these walks count every fix outside as outside
        s.dwellDelay = 30
        return s
    }

    @Test func walkingInAndOutGivesOneEnterAndOneExitAfterTheDelays() throws {
        // A 50 m circle 100 m east; walk from 0 to 200 m at 1.5 m/s: inside from ~50 m to ~150 m.
        let region = try Walk.circle("a", east: 100, radius: 50)
        let events = try Walk.run([region], Walk.fixes(Walk.walk(0, 200)), settings: Self.quick)
        #expect(events.count == 3)
        #expect(events.map { $0.split(separator: " ")[1] } == ["enter", "dwell", "exit"])
        // First fix inside at 50 m is fix 34 (50/1.5 = 33.3); the enter is 5 s later.
        #expect(events[0] == "39 enter a")
        #expect(events[1] == "69 dwell a")
        #expect(events[2] == "106 exit a")
    }

    @Test func jitterAtTheEdgeMakesNoStorm() throws {
        // Standing on the edge of a 50 m circle, GPS noise of ±4 m flips in and out every few seconds.
        let region = try Walk.circle("a", east: 0, radius: 50)
        var easts: [Double] = []
        var seed: UInt64 = 7
        for _ in 0..<600 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            easts.append(50 + Double(Int(seed >> 33) % 9) - 4)
        }
        var raw = Self.quick
        raw.enterDelay = 0
        raw.exitDelay = 0
        let storm = try Walk.run([region], Walk.fixes(easts), settings: raw)
        #expect(storm.count > 50)
        var debounced = Self.quick
        debounced.enterDelay = 20
        debounced.exitDelay = 20
        debounced.enterMargin = 5
        debounced.exitMargin = 5
        let calm = try Walk.run([region], Walk.fixes(easts), settings: debounced)
        #expect(calm.isEmpty)
    }

    @Test func dwellNeedsTheDelayAndFiresOnce() throws {
        let region = try Walk.circle("a", east: 0, radius: 50)
        let events = try Walk.run([region], Walk.fixes(Walk.stay(0, 100)), settings: Self.quick)
        #expect(events == ["5 enter a", "35 dwell a"])
        let short = try Walk.run([region], Walk.fixes(Walk.stay(0, 20) + Walk.stay(200, 20)), settings: Self.quick)
        #expect(short == ["5 enter a", "25 exit a"])
    }

    @Test func overlappingRegionsRaiseTheirOwnEvents() throws {
        let a = try Walk.circle("a", east: 0, radius: 60)
        let b = try Walk.circle("b", east: 40, radius: 60)
        let events = try Walk.run([a, b], Walk.fixes(Walk.stay(20, 10) + Walk.stay(90, 10)), settings: Self.quick)
        #expect(events == ["5 enter a", "5 enter b", "15 exit a"])
    }

    @Test func aPolygonWithAHoleIsNotEnteredInTheHole() throws {
        let area = try Walk.ring()
        #expect(!area.contains(Walk.at(east: 0)))
        #expect(area.contains(Walk.at(east: 60)))
        let events = try Walk.run([area], Walk.fixes(Walk.stay(0, 20) + Walk.stay(60, 20) + Walk.stay(0, 20)), settings: Self.quick)
        #expect(events == ["25 enter ring", "45 exit ring"])
    }

    @Test func theCapSwapsRegionsAsTheVisitorMoves() throws {
        // 60 circles every 100 m along the walk; cap 5, refresh after 150 m.
        let regions = try (0..<60).map { try Walk.circle("s\($0)", east: Double($0) * 100, north: 30, radius: 20) }
        var settings = Self.quick
        settings.cap = 5
        settings.refreshDistance = 150
        settings.hysteresis = 10
        let monitor = try RegionMonitor(index: RegionIndex(regions), settings: settings)
        var swaps = 0
        var seen = Set<Int32>()
        for fix in Walk.fixes(Walk.walk(0, 5900, step: 5)) {
            let step = try monitor.feed(fix)
            #expect(monitor.monitored.count == 5)
            swaps += step.added.count
            seen.formUnion(monitor.monitored)
        }
        #expect(swaps > 50)
        #expect(seen.count == 60)
        #expect(monitor.refreshCount >= 5900 / 150)
    }

    @Test func theCapMissesWhatItDoesNotWatchAndTheShadowSaysSo() throws {
        // 30 tiny regions all at one spot: a cap of 5 cannot watch them all.
        let regions = try (0..<30).map { try Walk.circle("s\($0)", east: 0, radius: 30 + Double($0)) }
        var settings = Self.quick
        settings.cap = 5
        let events = try Walk.run(regions, Walk.fixes(Walk.stay(0, 10)), settings: settings)
        #expect(events.filter { $0.contains(" enter ") }.count == 5)
        #expect(events.filter { $0.contains("missed_enter") }.count == 25)
    }

    @Test func hysteresisKeepsARegionThatIsOnlySlightlyFarther() throws {
        let near = try Walk.circle("near", east: 0, north: 100, radius: 10)
        let far = try Walk.circle("far", east: 300, north: 100, radius: 10)
        var settings = Self.quick
        settings.cap = 1
        settings.refreshDistance = 50
        settings.hysteresis = 100
        let monitor = try RegionMonitor(index: RegionIndex([near, far]), settings: settings)
        // At 0 "near" is chosen. At 180 m "far" is 40 m nearer: within the hysteresis, so "near" stays.
        try monitor.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 0))
        #expect(monitor.monitored == [0])
        try monitor.feed(GeofenceFix(coordinate: Walk.at(east: 180), time: 1))
        #expect(monitor.monitored == [0])
        try monitor.feed(GeofenceFix(coordinate: Walk.at(east: 290), time: 2))
        #expect(monitor.monitored == [1])
    }

    @Test func presenceTakesASlotAndRaisesItsOwnEvents() throws {
        let square = [
            Walk.at(east: -100, north: -100), Walk.at(east: 100, north: -100),
            Walk.at(east: 100, north: 100), Walk.at(east: -100, north: 100),
        ]
        let park = try GeofenceRegion(id: "park", boundary: Boundary(polygons: [[square]]))
        let sites = try (0..<3).map { try Walk.circle("s\($0)", east: Double($0) * 10, radius: 5) }
        var settings = Self.quick
        settings.cap = 2
        let monitor = try RegionMonitor(index: RegionIndex(sites), presence: park, settings: settings)
        try monitor.feed(GeofenceFix(coordinate: Walk.at(east: 0), time: 0))
        #expect(monitor.monitored.count == 1)
        let events = try Walk.run(sites, Walk.fixes(Walk.stay(300, 3) + Walk.stay(0, 10)), presence: park, settings: settings)
        #expect(events.contains("8 enter park"))
    }

    @Test func sameTrackSameTimeline() throws {
        let regions = try (0..<20).map { try Walk.circle("s\($0)", east: Double($0) * 37, north: Double($0 % 3) * 20, radius: 25) }
        let fixes = Walk.fixes(Walk.walk(0, 800, step: 1.3) + Walk.walk(800, 0, step: 2))
        var settings = Self.quick
        settings.cap = 4
        let first = try Walk.run(regions, fixes, settings: settings)
        #expect(!first.isEmpty)
        #expect(try Walk.run(regions, fixes, settings: settings) == first)
    }

    @Test func badInputIsRefused() throws {
        #expect(
            failure { () throws(GeoError) in try GeofenceRegion(id: "c3", center: Walk.origin, radius: -5) }
                == "region 'c3': radius -5 must be a positive number of metres")
        #expect(
            failure { () throws(GeoError) in try GeofenceRegion(id: "c4", center: Walk.origin, radius: .nan) }
                == "region 'c4': radius nan must be a positive number of metres")
        let bowtie = [
            Walk.at(east: 0, north: 0), Walk.at(east: 100, north: 100),
            Walk.at(east: 100, north: 0), Walk.at(east: 0, north: 100),
        ]
        #expect(
            failure { () throws(GeoError) in try GeofenceRegion(id: "bow", boundary: Boundary(polygons: [[bowtie]])) }
                == "region 'bow': polygon 1, ring 1 crosses itself (edges 1 and 3)")
        var settings = GeofenceSettings()
        settings.enterDelay = -1
        #expect(
            failure { () throws(GeoError) in try RegionMonitor(index: RegionIndex([]), settings: settings) }
                == "geofence settings: enter_delay -1 must be a number of seconds in [0, 86400] (a day)")
        let monitor = try RegionMonitor(index: RegionIndex([]))
        try monitor.feed(GeofenceFix(coordinate: Walk.origin, time: 10))
        #expect(
            failure { () throws(GeoError) in try monitor.feed(GeofenceFix(coordinate: Walk.origin, time: 9)) }
                == "fix 1: time 9 is before the previous fix's 10; fixes must be in time order")
    }
}
