import BenchData

/// The bench data's generator (one SplitMix64 in the project), so the random cases repeat;
/// with the two draws these tests were written with.
typealias SplitMix64 = BenchData.SplitMix64

extension BenchData.SplitMix64 {
    mutating func nextBits() -> UInt64 { next() }

    mutating func next(in range: ClosedRange<Double>) -> Double { uniform(range.lowerBound, range.upperBound) }
}
