/// Measurements of one figure across runs. Reports use the median: the machines are
/// noisy, and a median ignores the runs a neighbor disturbed.
struct Samples {
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) { self.values = values }

    mutating func add(_ value: Double) { values.append(value) }

    var count: Int { values.count }

    /// The middle value (the mean of the two middle ones for an even count); NaN if empty.
    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The nearest-rank percentile `p` (0...100); NaN if empty.
    func percentile(_ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    /// Each value transformed, e.g. nanoseconds to milliseconds.
    func map(_ transform: (Double) -> Double) -> Samples { Samples(values.map(transform)) }
}

/// Pairs two figures of the same runs: `a[i] - b[i]`, or `a[i] / b[i]`.
extension Samples {
    static func - (a: Samples, b: Samples) -> Samples {
        Samples(zip(a.values, b.values).map { $0 - $1 })
    }

    static func / (a: Samples, b: Samples) -> Samples {
        Samples(zip(a.values, b.values).map { $0 / $1 })
    }
}
