import BenchData
import Testing
@testable import GeoKit

/// The tracker: the filter converges, the shown exhibit never flaps, a dead beacon is
/// dropped, and enter/leave/dwell come in order.
struct ExhibitTrackerTests {
    static let uuid = "D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59"

    /// Three exhibits 6 m apart on one line, one beacon each (-59 dBm at 1 m, exponent 2).
    static func catalog() throws -> ExhibitCatalog {
        try ExhibitCatalog(
            (0..<3).map { i in
                Exhibit(
                    id: "e\(i + 1)", title: "Exhibit \(i + 1)", text: "About \(i + 1).", building: "Hall",
                    coordinate: Coordinate(latitude: 44.4589, longitude: -110.83 + Double(i) * 0.0000755),
                    beacons: [Exhibit.Beacon(id: try BeaconID(uuid: uuid, major: 1, minor: i + 1))])
            })
    }

    static func rssi(_ metres: Double) -> Double {
        BeaconCalibration.rssi(distance: metres, measuredPower: -59, pathLoss: 2)
    }

    @Test func filterConvergesOnTheTrueRSSI() {
        var random = SplitMix64(seed: 3)
        var filter = RSSIFilter(rssi: -80, time: 0, measurementNoise: 25)
        for t in 1...120 {
            filter.update(rssi: -65 + BeaconWalk.gaussian(&random) * 5, time: Double(t), processNoise: 2, measurementNoise: 25)
        }
        #expect(abs(filter.value - -65) < 2.5)
        #expect(filter.variance < 25)
    }

    @Test func distanceFollowsThePathLossModel() {
        let c = BeaconCalibration(measuredPower: -59, pathLoss: 2)
        #expect(abs(c.distance(rssi: -59, txPower: nil) - 1) < 1e-12)
        #expect(abs(c.distance(rssi: -79, txPower: nil) - 10) < 1e-9)
        // Without a measured power, the scan's transmit power, then the default.
        #expect(abs(BeaconCalibration().distance(rssi: -65, txPower: -65) - 1) < 1e-12)
        #expect(abs(BeaconCalibration().distance(rssi: -59, txPower: nil) - 1) < 1e-12)
    }

    @Test func noExhibitIsShownForLessThanTheHoldTime() throws {
        var tracker = try ExhibitTracker(catalog: try Self.catalog())
        var events: [ExhibitEvent] = []
        // Standing between e1 and e2, readings alternate which one sounds nearer.
        for t in 0..<60 {
            let near = t % 2 == 0
            try tracker.feed(.init(time: Double(t), beacon: 0, rssi: Self.rssi(near ? 2.5 : 3.5)), into: &events)
            try tracker.feed(.init(time: Double(t), beacon: 1, rssi: Self.rssi(near ? 3.5 : 2.5)), into: &events)
        }
        let changes = events.filter { $0.kind == .enter }.map(\.time)
        #expect(changes.count == 1)
        for (a, b) in zip(changes, changes.dropFirst()) { #expect(b - a >= tracker.options.holdTime) }
    }

    @Test func walkingPastEnterLeaveAndDwell() throws {
        var tracker = try ExhibitTracker(catalog: try Self.catalog())
        var events: [ExhibitEvent] = []
        // 30 s at e1 (1 m away), then 30 s at e2; the other beacon heard from 6 m.
        for t in 0..<60 {
            let atFirst = t < 30
            try tracker.feed(.init(time: Double(t), beacon: 0, rssi: Self.rssi(atFirst ? 1 : 6)), into: &events)
            try tracker.feed(.init(time: Double(t), beacon: 1, rssi: Self.rssi(atFirst ? 6 : 1)), into: &events)
        }
        let kinds = events.filter { $0.kind != .beaconLost }.map { "\($0.kind.rawValue) e\($0.exhibit + 1)" }
        #expect(kinds == ["enter e1", "dwell e1", "leave e1", "enter e2", "dwell e2"])
        let enter1 = try #require(events.first { $0.kind == .enter })
        #expect(enter1.time == 4)  // the hold time after the first reading
        let enter2 = try #require(events.last { $0.kind == .enter })
        #expect(enter2.time > 30 && enter2.time < 30 + 10)
        #expect(tracker.shown == 1)
    }

    @Test func aDeadBeaconIsDroppedAfterTheTimeout() throws {
        var tracker = try ExhibitTracker(catalog: try Self.catalog())
        var events: [ExhibitEvent] = []
        for t in 0..<20 { try tracker.feed(.init(time: Double(t), beacon: 0, rssi: Self.rssi(1)), into: &events) }
        #expect(tracker.shown == 0)
        // Only e3's faint beacon is heard from now on: e1's battery died at 19 s.
        for t in 20..<45 { try tracker.feed(.init(time: Double(t), beacon: 2, rssi: Self.rssi(7)), into: &events) }
        let lost = try #require(events.first { $0.kind == .beaconLost })
        #expect(lost.beacon == 0 && lost.time == 30)  // last heard at 19, timeout 10 s
        #expect(tracker.liveBeacons == [2])
        #expect(tracker.shown == 2)
        #expect(events.contains { $0.kind == .leave && $0.exhibit == 0 })
    }

    @Test func timesGoingBackwardsAreRefused() throws {
        var tracker = try ExhibitTracker(catalog: try Self.catalog())
        _ = try tracker.feed(.init(time: 10, beacon: 0, rssi: -60))
        #expect(throws: GeoError.self) { _ = try tracker.feed(.init(time: 9, beacon: 0, rssi: -60)) }
        #expect(throws: GeoError.self) { _ = try tracker.feed(.init(time: 11, beacon: 7, rssi: -60)) }
    }

    @Test func optionsAreChecked() {
        var options = ExhibitTrackerOptions()
        options.holdTime = -1
        #expect(throws: GeoError.self) { try options.validate() }
        options = ExhibitTrackerOptions()
        options.range = .nan
        #expect(throws: GeoError.self) { try options.validate() }
    }
}
