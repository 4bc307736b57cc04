/// The series in ε of Karney (2013), "Algorithms for geodesics", eqs. (15), (17), (21), (42)
/// and (43), truncated after ε⁶; ε = (√(1 + k²) - 1) / (√(1 + k²) + 1) is at most n ≈ 0.0017
/// on WGS84, so the first term left out is below 1e-20.
///
/// A₁ and A₂ come as A - 1 so that the small part keeps full precision; the divisions by
/// (1 ∓ ε) are the paper's factored forms, which converge faster than the plain expansions.
enum GeodesicSeries {
    /// A₁ - 1: the scale from the auxiliary-sphere arc σ to distance s / b, minus one.
    static func a1Minus1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = eps2 * (1.0 / 4 + eps2 * (1.0 / 64 + eps2 / 256))
        return (t + eps) / (1 - eps)
    }

    /// C₁ₗ: the periodic part of the distance integral I₁(σ) = A₁ (σ + Σ C₁ₗ sin 2lσ).
    static func c1(_ eps: Double) -> SineSeries {
        let eps2 = eps * eps, eps3 = eps2 * eps, eps4 = eps2 * eps2
        return SineSeries(
            c1: eps * (-1.0 / 2 + eps2 * (3.0 / 16 - eps2 / 32)),
            c2: eps2 * (-1.0 / 16 + eps2 * (1.0 / 32 - eps2 * 9 / 2048)),
            c3: eps3 * (-1.0 / 48 + eps2 * 3 / 256),
            c4: eps4 * (-5.0 / 512 + eps2 * 3 / 512),
            c5: eps4 * eps * (-7.0 / 1280),
            c6: eps4 * eps2 * (-7.0 / 2048))
    }

    /// C′₁ₗ: the reverted series, σ = τ + Σ C′₁ₗ sin 2lτ with τ = s / (b A₁); the direct problem uses it.
    static func c1Inverse(_ eps: Double) -> SineSeries {
        let eps2 = eps * eps, eps3 = eps2 * eps, eps4 = eps2 * eps2
        return SineSeries(
            c1: eps * (1.0 / 2 + eps2 * (-9.0 / 32 + eps2 * 205 / 1536)),
            c2: eps2 * (5.0 / 16 + eps2 * (-37.0 / 96 + eps2 * 1335 / 4096)),
            c3: eps3 * (29.0 / 96 - eps2 * 75 / 128),
            c4: eps4 * (539.0 / 1536 - eps2 * 2391 / 2560),
            c5: eps4 * eps * (3467.0 / 7680),
            c6: eps4 * eps2 * (38081.0 / 61440))
    }

    /// A₂ - 1: the secular part of the reduced-length integral I₂, minus one.
    static func a2Minus1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = -eps2 * (3.0 / 4 + eps2 * (7.0 / 64 + eps2 * 11 / 256))
        return (t - eps) / (1 + eps)
    }

    /// C₂ₗ: the periodic part of I₂(σ) = A₂ (σ + Σ C₂ₗ sin 2lσ).
    static func c2(_ eps: Double) -> SineSeries {
        let eps2 = eps * eps, eps3 = eps2 * eps, eps4 = eps2 * eps2
        return SineSeries(
            c1: eps * (1.0 / 2 + eps2 * (1.0 / 16 + eps2 / 32)),
            c2: eps2 * (3.0 / 16 + eps2 * (1.0 / 32 + eps2 * 35 / 2048)),
            c3: eps3 * (5.0 / 48 + eps2 * 5 / 256),
            c4: eps4 * (35.0 / 512 + eps2 * 7 / 512),
            c5: eps4 * eps * (63.0 / 1280),
            c6: eps4 * eps2 * (77.0 / 2048))
    }
}
