public import Foundation

/// How `flowrun sync` fetches and what it accepts: each default given beside its field, and
/// only here (docs/operations.md, Syncing, cites them).
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

    // Against slow retrieval: a server that sends just fast enough to beat `timeout` would
    // otherwise hold the sync, and the cache's lock, for as long as it likes.

    /// Seconds the whole sync may take, retries included; then it stops, the cache as it was.
    public var deadline = 120.0
    /// Bytes per second the transfer must keep up, averaged over ``rateWindow``; 0: no minimum.
    public var minimumRate = 1_024
    /// Seconds of waiting on the network the rate is averaged over; the first window is the
    /// grace before it is checked. Above a request's longest wait for its answer's head (twice
    /// ``timeout``), so a slow answer is still tried again before the rate gives up on it.
    public var rateWindow = 30.0

    // Against freeze and rollback (first install included).

    /// Accept a manifest without `expires` (made before flowrun wrote expiries), which a
    /// frozen mirror could serve for ever; refused unless set.
    public var allowNoExpiry = false
    /// Refuse a manifest of a lower version, even into an empty cache (`--min-version`); nil: none.
    public var minimumVersion: Int?
    /// Refuse a manifest made (`created`) before this moment, or that does not say when it
    /// was made (`--not-before`); nil: none.
    public var notBefore: Date?

    /// Options with each default given above.
    public init() {}

    /// The wait before retry `retry` (from 1): ``backoff`` doubled `retry - 1` times.
    func delay(beforeRetry retry: Int) -> Double { backoff * Double(1 << min(max(retry - 1, 0), 16)) }
}
