#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Scan logs of a visitor walking through an indoor place's exhibits, with ground truth:
/// the data `flowbench beacons-gen` writes and `flowbench beacons` measures.
///
/// The visitor starts 6 m before the first exhibit and visits the exhibits in order: walks
/// to a spot 1 m in front of each (a random side) at ``Options/speed``, stays for a time in
/// ``Options/stay``, then walks on. Every ``Options/tick`` the phone hears each beacon once,
/// at the log-distance path loss of its true 3-D distance (phone 1 m below the beacon,
/// ``Options/floorHeight`` per floor) plus Gaussian noise of σ ``Options/noise`` dB, except
/// when the reading drops out (probability ``Options/dropout``), is fainter than
/// ``Options/threshold``, or the beacon's battery has died (``Options/deadBeacon`` stops at
/// ``Options/deadFraction`` of the walk). The truth at each tick is the exhibit truly
/// nearest, if it is within ``Options/range``; else none.
public enum BeaconWalk {
    /// An exhibit on a local plane: metres east and north of an origin, and its floor.
    public struct Place: Sendable {
        public var x: Double, y: Double, floor: Int
        public init(x: Double, y: Double, floor: Int) { (self.x, self.y, self.floor) = (x, y, floor) }
    }

    /// A beacon: its exhibit (index into the places) and its true radio behaviour.
    public struct Beacon: Sendable {
        public var exhibit: Int, measuredPower: Double, pathLoss: Double
        public init(exhibit: Int, measuredPower: Double, pathLoss: Double) {
            (self.exhibit, self.measuredPower, self.pathLoss) = (exhibit, measuredPower, pathLoss)
        }
    }

    /// The walk's and the radio's parameters.
    public struct Options: Sendable {
        public var seed: UInt64 = 17  // SplitMix64 seed
        public var speed = 0.9  // m/s walking between exhibits
        public var stay: ClosedRange<Double> = 15...45  // seconds at each exhibit
        public var tick = 1.0  // seconds between scan rounds (iOS ranging: 1 Hz)
        public var noise = 6.0  // dB, σ of each reading's Gaussian noise
        public var dropout = 0.3  // probability a reading is missed
        public var threshold = -100.0  // dBm below which nothing is heard
        public var floorHeight = 4.0  // metres between floors
        public var range = 8.0  // metres: farther than this, the truth is "none"
        public var deadBeacon: Int? = nil  // a beacon whose battery dies during the walk
        public var deadFraction = 0.5  // when it dies, as a fraction of the walk
        public init() {}
    }

    /// One reading: tick time, beacon index, RSSI (whole dBm, as scanners report).
    public struct Reading: Sendable, Hashable { public var time: Double, beacon: Int, rssi: Double }
    /// The truth at one tick: the exhibit truly nearest within range, or -1.
    public struct Truth: Sendable, Hashable { public var time: Double, exhibit: Int }

    /// The readings and the truth of one walk.
    public static func generate(places: [Place], beacons: [Beacon], options: Options) -> (readings: [Reading], truth: [Truth]) {
        guard let first = places.first else { return ([], []) }
        var random = SplitMix64(seed: options.seed)
        // The route: (x, y, floor, seconds to stay) waypoints.
        var stops: [(x: Double, y: Double, floor: Int, stay: Double)] = [(first.x - 6, first.y, first.floor, 0)]
        for place in places {
            let angle = random.uniform(0, 2 * .pi)
            stops.append((place.x + cos(angle), place.y + sin(angle), place.floor, random.uniform(options.stay.lowerBound, options.stay.upperBound)))
        }
        // Positions at every tick along the route.
        var track: [(x: Double, y: Double, floor: Int)] = []
        var here = stops[0]
        for stop in stops.dropFirst() {
            let length = hypot(stop.x - here.x, stop.y - here.y)
            let steps = max(1, Int((length / options.speed / options.tick).rounded(.up)))
            for s in 1...steps {
                let f = Double(s) / Double(steps)
                track.append((here.x + (stop.x - here.x) * f, here.y + (stop.y - here.y) * f, f < 0.5 ? here.floor : stop.floor))
            }
            for _ in 0..<Int((stop.stay / options.tick).rounded()) { track.append((stop.x, stop.y, stop.floor)) }
            here = stop
        }
        var readings: [Reading] = [], truth: [Truth] = []
        let deadTick = Int(Double(track.count) * options.deadFraction)
        for (t, p) in track.enumerated() {
            let time = Double(t) * options.tick
            func distance(_ place: Place) -> Double {
                let dz = Double(place.floor - p.floor) * options.floorHeight + 1  // the phone 1 m below the beacon
                return (pow(place.x - p.x, 2) + pow(place.y - p.y, 2) + dz * dz).squareRoot()
            }
            var nearest = -1, nearestDistance = options.range
            for (e, place) in places.enumerated() where distance(place) <= nearestDistance {
                (nearest, nearestDistance) = (e, distance(place))
            }
            truth.append(Truth(time: time, exhibit: nearest))
            for (b, beacon) in beacons.enumerated() {
                let missed = random.unit() < options.dropout
                let noise = gaussian(&random) * options.noise
                if missed || (b == options.deadBeacon && t >= deadTick) { continue }
                let d = max(0.1, distance(places[beacon.exhibit]))
                let rssi = (beacon.measuredPower - 10 * beacon.pathLoss * log10(d) + noise).rounded()
                if rssi >= options.threshold { readings.append(Reading(time: time, beacon: b, rssi: min(rssi, 0))) }
            }
        }
        return (readings, truth)
    }

    /// A standard normal draw (Box–Muller, two uniforms per draw).
    public static func gaussian(_ random: inout SplitMix64) -> Double {
        let u = max(random.unit(), 0x1p-53)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * random.unit())
    }
}
