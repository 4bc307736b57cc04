/// Sebastiano Vigna's SplitMix64, with the draws of the shared bench harness's `gen_data.py`.
///
/// Every benchmark dataset is derived from this generator so that Swift and Python produce the
/// same numbers from the same seed. With seed 0 the first three outputs are
/// `0xe220a8397b1dcdaf`, `0x6e789e6aa1b965f4` and `0x06c45d188009454f`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The 64-bit state; advanced by the golden-ratio constant before every output.
    public var state: UInt64

    /// A generator starting from `seed` (the first output already mixes in one increment).
    /// - Parameter seed: Any 64-bit value.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1): the top 53 bits of ``next()`` times 2⁻⁵³.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// `a + (b - a) * unit()`, in that order of operations (Python's `uniform`).
    /// - Parameters:
    ///   - a: The value for a draw of 0.
    ///   - b: The value approached as the draw nears 1; may be below `a`.
    public mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * unit()
    }

    /// An integer in `lo...hi`, both included: `lo + Int(unit() * Double(hi - lo + 1))`.
    /// - Precondition: `lo <= hi`.
    public mutating func int(in lo: Int, _ hi: Int) -> Int {
        lo + Int(unit() * Double(hi - lo + 1))
    }
}
