import BenchData
import Foundation
import GeoKit

/// `flowbench geodesy`: GeoKit's WGS84 inverse against PROJ's C geodesic (GeographicLib's
/// algorithm) and haversine in this process, runs interleaved; GeographicLib from Python;
/// GeoKit's agreement with PROJ and with GeographicLib in long double; one AR frame.
struct GeodesyBench {
    struct Pairs {
        var name: String
        var lat1: [Double] = [], lon1: [Double] = [], lat2: [Double] = [], lon2: [Double] = []
    }

    /// What is timed on every pair. Each computes the distance and both bearings (PROJ: both
    /// azimuth pointers passed), except haversine, which has no bearings.
    enum Variant: CaseIterable {
        case automatic, full, proj, haversine
    }

    /// Runs per variant; medians are reported.
    let runs: Int
    /// Pairs per set.
    let pairCount: Int
    /// PROJ's geodesic, loaded by `--with-proj`; nil leaves its columns out.
    let proj: ProjGeodesic?
    /// Times GeographicLib from Python on the same pairs.
    let withPython: Bool
    /// GeographicLib's venv.
    let venv: String

    /// Worldwide pairs (uniform on the sphere) and park-scale pairs (10 m to 5 km).
    static func pairs(_ n: Int) -> [Pairs] {
        var random = SplitMix64(seed: 0x6E0D)
        var world = Pairs(name: "worldwide")
        var park = Pairs(name: "park scale, 10 m-5 km")
        for _ in 0..<n {
            world.lat1.append(asin(random.uniform(-1, 1)) * 180 / .pi)
            world.lon1.append(random.uniform(-180, 180))
            world.lat2.append(asin(random.uniform(-1, 1)) * 180 / .pi)
            world.lon2.append(random.uniform(-180, 180))
            let lat = random.uniform(-60, 60), lon = random.uniform(-180, 180)
            let bearing = random.uniform(0, 360), distance = 10 * pow(500, random.unit())
            let end =
                (try? Geodesic.wgs84.direct(from: Coordinate(latitude: lat, longitude: lon), bearing: bearing, distance: distance))?
                .destination ?? Coordinate(latitude: lat, longitude: lon)
            park.lat1.append(lat)
            park.lon1.append(lon)
            park.lat2.append(end.latitude)
            park.lon2.append(end.longitude)
        }
        return [world, park]
    }

    // MARK: - Timing

    /// ns per call of every variant over `p`, `runs` times, interleaved: run r times the
    /// variants in an order rotated by r, so drift of the machine's speed reaches them alike
    /// and none is always first.
    func timeInterleaved(_ p: Pairs, variants: [Variant]) -> [Variant: Samples] {
        var samples: [Variant: Samples] = [:]
        // One untimed pass each over the first 1,000 pairs: code and tables paged in.
        for v in variants { _ = pass(p, v, count: min(1000, p.lat1.count)) }
        for r in 0..<runs {
            for k in 0..<variants.count {
                let v = variants[(k + r) % variants.count]
                samples[v, default: Samples()].add(pass(p, v, count: p.lat1.count))
            }
        }
        return samples
    }

    /// One timed pass of `variant` over the first `count` pairs: ns per call.
    private func pass(_ p: Pairs, _ variant: Variant, count: Int) -> Double {
        var sink = 0.0
        let start = MonotonicClock.now()
        switch variant {
        case .automatic:
            for i in 0..<count {
                let s = Geodesic.wgs84.inverse(
                    from: Coordinate(latitude: p.lat1[i], longitude: p.lon1[i]),
                    to: Coordinate(latitude: p.lat2[i], longitude: p.lon2[i]))
                sink += s.distance + s.initialBearing + s.finalBearing
            }
        case .full:
            for i in 0..<count {
                let s = Geodesic.wgs84.inverse(
                    from: Coordinate(latitude: p.lat1[i], longitude: p.lon1[i]),
                    to: Coordinate(latitude: p.lat2[i], longitude: p.lon2[i]), precision: .full)
                sink += s.distance + s.initialBearing + s.finalBearing
            }
        case .proj:
            guard let proj else { return .nan }
            for i in 0..<count {
                let s = proj.inverse(p.lat1[i], p.lon1[i], p.lat2[i], p.lon2[i])
                sink += s.distance + s.azimuth1 + s.azimuth2
            }
        case .haversine:
            for i in 0..<count {
                sink += Spherical.distance(
                    Coordinate(latitude: p.lat1[i], longitude: p.lon1[i]),
                    Coordinate(latitude: p.lat2[i], longitude: p.lon2[i]))
            }
        }
        let elapsed = MonotonicClock.now() - start
        if sink.isNaN { progress("(NaN in the sums)") }
        return Double(elapsed) / Double(count)
    }

    /// Median µs to project `count` sites (and lay out the labels of those on screen) per frame.
    func arFrame(count: Int) throws(BenchError) -> (micros: Double, onScreen: Int) {
        let camera = Coordinate(latitude: 37.8078, longitude: -122.4750)
        var random = SplitMix64(seed: 0xA12)
        var sites: [Coordinate] = []
        for _ in 0..<count {
            let d = 5000 * random.unit().squareRoot()
            guard let end = try? Geodesic.wgs84.direct(from: camera, bearing: random.uniform(0, 360), distance: d) else { continue }
            sites.append(end.destination)
        }
        var samples = Samples()
        var onScreen = 0
        for frame in 0..<max(50, runs * 10) {
            guard let pose = try? CameraPose(position: camera, heading: Double(frame * 7 % 360), pitch: 0, fieldOfView: 60),
                let projector = try? ARProjector(pose: pose, maximumDistance: 5000)
            else {
                throw .setup("AR pose rejected")
            }
            let start = MonotonicClock.now()
            let placed = projector.place(sites).filter(\.isOnScreen)
            let labels = ARLabelLayout.layout(Array(placed.prefix(25)), widths: Array(repeating: 120, count: min(25, placed.count)))
            samples.add(Double(MonotonicClock.now() - start) / 1000)
            onScreen = max(onScreen, placed.count + labels.count * 0)
        }
        return (samples.median, onScreen)
    }

    // MARK: - Running

    func run() throws(BenchError) {
        progress("geodesy: generating \(Format.grouped(pairCount)) pairs per set")
        let sets = Self.pairs(pairCount)
        var python: [String: Double] = [:]
        if withPython { python = try GeographicLibRunner(venv: venv).run(sets) }
        let variants = Variant.allCases.filter { $0 != .proj || proj != nil }
        var timings: [(Pairs, [Variant: Samples])] = []
        var agreements: [(String, Agreement, Agreement)] = []
        for set in sets {
            progress("geodesy: \(set.name), \(runs) interleaved runs of \(variants.count) variants")
            timings.append((set, timeInterleaved(set, variants: variants)))
            if let proj {
                agreements.append(
                    (
                        set.name, Agreement(set, proj: proj, precision: .automatic),
                        Agreement(set, proj: proj, precision: .full)
                    ))
            }
        }
        let truth = ReferenceAgreement.load(proj: proj)
        progress("geodesy: AR frames")
        let frame = try arFrame(count: 10_000)
        let report = GeodesyReport(
            bench: self, timings: timings, python: python, agreements: agreements,
            truth: truth, frame: frame)
        print(report.render(), terminator: "")
    }
}
