/// Stable least-significant-digit radix sort of `n` keys (only their low `bits` bits are
/// significant), carrying one Int32 value per key. The caller lends the scratch memory.
/// Large inputs split over the cores (``ParallelSplit``): each chunk counts its digits, and
/// scatters after the chunks before it, so the order is the one-thread order.
enum RadixSort {
    /// Widest digit: 2^11 counters fit in the L1 cache.
    private static let maxDigitBits = 11

    static func sort(
        keys: UnsafeMutablePointer<UInt64>, values: UnsafeMutablePointer<Int32>, count n: Int, bits: Int,
        keyScratch: UnsafeMutablePointer<UInt64>, valueScratch: UnsafeMutablePointer<Int32>
    ) {
        guard n > 1, bits > 0 else { return }
        let passes = (bits + maxDigitBits - 1) / maxDigitBits
        let digitBits = (bits + passes - 1) / passes
        let buckets = 1 << digitBits
        let mask = UInt64(buckets - 1)
        let chunks = ParallelSplit.chunkCount(n)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: chunks * buckets) { counters in
            guard let counters = counters.baseAddress else { return }
            var from = (keys, values), to = (keyScratch, valueScratch)
            for pass in 0..<passes {
                let shift = UInt64(pass * digitBits)
                let source = from, target = to
                ParallelSplit.forEachChunk(n, chunks: chunks) { chunk, range in
                    let count = counters + chunk * buckets
                    count.initialize(repeating: 0, count: buckets)
                    for i in range { count[Int((source.0[i] >> shift) & mask)] &+= 1 }
                }
                // Where each chunk's run of each digit starts: digit by digit, chunk by chunk.
                var sum = 0
                for d in 0..<buckets {
                    for chunk in 0..<chunks {
                        let c = counters[chunk * buckets + d]
                        counters[chunk * buckets + d] = sum
                        sum &+= c
                    }
                }
                ParallelSplit.forEachChunk(n, chunks: chunks) { chunk, range in
                    let next = counters + chunk * buckets
                    for i in range {
                        let key = source.0[i]
                        let d = Int((key >> shift) & mask)
                        let at = next[d]
                        target.0[at] = key
                        target.1[at] = source.1[i]
                        next[d] = at &+ 1
                    }
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
