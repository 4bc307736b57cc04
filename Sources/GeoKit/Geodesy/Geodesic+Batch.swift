extension Geodesic {
    /// The inverse problem for many pairs, as flat columns: what a flow's batch call returns.
    public struct InverseSolutions: Sendable, Equatable {
        /// Metres, per pair.
        public var distances: [Double]
        /// Degrees in [0, 360), per pair.
        public var initialBearings: [Double]
        /// Degrees in [0, 360), per pair.
        public var finalBearings: [Double]
    }

    /// ``inverse(from:to:precision:)`` for each pair `(from[i], to[i])`; a side with one
    /// coordinate pairs it with every one of the other side. Batches of 8,192 pairs or more
    /// are split over the machine's cores (the pairs are independent; every split gives the
    /// same numbers as one pair at a time).
    /// - Parameters:
    ///   - from: The starts.
    ///   - to: The ends: as many as `from`, or one of the two sides a single coordinate.
    ///   - precision: ``Precision/automatic`` (default) or ``Precision/full``.
    /// - Returns: One solution per pair, in order; none when the counts do not pair up.
    public func inverse(from: [Coordinate], to: [Coordinate], precision: Precision = .automatic) -> InverseSolutions {
        let n = from.count == 1 ? to.count : to.count == 1 ? from.count : from.count == to.count ? from.count : 0
        var distances = [Double](repeating: 0, count: n)
        var initial = [Double](repeating: 0, count: n)
        var final = [Double](repeating: 0, count: n)
        let fromStep = from.count == 1 ? 0 : 1, toStep = to.count == 1 ? 0 : 1
        distances.withUnsafeMutableBufferPointer { d in
            initial.withUnsafeMutableBufferPointer { a1 in
                final.withUnsafeMutableBufferPointer { a2 in
                    // Each chunk writes its own range of the three buffers.
                    let (d, a1, a2) = (d, a1, a2)
                    ParallelSplit.forEachChunk(n) { _, range in
                        for i in range {
                            let s = inverse(from: from[i * fromStep], to: to[i * toStep], precision: precision)
                            d[i] = s.distance
                            a1[i] = s.initialBearing
                            a2[i] = s.finalBearing
                        }
                    }
                }
            }
        }
        return InverseSolutions(distances: distances, initialBearings: initial, finalBearings: final)
    }
}
