#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Angle arithmetic in degrees that stays exact where plain radians would round.
///
/// The ellipsoidal solvers lean on these: `sin(90° in radians)` is not exactly 1 and
/// `lon2 - lon1` loses the low bits near ±180°, and both show up as nanometres of error or
/// as a wrong branch next to the poles and antipodes.
enum Degrees {
    static let radiansPerDegree = Double.pi / 180

    /// The sine and cosine of `x` degrees, exact at multiples of 90°.
    ///
    /// Reduces to [-45°, 45°] in degrees first (exactly, by `remquo`), so quadrant points
    /// come out as exact 0 and ±1 and angles near 90° keep full relative precision in the cosine.
    static func sinCos(_ x: Double) -> (sin: Double, cos: Double) {
        var quadrant: Int32 = 0
        let reduced = remquo(x, 90, &quadrant) * radiansPerDegree
        let s = sin(reduced), c = cos(reduced)
        var result: (sin: Double, cos: Double)
        switch quadrant & 3 {
        case 0: result = (s, c)
        case 1: result = (c, -s)
        case 2: result = (-s, -c)
        default: result = (-c, s)
        }
        // No -0 cosine, and sin(±0) keeps the sign of the input so symmetric cases stay symmetric.
        result.cos += 0
        if result.sin == 0 { result.sin = copysign(result.sin, x) }
        return result
    }

    /// ``sinCos(_:)`` for angles within ±90° (latitudes, half longitude differences) without
    /// the `remquo`: beyond ±45° it takes the cosine and sine of 90° - |x|, which is exact.
    static func sinCosWithin90(_ x: Double) -> (sin: Double, cos: Double) {
        let magnitude = abs(x)
        if magnitude <= 45 {
            let r = x * radiansPerDegree
            return (sin(r), cos(r))
        }
        guard magnitude <= 90 else { return sinCos(x) }
        let r = (90 - magnitude) * radiansPerDegree
        return (copysign(cos(r), x), sin(r))
    }

    /// `atan2(y, x)` in degrees, in [-180, 180], exact when the answer is a multiple of 90°.
    static func arcTangent(_ y: Double, _ x: Double) -> Double {
        // Fold into the first octant so the library atan2 never sees the quadrant boundaries.
        var y = y, x = x
        var octant = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            octant = 2
        }
        if x.sign == .minus {
            x = -x
            octant += 1
        }
        let angle = atan2(y, x) / radiansPerDegree
        switch octant {
        case 1: return (y.sign == .minus ? -180 : 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// `x` reduced to (-180, 180]; -180 comes back as -180 so a caller can tell the two edges apart.
    static func normalized(_ x: Double) -> Double {
        let y = remainder(x, 360)
        return abs(y) == 180 ? copysign(180, x) : y
    }

    /// `x` folded into [0, 360): the form bearings are reported in.
    static func bearing(_ x: Double) -> Double {
        // One turn either way, the common case, needs no division: x and x + 360 are exact there.
        if x >= 0 && x < 360 { return x + 0 }
        if x < 0 && x >= -360 {
            let folded = x + 360
            return folded < 360 ? folded : 0
        }
        let y = remainder(x, 360)
        // + 0 turns -0 into 0.
        if y >= 0 { return y + 0 }
        let folded = y + 360
        // -1e-17 + 360 rounds to 360, which is not in range.
        return folded < 360 ? folded : 0
    }

    /// `to - from` reduced to [-180, 180], with the rounding error of the subtraction.
    ///
    /// The true difference (mod 360) is `difference + error`; near ±180° the solvers need
    /// `180 - |difference|` to full precision, which the plain subtraction cannot give.
    /// At exactly 0 and ±180 the sign follows the direction of the unrounded difference.
    static func difference(from: Double, to: Double) -> (difference: Double, error: Double) {
        // Valid longitudes less than 180° apart: the remainders below would change nothing.
        if abs(from) <= 180 && abs(to) <= 180 {
            let (d, e) = twoSum(-from, to)
            if d != 0 && abs(d) < 180 { return (d, e) }
        }
        var (d, e) = twoSum(remainder(-from, 360), remainder(to, 360))
        var e2 = 0.0
        (d, e2) = twoSum(remainder(d, 360), e)
        e = e2
        if d == 0 || abs(d) == 180 {
            // 0 takes the sign of the error; ±180 the opposite sign, so that difference + error
            // stays within [-180, 180]; an exact result keeps the direction of to - from.
            let direction = e == 0 ? to - from : (d == 0 ? e : -e)
            d = copysign(d, direction)
        }
        return (d, e)
    }

    /// A tiny angle rounded to a coarser grid near zero, so that quantities like 1e-300
    /// never reach the trigonometry and underflow; angles above 1/16° are unchanged.
    static func rounded(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        let w = z - y
        // z - (z - y) drops the bits of y below ulp(z).
        if w > 0 { y = z - w }
        return copysign(y, x)
    }

    /// `u + v` and its exact rounding error (Knuth's TwoSum): `sum + error == u + v` exactly.
    static func twoSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let s = u + v
        let up = s - v
        let vpp = s - up
        let error = (u - up) + (v - vpp)
        return (s, s != 0 ? error : s)
    }
}
