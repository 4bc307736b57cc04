#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Karney's direct solution (2013, §3): follow the geodesic from point 1 for a distance.
extension Geodesic {
    /// The direct problem in degrees and metres; no validation.
    func karneyDirect(
        _ latitude1: Double, _ longitude1: Double, _ bearing: Double, _ distance: Double
    )
        -> DirectSolution
    {
        let (salp1, calp1) = Degrees.sinCos(Degrees.rounded(Degrees.normalized(bearing)))
        let (sbet1, cbet1) = reducedLatitude(Degrees.rounded(latitude1))

        // α₀ at the equator crossing, and σ₁, ω₁ from point 1 (eqs. 10-11).
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)
        let somg1 = salp0 * sbet1
        // On the equator heading due east or west, σ₁ = 0 (not undefined).
        let comg1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let (ssig1, csig1) = normalized(sbet1, comg1)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let a1 = 1 + GeodesicSeries.a1Minus1(eps)
        let c1 = GeodesicSeries.c1(eps)
        // τ₁ = I₁(σ₁) / A₁, the distance coordinate of point 1 on the auxiliary sphere.
        let b11 = c1.value(sin: ssig1, cos: csig1)
        let sinB11 = sin(b11), cosB11 = cos(b11)
        let stau1 = ssig1 * cosB11 + csig1 * sinB11
        let ctau1 = csig1 * cosB11 - ssig1 * sinB11

        // τ₁₂ from the distance, then σ₁₂ by the reverted series (eq. 20).
        let tau12 = distance / (b * a1)
        let stau12 = sin(tau12), ctau12 = cos(tau12)
        let c1Inverse = GeodesicSeries.c1Inverse(eps)
        let b12 = -c1Inverse.value(sin: stau1 * ctau12 + ctau1 * stau12, cos: ctau1 * ctau12 - stau1 * stau12)
        let sig12 = tau12 - (b12 - b11)
        let ssig12 = sin(sig12), csig12 = cos(sig12)

        // Point 2 on the auxiliary sphere.
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // Exactly at a pole: keep the longitude and azimuth defined.
            cbet2 = Self.tiny
            csig2 = Self.tiny
        }
        let salp2 = salp0, calp2 = calp0 * csig2

        // ω₁₂ counted with the sign of α₀ so that whole turns are kept (eq. 12), then λ₁₂ (eq. 8).
        let e = copysign(1.0, salp0)
        let somg2 = salp0 * ssig2, comg2 = csig2
        let omg12 =
            e
            * (sig12 - (atan2(ssig2, csig2) - atan2(ssig1, csig1))
                + (atan2(e * somg2, comg2) - atan2(e * somg1, comg1)))
        let c3 = longitudeSeries.c3(eps)
        let b312 = c3.value(sin: ssig2, cos: csig2) - c3.value(sin: ssig1, cos: csig1)
        let lam12 = omg12 - f * longitudeSeries.a3(eps) * salp0 * (sig12 + b312)
        let lon12 = lam12 / Degrees.radiansPerDegree

        let longitude2 = Degrees.normalized(Degrees.normalized(longitude1) + Degrees.normalized(lon12))
        let latitude2 = Degrees.arcTangent(sbet2, oneMinusF * cbet2)
        return DirectSolution(
            destination: Coordinate(latitude: latitude2, longitude: longitude2),
            finalBearing: Degrees.bearing(Degrees.arcTangent(salp2, calp2)))
    }
}
