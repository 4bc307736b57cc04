#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Karney's inverse solution. Notation follows the paper: β reduced latitude, α azimuth,
/// σ arc length and ω longitude on the auxiliary sphere, λ longitude on the ellipsoid;
/// `s…`/`c…` are sines and cosines (`sbet1` = sin β₁), `…12` a difference from 1 to 2.
extension Geodesic {
    /// Reduced latitudes and the factors √(1 + e′² sin² β) of both ends.
    struct ReducedEndpoints {
        var sbet1, cbet1, dn1, sbet2, cbet2, dn2: Double
    }

    /// The inverse problem by Karney's method, in degrees; no validation and no shortcut.
    func karneyInverse(
        _ latitude1: Double, _ longitude1: Double, _ latitude2: Double, _ longitude2: Double
    )
        -> InverseSolution
    {
        // Reduce to lon12 in [0, 180], |lat1| >= |lat2| and lat1 <= 0; the signs are put back
        // at the end. Fewer cases, and the results are symmetric by construction.
        var (lon12, lon12Error) = Degrees.difference(from: longitude1, to: longitude2)
        var lonSign: Double = lon12.sign == .minus ? -1 : 1
        lon12 = lonSign * Degrees.rounded(lon12)
        // 180° - lon12 to full precision: near-antipodal cases hinge on it.
        let lon12Supplement = Degrees.rounded((180 - lon12) - lonSign * lon12Error)
        let lam12 = lon12 * Degrees.radiansPerDegree
        var (slam12, clam12) = Degrees.sinCos(lon12 > 90 ? lon12Supplement : lon12)
        if lon12 > 90 { clam12 = -clam12 }

        var lat1 = Degrees.rounded(latitude1), lat2 = Degrees.rounded(latitude2)
        let swapSign: Double = abs(lat1) < abs(lat2) ? -1 : 1
        if swapSign < 0 {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign

        let (sbet1, cbet1) = reducedLatitude(lat1)
        var (sbet2, cbet2) = reducedLatitude(lat2)
        // When |β₁| = |β₂| up to rounding, make it exact: Lambda12 tests these for equality to
        // pick the well-conditioned formula for cos α₂.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = copysign(sbet1, sbet2) }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }
        let ends = ReducedEndpoints(
            sbet1: sbet1, cbet1: cbet1, dn1: (1 + ep2 * sbet1 * sbet1).squareRoot(),
            sbet2: sbet2, cbet2: cbet2, dn2: (1 + ep2 * sbet2 * sbet2).squareRoot())

        var salp1 = 0.0, calp1 = 0.0, salp2 = 0.0, calp2 = 0.0
        var distance = 0.0
        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Both ends on one meridian (or starting at a pole): head straight for the target
            // longitude; the answer stands unless the path over the pole is not the shortest.
            calp1 = clam12; salp1 = slam12
            calp2 = 1; salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
            // On a meridian α₀ = 0, so k² = e′² and ε = n.
            let (s12b, m12b) = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: ends.dn1,
                ssig2: ssig2, csig2: csig2, dn2: ends.dn2, includeDistance: true)
            if sig12 < Self.tol2 || m12b >= 0 {
                // Zero-length lines can round to a tiny negative s12 or m12.
                let isZero = sig12 < 3 * Self.tiny || (sig12 < Self.tol0 && (s12b < 0 || m12b < 0))
                distance = isZero ? 0 : s12b * b
            } else {
                // m12 < 0: past a conjugate point, the meridian is not shortest.
                meridian = false
            }
        }

        if !meridian && sbet1 == 0 && (f <= 0 || lon12Supplement >= f * 180) {
            // Along the equator, which stays the geodesic up to lon12 = (1 - f) · 180°;
            // beyond that the shortest path leaves the equator (the general case below).
            calp1 = 0; salp1 = 1
            calp2 = 0; salp2 = 1
            distance = a * lam12
        } else if !meridian {
            let start = startingPoint(ends, lam12: lam12, slam12: slam12, clam12: clam12)
            salp1 = start.salp1; calp1 = start.calp1
            if start.sig12 >= 0 {
                // Short enough that the starting guess is exact to rounding.
                salp2 = start.salp2; calp2 = start.calp2
                distance = start.sig12 * b * start.dnm
            } else {
                let line = solveAzimuth(ends, salp1: salp1, calp1: calp1, slam12: slam12, clam12: clam12)
                salp1 = line.salp1; calp1 = line.calp1
                salp2 = line.at.salp2; calp2 = line.at.calp2
                let at = line.at
                distance =
                    b
                    * scaledDistance(
                        eps: at.eps, sig12: at.sig12, ssig1: at.ssig1, csig1: at.csig1, ssig2: at.ssig2, csig2: at.csig2)
            }
        }

        // Undo the reductions: swap the ends back, then restore the signs.
        if swapSign < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapSign * lonSign; calp1 *= swapSign * latSign
        salp2 *= swapSign * lonSign; calp2 *= swapSign * latSign
        return InverseSolution(
            distance: distance + 0,
            initialBearing: Degrees.bearing(Degrees.arcTangent(salp1, calp1)),
            finalBearing: Degrees.bearing(Degrees.arcTangent(salp2, calp2)))
    }

    // MARK: - Newton's method on α₁

    /// α₁ (and the geodesic it starts) such that the longitude reached equals λ₁₂.
    ///
    /// Newton's method with dλ/dα₁ from the reduced length, inside a bracket [α₁a, α₁b] kept
    /// from the signs of the residual; a step that would leave (0, π) or a stalled Newton
    /// iteration falls back to bisection, which always converges.
    func solveAzimuth(
        _ ends: ReducedEndpoints, salp1: Double, calp1: Double, slam12: Double, clam12: Double
    )
        -> (salp1: Double, calp1: Double, at: LambdaEvaluation)
    {
        var salp1 = salp1, calp1 = calp1
        // The bracket: α₁ = 0 undershoots λ₁₂, α₁ = π overshoots it.
        var salp1a = Self.tiny, calp1a = 1.0
        var salp1b = Self.tiny, calp1b = -1.0
        var nearlyConverged = false, bracketClosed = false
        var iteration = 0
        while true {
            let at = lambda12(
                ends, salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                wantDerivative: iteration < Self.newtonIterations)
            let v = at.lambdaError
            // Newton doubles the digits each step; once close, allow 8 ulp for the last one.
            if bracketClosed || !(abs(v) >= (nearlyConverged ? 8 : 1) * Self.tol0) || iteration == Self.maxIterations {
                return (salp1, calp1, at)
            }
            // Tighten the bracket (after the Newton phase, unconditionally).
            if v > 0 && (iteration > Self.newtonIterations || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1; calp1b = calp1
            } else if v < 0 && (iteration > Self.newtonIterations || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1; calp1a = calp1
            }
            iteration += 1
            if iteration <= Self.newtonIterations && at.derivative > 0 {
                let dalp1 = -v / at.derivative
                if abs(dalp1) < .pi {
                    let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        salp1 = nsalp1
                        (salp1, calp1) = normalized(salp1, calp1)
                        nearlyConverged = abs(v) <= 16 * Self.tol0
                        continue
                    }
                }
            }
            // Bisection, also when Newton overshoots out of (0, π) or dλ/dα₁ vanishes.
            (salp1, calp1) = normalized((salp1a + salp1b) / 2, (calp1a + calp1b) / 2)
            nearlyConverged = false
            bracketClosed =
                abs(salp1a - salp1) + (calp1a - calp1) < Self.tolBisection
                || abs(salp1 - salp1b) + (calp1 - calp1b) < Self.tolBisection
        }
    }

    /// The geodesic leaving at α₁, followed to the latitude of point 2.
    struct LambdaEvaluation {
        /// λ₁₂(α₁) minus the target λ₁₂: the residual Newton drives to 0.
        var lambdaError: Double
        /// dλ₁₂/dα₁, or 0 when not requested.
        var derivative: Double
        var salp2, calp2, sig12, ssig1, csig1, ssig2, csig2, eps: Double
    }

    /// λ₁₂ for the geodesic leaving point 1 at azimuth α₁ (paper §4 and eq. 38 for the derivative).
    func lambda12(
        _ ends: ReducedEndpoints, salp1: Double, calp1 calp1In: Double,
        slam120: Double, clam120: Double, wantDerivative: Bool
    ) -> LambdaEvaluation {
        let sbet1 = ends.sbet1, cbet1 = ends.cbet1, sbet2 = ends.sbet2, cbet2 = ends.cbet2
        // Break the degeneracy of an equatorial start heading due north or south.
        let calp1 = sbet1 == 0 && calp1In == 0 ? -Self.tiny : calp1In
        // α₀, the azimuth where the geodesic crosses the equator (Clairaut's constant).
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)

        // σ₁, ω₁: tan β₁ = tan σ₁ cos α₁, tan ω₁ = sin α₀ tan σ₁.
        let somg1 = salp0 * sbet1, comg1 = calp1 * cbet1
        let (ssig1, csig1) = normalized(sbet1, comg1)

        // α₂ from Clairaut (sin) and from the latitude difference (cos), choosing the
        // subtraction that does not cancel.
        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2: Double
        if cbet2 != cbet1 || abs(sbet2) != -sbet1 {
            let spread = cbet1 < -sbet1 ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)
            calp2 = ((calp1 * cbet1) * (calp1 * cbet1) + spread).squareRoot() / cbet2
        } else {
            calp2 = abs(calp1)
        }
        let somg2 = salp0 * sbet2, comg2 = calp2 * cbet2
        let (ssig2, csig2) = normalized(sbet2, comg2)

        // σ₁₂ and ω₁₂ from the differences, clamped at 0 (σ₂ ≥ σ₁ by construction).
        let sig12 = atan2(max(0, csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0, comg1 * somg2 - somg1 * comg2)
        let comg12 = comg1 * comg2 + somg1 * somg2
        // ω₁₂ - λ₁₂⁰ as one atan2, to avoid cancelling two angles near π.
        let eta = atan2(somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = longitudeSeries.c3(eps)
        let b312 = c3.value(sin: ssig2, cos: csig2) - c3.value(sin: ssig1, cos: csig1)
        // λ₁₂ = ω₁₂ - f sin α₀ I₃(σ), eq. (8).
        let domg12 = -f * longitudeSeries.a3(eps) * salp0 * (sig12 + b312)

        var derivative = 0.0
        if wantDerivative {
            if calp2 == 0 {
                derivative = -2 * oneMinusF * ends.dn1 / sbet1
            } else {
                let (_, m12b) = lengths(
                    eps: eps, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: ends.dn1,
                    ssig2: ssig2, csig2: csig2, dn2: ends.dn2, includeDistance: false)
                derivative = m12b * oneMinusF / (calp2 * cbet2)
            }
        }
        return LambdaEvaluation(
            lambdaError: eta + domg12, derivative: derivative, salp2: salp2, calp2: calp2, sig12: sig12,
            ssig1: ssig1, csig1: csig1, ssig2: ssig2, csig2: csig2, eps: eps)
    }

    // MARK: - Lengths

    /// s₁₂ / b and m₁₂ / b for the arc σ₁ → σ₂ (eqs. 7 and 38-41); `includeDistance: false`
    /// skips s₁₂ (returned as 0) and sums the two series of m₁₂ as one.
    func lengths(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double, includeDistance: Bool
    ) -> (s12b: Double, m12b: Double) {
        let a1m1 = GeodesicSeries.a1Minus1(eps), a2m1 = GeodesicSeries.a2Minus1(eps)
        let c1 = GeodesicSeries.c1(eps), c2 = GeodesicSeries.c2(eps)
        let a1 = 1 + a1m1, a2 = 1 + a2m1
        // J₁₂ = I₁ - I₂ over the arc; its secular part A₁ - A₂ is kept as a small difference.
        let m0x = a1m1 - a2m1
        var s12b = 0.0
        let j12: Double
        if includeDistance {
            let b1 = c1.value(sin: ssig2, cos: csig2) - c1.value(sin: ssig1, cos: csig1)
            let b2 = c2.value(sin: ssig2, cos: csig2) - c2.value(sin: ssig1, cos: csig1)
            s12b = a1 * (sig12 + b1)
            j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
        } else {
            let combined = c1.combined(a1, minus: a2, times: c2)
            j12 = m0x * sig12 + (combined.value(sin: ssig2, cos: csig2) - combined.value(sin: ssig1, cos: csig1))
        }
        // Eq. (38), with the √(1 + k² sin² σ) factors written as dn of the reduced latitudes.
        let m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        return (s12b, m12b)
    }

    /// s₁₂ / b alone: A₁ (σ₁₂ + I₁ periodic part over the arc), eq. (15).
    func scaledDistance(
        eps: Double, sig12: Double, ssig1: Double, csig1: Double, ssig2: Double, csig2: Double
    )
        -> Double
    {
        let c1 = GeodesicSeries.c1(eps)
        let b1 = c1.value(sin: ssig2, cos: csig2) - c1.value(sin: ssig1, cos: csig1)
        return (1 + GeodesicSeries.a1Minus1(eps)) * (sig12 + b1)
    }

    // MARK: - Pure math

    /// sin β and cos β of the reduced latitude, tan β = (1 - f) tan φ; cos β ≥ ``tiny``.
    func reducedLatitude(_ latitude: Double) -> (sin: Double, cos: Double) {
        let (sinPhi, cosPhi) = Degrees.sinCos(latitude)
        let (s, c) = normalized(oneMinusF * sinPhi, cosPhi)
        return (s, max(Self.tiny, c))
    }

    /// (x, y) scaled to unit length: the sine and cosine of the angle they point at.
    func normalized(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }
}
