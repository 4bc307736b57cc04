import Foundation
import GeoKit

/// How far apart GeoKit and PROJ are on the same pairs: the largest relative difference in
/// distance and the largest difference of either azimuth, with the line lengths where they occur.
struct Agreement {
    var maxRelativeDistance = 0.0
    var maxAzimuthDegrees = 0.0
    /// The length (m) of the line with the largest distance or azimuth difference.
    var worstDistanceAt = 0.0, worstAzimuthAt = 0.0
    var lines = 0

    init() {}

    /// GeoKit at `precision` against PROJ over every pair of `p` (coincident points skipped).
    init(_ p: GeodesyBench.Pairs, proj: ProjGeodesic, precision: Geodesic.Precision) {
        for i in 0..<p.lat1.count {
            let reference = proj.inverse(p.lat1[i], p.lon1[i], p.lat2[i], p.lon2[i])
            let own = Geodesic.wgs84.inverse(
                from: Coordinate(latitude: p.lat1[i], longitude: p.lon1[i]),
                to: Coordinate(latitude: p.lat2[i], longitude: p.lon2[i]), precision: precision)
            add(own, distance: reference.distance, azimuth1: reference.azimuth1, azimuth2: reference.azimuth2)
        }
    }

    /// Adds one line: `own` against a reference distance and azimuths (degrees, any turn).
    mutating func add(_ own: Geodesic.InverseSolution, distance: Double, azimuth1: Double, azimuth2: Double) {
        guard distance > 0 else { return }
        lines += 1
        let d = abs(own.distance - distance) / distance
        if d > maxRelativeDistance { (maxRelativeDistance, worstDistanceAt) = (d, distance) }
        let a = max(Self.angle(own.initialBearing, azimuth1), Self.angle(own.finalBearing, azimuth2))
        if a > maxAzimuthDegrees { (maxAzimuthDegrees, worstAzimuthAt) = (a, distance) }
    }

    /// |x - y| in degrees, the short way round.
    static func angle(_ x: Double, _ y: Double) -> Double { abs(remainder(x - y, 360)) }
}

/// GeoKit and PROJ against GeographicLib run in long double on the test suite's 2,592 short
/// lines (1 m to 30 km, `Tests/GeoKitTests/Fixtures/short-geodesic-cases.csv`): which of the
/// two is off when they disagree.
struct ReferenceAgreement {
    static let path = "Tests/GeoKitTests/Fixtures/short-geodesic-cases.csv"

    var automatic = Agreement(), full = Agreement()
    var proj: Agreement?

    /// Nil when the fixture is not under the current folder (flowbench run elsewhere than the repository root).
    static func load(proj: ProjGeodesic?) -> ReferenceAgreement? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var result = ReferenceAgreement()
        if proj != nil { result.proj = Agreement() }
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("kind,") {
            let n = line.split(separator: ",").dropFirst().compactMap { Double($0) }
            guard n.count == 7 else { continue }
            let start = Coordinate(latitude: n[0], longitude: n[1]), end = Coordinate(latitude: n[2], longitude: n[3])
            result.automatic.add(Geodesic.wgs84.inverse(from: start, to: end), distance: n[4], azimuth1: n[5], azimuth2: n[6])
            result.full.add(
                Geodesic.wgs84.inverse(from: start, to: end, precision: .full),
                distance: n[4], azimuth1: n[5], azimuth2: n[6])
            if let proj {
                let s = proj.inverse(n[0], n[1], n[2], n[3])
                result.proj?.add(
                    Geodesic.InverseSolution(distance: s.distance, initialBearing: s.azimuth1, finalBearing: s.azimuth2),
                    distance: n[4], azimuth1: n[5], azimuth2: n[6])
            }
        }
        return result.automatic.lines > 0 ? result : nil
    }
}
