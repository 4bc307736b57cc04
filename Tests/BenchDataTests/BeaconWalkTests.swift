import Testing
import BenchData

/// The scan-log generator: seeded (the same walk from the same seed), the dead beacon falls
/// silent half-way, and the truth follows the visitor from exhibit to exhibit.
struct BeaconWalkTests {
    static let places = [BeaconWalk.Place(x: 0, y: 0, floor: 0), BeaconWalk.Place(x: 6, y: 0, floor: 0), BeaconWalk.Place(x: 12, y: 0, floor: 1)]
    static let beacons = (0..<3).map { BeaconWalk.Beacon(exhibit: $0, measuredPower: -59, pathLoss: 2) }

    static func walk(seed: UInt64, dead: Int? = nil) -> (readings: [BeaconWalk.Reading], truth: [BeaconWalk.Truth]) {
        var options = BeaconWalk.Options()
        options.seed = seed
        options.deadBeacon = dead
        return BeaconWalk.generate(places: places, beacons: beacons, options: options)
    }

    @Test func theSameSeedGivesTheSameWalk() {
        let a = Self.walk(seed: 5), b = Self.walk(seed: 5), c = Self.walk(seed: 6)
        #expect(a.readings == b.readings && a.truth == b.truth)
        #expect(a.readings != c.readings)
    }

    @Test func theDeadBeaconFallsSilentHalfWay() throws {
        let walk = Self.walk(seed: 5, dead: 1)
        let end = try #require(walk.truth.last?.time)
        let heard = walk.readings.filter { $0.beacon == 1 }.map(\.time)
        #expect(!heard.isEmpty)
        #expect(heard.allSatisfy { $0 < end / 2 + 1 })
        #expect(walk.readings.contains { $0.beacon == 0 && $0.time > end / 2 + 1 } || walk.readings.contains { $0.beacon == 2 && $0.time > end / 2 + 1 })
    }

    @Test func theTruthVisitsEveryExhibitInOrder() {
        let truth = Self.walk(seed: 5).truth
        var order: [Int] = []
        for t in truth where t.exhibit >= 0 && order.last != t.exhibit { order.append(t.exhibit) }
        #expect(order == [0, 1, 2])
        #expect(truth.allSatisfy { $0.time.truncatingRemainder(dividingBy: 1) == 0 })
    }

    @Test func readingsAreWholeDecibelsInRange() {
        let readings = Self.walk(seed: 9).readings
        #expect(readings.allSatisfy { $0.rssi == $0.rssi.rounded() && $0.rssi <= 0 && $0.rssi >= -100 })
    }
}
