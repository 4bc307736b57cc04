/// How `flowrun sync` fetches: each default given beside its field (README, Syncing bundles).
public struct SyncOptions: Sendable, Equatable {
    /// Tries of one request before giving up, on a 5xx answer, a timeout or a body cut short.
    public var attempts = 4  // 1 try + 3 retries
    /// Seconds before the first retry; each later wait doubles it (0.25, 0.5, 1 s).
    public var backoff = 0.25
    /// Seconds to connect, and the longest wait for the next bytes of an answer.
    public var timeout = 10.0
    /// Objects downloaded at once.
    public var parallel = 4
    /// Accept a manifest older than the cache's current version (a deliberate rollback).
    public var allowDowngrade = false

    /// Options with each default given above.
    public init() {}

    /// The wait before retry `retry` (from 1): ``backoff`` doubled `retry - 1` times.
    func delay(beforeRetry retry: Int) -> Double { backoff * Double(1 << min(max(retry - 1, 0), 16)) }
}
