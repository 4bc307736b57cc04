#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall time from CLOCK_MONOTONIC, in nanoseconds.
enum MonotonicClock {
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Runs `body` once and returns its result and the nanoseconds it took.
    static func measure<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, nanoseconds: Double) {
        let start = now()
        let result = try body()
        let end = now()
        return (result, Double(end - start))
    }
}
