/// Stable least-significant-digit radix sort of `n` keys (only their low `bits` bits are
/// significant), carrying one Int32 value per key. The caller lends the scratch memory.
enum RadixSort {
    /// Widest digit: 2^11 counters fit in the L1 cache.
    private static let maxDigitBits = 11

    static func sort(keys: UnsafeMutablePointer<UInt64>, values: UnsafeMutablePointer<Int32>, count n: Int, bits: Int,
                     keyScratch: UnsafeMutablePointer<UInt64>, valueScratch: UnsafeMutablePointer<Int32>) {
        guard n > 1, bits > 0 else { return }
        let passes = (bits + maxDigitBits - 1) / maxDigitBits
        let digitBits = (bits + passes - 1) / passes
        let mask = UInt64((1 << digitBits) - 1)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 1 << maxDigitBits) { count in
            var from = (keys, values), to = (keyScratch, valueScratch)
            for pass in 0..<passes {
                let shift = UInt64(pass * digitBits)
                for d in 0...Int(mask) { count[d] = 0 }
                for i in 0..<n { count[Int((from.0[i] >> shift) & mask)] &+= 1 }
                var sum = 0
                for d in 0...Int(mask) {
                    let c = count[d]
                    count[d] = sum
                    sum &+= c
                }
                for i in 0..<n {
                    let key = from.0[i]
                    let d = Int((key >> shift) & mask)
                    let at = count[d]
                    to.0[at] = key
                    to.1[at] = from.1[i]
                    count[d] = at &+ 1
                }
                swap(&from, &to)
            }
            if passes % 2 == 1 {
                keys.update(from: keyScratch, count: n)
                values.update(from: valueScratch, count: n)
            }
        }
    }
}
