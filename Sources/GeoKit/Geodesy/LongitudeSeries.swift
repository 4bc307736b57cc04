/// The series for the longitude integral I₃ (Karney 2013, eqs. 24-25), whose coefficients
/// depend on the third flattening n as well as on ε.
///
/// The n-dependence is folded in once per ellipsoid (``init(thirdFlattening:)``), leaving
/// polynomials in ε to evaluate per geodesic: A₃ of degree 5 and C₃₁…C₃₅.
struct LongitudeSeries {
    /// A₃ = Σ a3ₖ εᵏ, k = 0…5.
    private let a3: (Double, Double, Double, Double, Double, Double)
    /// C₃ₗ = Σₖ c3ₗₖ εᵏ for k = l…5; one tuple per l, lowest power first.
    private let c31: (Double, Double, Double, Double, Double)
    private let c32: (Double, Double, Double, Double)
    private let c33: (Double, Double, Double)
    private let c34: (Double, Double)
    private let c35: Double

    init(thirdFlattening n: Double) {
        let n2 = n * n
        a3 = (
            1,
            -(1.0 / 2 - n / 2),
            -(1.0 / 4 + n / 8 - n2 * 3 / 8),
            -(1.0 / 16 + n * 3 / 16 + n2 / 16),
            -(3.0 / 64 + n / 32),
            -3.0 / 128
        )
        c31 = (
            1.0 / 4 - n / 4,
            1.0 / 8 - n2 / 8,
            3.0 / 64 + n * 3 / 64 - n2 / 64,
            5.0 / 128 + n / 64,
            3.0 / 128
        )
        c32 = (
            1.0 / 16 - n * 3 / 32 + n2 / 32,
            3.0 / 64 - n / 32 - n2 * 3 / 64,
            3.0 / 128 + n / 128,
            5.0 / 256
        )
        c33 = (
            5.0 / 192 - n * 3 / 64 + n2 * 5 / 192,
            3.0 / 128 - n * 5 / 192,
            7.0 / 512
        )
        c34 = (7.0 / 512 - n * 7 / 256, 7.0 / 512)
        c35 = 21.0 / 2560
    }

    /// A₃(ε): the secular part of I₃, which scales the longitude difference from the sphere.
    func a3(_ eps: Double) -> Double {
        a3.0 + eps * (a3.1 + eps * (a3.2 + eps * (a3.3 + eps * (a3.4 + eps * a3.5))))
    }

    /// C₃ₗ(ε) for l = 1…5 (the sixth term is zero at this order).
    func c3(_ eps: Double) -> SineSeries {
        let eps2 = eps * eps, eps3 = eps2 * eps, eps4 = eps2 * eps2
        return SineSeries(
            c1: eps * (c31.0 + eps * (c31.1 + eps * (c31.2 + eps * (c31.3 + eps * c31.4)))),
            c2: eps2 * (c32.0 + eps * (c32.1 + eps * (c32.2 + eps * c32.3))),
            c3: eps3 * (c33.0 + eps * (c33.1 + eps * c33.2)),
            c4: eps4 * (c34.0 + eps * c34.1),
            c5: eps4 * eps * c35,
            c6: 0)
    }
}
