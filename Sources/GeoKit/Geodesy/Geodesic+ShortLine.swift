#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The short-line path of ``Geodesic/inverse(from:to:precision:)`` with
/// ``Geodesic/Precision/automatic``: the chord between the two points, turned into the geodesic.
///
/// Why: Karney's solution works with each end's reduced latitude on its own, so its rounding is
/// an absolute ~1e-9 m and ~1e-16 rad, which on a 1 m line is 1e-9 relative and 3e-8° of
/// bearing. Short lines are what parks measure most, so this path keeps every quantity as a
/// difference of the two ends (exact degree differences, half-angle forms for 1 - cos), and its
/// rounding stays relative to the line (~1e-15), at the poles too: nothing here divides by cos φ.
///
/// How, with D the chord from P₁ to P₂ (in units of a, in the frame of P₁'s meridian):
/// - D from exact differences: sin β₂ - sin β₁ and cos β₂ - cos β₁ from sin(β₂ - β₁) =
///   (1 - f) sin(φ₂ - φ₁) / (r₁ r₂), and cos Δλ - 1 = -2 sin²(Δλ/2).
/// - The bearings: D seen in the tangent plane at each end is the normal section's azimuth α′.
///   The geodesic leaves at α = α′ - s² κ τ / 6 (the chord's sideways offset, integrating the
///   normal's turn τ (the geodesic torsion) twice along the line), with κ = (1 + η² cos² α) / N
///   the normal curvature and τ = η² sin α cos α / N, η² = e′² cos² φ.
/// - The length: for a curve of curvature κ, s = c (1 + (κc)²/24 + 3 (κc)⁴/640 + …), κ taken
///   as the mean of both ends (the asymmetric c³ term cancels).
///
/// The neglected terms are about e′² sin φ cos φ (s/N)³ / 24 rad in bearing (the turn rate
/// changes along the line) and O(e² (s/N)⁴) in distance. The gate, a chord under
/// ``shortLineRatio`` · a (15 km on WGS84), keeps them under 1.8e-12 rad (1.0e-10°) and 1e-13
/// relative: `ShortLineTests` measures this against GeographicLib run in long double on lines
/// of 1 m to 30 km at every latitude up to the poles (worst: 1.02e-10° at 14.9 km and 45°,
/// as the term predicts; Karney's own solution is 5.9e-8° off on 1 m lines).
/// Longer lines, coincident points and lines over 0.2° of latitude go to Karney's solution.
extension Geodesic {
    /// The short-line path's reach as a fraction of a (14.99 km on WGS84).
    static let shortLineRatio = 2.35e-3

    /// The inverse by the chord, or `nil` where it does not apply (see above).
    func shortLineInverse(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    )
        -> InverseSolution?
    {
        let dLatitude = latitude2 - latitude1
        // A chord of 15 km spans at most 0.14° of latitude: a cheap exit for far pairs.
        guard abs(dLatitude) < 0.2 else { return nil }
        let (dLonDegrees, dLonError) = Degrees.difference(from: longitude1, to: longitude2)
        let (h, k) = Degrees.sinCosWithin90((dLonDegrees + dLonError) / 2)  // sin, cos of Δλ/2
        let (sinPhi1, cosPhi1) = Degrees.sinCosWithin90(latitude1)
        let (sinPhi2, cosPhi2) = Degrees.sinCosWithin90(latitude2)

        // Reduced latitudes β (tan β = (1 - f) tan φ) and their difference, as sines and cosines.
        let r1 = (oneMinusF * oneMinusF * sinPhi1 * sinPhi1 + cosPhi1 * cosPhi1).squareRoot()
        let r2 = (oneMinusF * oneMinusF * sinPhi2 * sinPhi2 + cosPhi2 * cosPhi2).squareRoot()
        let sinBeta1 = oneMinusF * sinPhi1 / r1, cosBeta1 = cosPhi1 / r1
        let cosBeta2 = cosPhi2 / r2  // sin β₂ is not needed: the chord uses the differences below
        let sinDBeta = oneMinusF * sin(dLatitude * Degrees.radiansPerDegree) / (r1 * r2)
        let cosDBeta = (cosPhi1 * cosPhi2 + oneMinusF * oneMinusF * sinPhi1 * sinPhi2) / (r1 * r2)
        let cosDBetaMinus1 = -sinDBeta * sinDBeta / (1 + cosDBeta)
        let dCosBeta = cosBeta1 * cosDBetaMinus1 - sinBeta1 * sinDBeta  // cos β₂ - cos β₁
        let dSinBeta = sinBeta1 * cosDBetaMinus1 + cosBeta1 * sinDBeta  // sin β₂ - sin β₁

        // The chord in units of a: x towards P₁'s meridian at the equator, y east, z north.
        let x = dCosBeta - 2 * h * h * cosBeta2
        let y = 2 * h * k * cosBeta2
        let z = oneMinusF * dSinBeta
        let chord = a * (x * x + y * y + z * z).squareRoot()
        guard chord > 0, chord < shortLineLimit else { return nil }

        // The chord in the tangent plane of each end: east and north components.
        let east1 = y, north1 = -sinPhi1 * x + cosPhi1 * z
        let east2 = 2 * h * k * cosBeta1
        let north2 = -sinPhi2 * (dCosBeta + 2 * h * h * cosBeta1) + cosPhi2 * z
        let end1 = ChordEnd(east: east1, north: north1, sinPhi: sinPhi1, cosPhi: cosPhi1, geodesic: self)
        let end2 = ChordEnd(east: east2, north: north2, sinPhi: sinPhi2, cosPhi: cosPhi2, geodesic: self)

        let kc = (end1.curvature + end2.curvature) / 2 * chord
        let kc2 = kc * kc
        let distance = chord * (1 + kc2 / 24 + 3 * kc2 * kc2 / 640)
        let s2 = distance * distance
        return InverseSolution(
            distance: distance,
            initialBearing: Degrees.bearing((end1.azimuth - s2 * end1.turnRate) / Degrees.radiansPerDegree),
            finalBearing: Degrees.bearing((end2.azimuth - s2 * end2.turnRate) / Degrees.radiansPerDegree))
    }

    /// One end of the chord: the normal section's azimuth there and the curvature terms.
    private struct ChordEnd {
        /// The azimuth of the chord projected on the tangent plane (α′), radians.
        var azimuth: Double
        /// The normal curvature κ along α′, per metre.
        var curvature: Double
        /// κ τ / 6: times s², the angle from the normal section to the geodesic (radians).
        var turnRate: Double

        init(east: Double, north: Double, sinPhi: Double, cosPhi: Double, geodesic g: Geodesic) {
            azimuth = atan2(east, north)
            let r2 = east * east + north * north
            let cos2Alpha = north * north / r2, sinCosAlpha = east * north / r2
            let eta2 = g.ep2 * cosPhi * cosPhi
            // 1 / N = √(1 - e² sin² φ) / a.
            let inverseN = (1 - g.e2 * sinPhi * sinPhi).squareRoot() / g.a
            curvature = (1 + eta2 * cos2Alpha) * inverseN
            turnRate = curvature * eta2 * sinCosAlpha * inverseN / 6
        }
    }
}
