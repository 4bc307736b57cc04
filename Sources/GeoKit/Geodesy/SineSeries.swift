/// The six coefficients c₁…c₆ of a Fourier sine series Σ cₖ sin 2kσ, held inline.
///
/// Karney's geodesic integrals are all of this form. Six stored properties instead of an
/// array keep the solvers free of heap allocation.
struct SineSeries {
    var c1, c2, c3, c4, c5, c6: Double

    /// Σₖ cₖ sin 2kσ, given sin σ and cos σ (not necessarily normalized together, but
    /// sin² + cos² must be 1 to rounding).
    ///
    /// Clenshaw summation: one recurrence in 2 cos 2σ, no sines of multiple angles.
    func value(sin s: Double, cos c: Double) -> Double {
        let twoCos2 = 2 * (c - s) * (c + s)
        let b6 = c6
        let b5 = c5 + twoCos2 * b6
        let b4 = c4 + twoCos2 * b5 - b6
        let b3 = c3 + twoCos2 * b4 - b5
        let b2 = c2 + twoCos2 * b3 - b4
        let b1 = c1 + twoCos2 * b2 - b3
        return 2 * s * c * b1
    }

    /// `p · self - q · other`, term by term.
    func combined(_ p: Double, minus q: Double, times other: SineSeries) -> SineSeries {
        SineSeries(
            c1: p * c1 - q * other.c1, c2: p * c2 - q * other.c2, c3: p * c3 - q * other.c3,
            c4: p * c4 - q * other.c4, c5: p * c5 - q * other.c5, c6: p * c6 - q * other.c6)
    }
}
