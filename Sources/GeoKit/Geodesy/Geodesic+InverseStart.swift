#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The starting guess for α₁ in the inverse problem (Karney 2013, §5).
extension Geodesic {
    /// A first α₁; for very short lines, the whole solution.
    struct StartingPoint {
        /// σ₁₂ when the guess already solves the problem, otherwise negative.
        var sig12 = -1.0
        var salp1 = 0.0, calp1 = 0.0
        /// α₂, set only when ``sig12`` is not negative.
        var salp2 = 0.0, calp2 = 0.0
        /// √(1 + e′² sin² β) at the mid-latitude, for short lines: the local scale of the sphere.
        var dnm = 1.0
    }

    /// The guess: the great circle on an auxiliary sphere for most lines, scaled to the
    /// mid-latitude for short ones, and the astroid solution for nearly antipodal points,
    /// where the sphere is a poor model and Newton's method would start on the wrong side.
    func startingPoint(_ ends: ReducedEndpoints, lam12: Double, slam12: Double, clam12: Double) -> StartingPoint {
        let sbet1 = ends.sbet1, cbet1 = ends.cbet1, sbet2 = ends.sbet2, cbet2 = ends.cbet2
        var start = StartingPoint()
        // sin and cos of β₂ - β₁, and sin(β₂ + β₁).
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1

        let shortLine = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12 = slam12, comg12 = clam12
        if shortLine {
            // Scale λ to ω at the mid-latitude: ω₁₂ ≈ λ₁₂ / ((1 - f) dnm).
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            start.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (oneMinusF * start.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        }

        // The great-circle azimuth on the sphere, arranged not to cancel (eq. 49).
        start.salp1 = cbet2 * somg12
        start.calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        let ssig12 = hypot(start.salp1, start.calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortLine && ssig12 < shortLineSigmaLimit {
            // Short enough that the sphere at the mid-latitude is exact to rounding.
            start.salp2 = cbet1 * somg12
            start.calp2 = sbet12 - cbet1 * sbet2 * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            (start.salp2, start.calp2) = normalized(start.salp2, start.calp2)
            start.sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0 || ssig12 >= 6 * abs(n) * .pi * cbet1 * cbet1 {
            // Not nearly antipodal: the spherical azimuth is a good enough start.
        } else {
            antipodalGuess(ends, sbet12a: sbet12a, slam12: slam12, clam12: clam12, into: &start)
        }

        // The guess must point into (0, π); NaN or a non-positive sine means "due east".
        if start.salp1 > 0 {
            (start.salp1, start.calp1) = normalized(start.salp1, start.calp1)
        } else {
            start.salp1 = 1
            start.calp1 = 0
        }
        return start
    }

    /// α₁ for nearly antipodal points (§5, eqs. 53-57): in scaled coordinates x (longitude
    /// short of 180°) and y (latitude off antipodal) the geodesics' envelope is an astroid,
    /// and the right root of a quartic places point 2 on the correct geodesic.
    private func antipodalGuess(
        _ ends: ReducedEndpoints, sbet12a: Double, slam12: Double, clam12: Double,
        into start: inout StartingPoint
    ) {
        let sbet1 = ends.sbet1, cbet1 = ends.cbet1, cbet2 = ends.cbet2
        // λ₁₂ - π, from the exact sin and cos of λ₁₂.
        let lam12x = atan2(-slam12, -clam12)
        let k2 = sbet1 * sbet1 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let lamscale = f * cbet1 * longitudeSeries.a3(eps) * .pi
        let betscale = lamscale * cbet1
        let x = lam12x / lamscale
        let y = sbet12a / betscale

        if y > -Self.tol1 && x > -1 - Self.xThreshold {
            // Next to the cut through the antipode, where the astroid solution degenerates:
            // the geodesic passes close to the pole side, sin α₁ = -x.
            start.salp1 = min(1, -x)
            start.calp1 = -(1 - start.salp1 * start.salp1).squareRoot()
        } else {
            let k = Self.astroid(x, y)
            let omg12a = lamscale * (-x * k / (1 + k))
            let somg12 = sin(omg12a), comg12 = -cos(omg12a)
            // As in the spherical guess, with ω₁₂ = π - omg12a.
            start.salp1 = cbet2 * somg12
            start.calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
        }
    }

    /// The positive root k of k⁴ + 2k³ - (x² + y² - 1)k² - 2y²k - y² = 0 (eq. 55).
    ///
    /// Solved in closed form through a cubic resolvent, with the branches arranged so that
    /// no subtraction cancels; k = 0 on the part of the x axis inside the astroid (y = 0, |x| ≤ 1).
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = x * x, q = y * y
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = r * r, r3 = r * r2
        // The discriminant of the cubic; ≥ 0 means one real root, found via cube roots.
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            // Add the square root with t3's sign, so the two never cancel.
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            // Three real roots: take the one from the trigonometric form.
            let angle = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        // u + v without cancellation when u < 0.
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }
}
