public import FlowBundle

/// Why `flowrun sync` did not update its cache. In every case the cache is as it was: it
/// still runs the version it ran before. Each error names the URL or file at fault.
public struct SyncError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, by what the person can do about it.
    public enum Reason: Sendable, Equatable {
        /// The server's manifest or an object was refused by a check (its signature, schema,
        /// version, park, size or hash): bad input, exit 2. ``SyncError/check`` says which.
        case refused
        /// Nothing at the URL (404): a wrong `--from` or `--park`, exit 2.
        case notFound
        /// The server could not be reached (refused, no route, no connection in time).
        case unreachable
        /// The server kept failing (5xx, timeouts, bodies cut short) through every retry, or
        /// answered with an error no retry fixes: exit 1.
        case transfer
        /// The server sent too slowly: the sync's deadline passed, or the rate fell under its
        /// minimum (``SyncOptions/deadline``, ``SyncOptions/minimumRate``): exit 1.
        case tooSlow
        /// The new version failed its first run (its home flow), now or at an earlier sync: exit 1.
        case failedRun
        /// The cache could not be written or locked: exit 1.
        case cache
    }

    /// What went wrong.
    public let reason: Reason
    /// For ``Reason/refused``: the check that failed.
    public let check: BundleError.Reason?
    /// The URL or file at fault.
    public let source: String
    /// What is wrong.
    public let message: String

    /// An error about `source`.
    /// - Parameters:
    ///   - reason: what went wrong.
    ///   - source: the URL or file at fault.
    ///   - message: what is wrong.
    ///   - check: the bundle check that refused it (default: none).
    public init(_ reason: Reason, _ source: String, _ message: String, check: BundleError.Reason? = nil) {
        self.reason = reason
        self.source = source
        self.message = message
        self.check = check
    }

    /// A bundle check's refusal (or a cache write's failure) as a sync error.
    init(_ error: BundleError) {
        let reason: Reason = error.reason == .writeFailed ? .cache : .refused
        self.init(
            reason, error.file, error.field.map { "\($0): \(error.message)" } ?? error.message,
            check: reason == .refused ? error.reason : nil)
    }

    /// `source: message`.
    public var description: String { "\(source): \(message)" }

    /// 2 for what the input or the usage got wrong (a refusal, nothing at the URL), else 1.
    public var exitCode: Int32 { reason == .refused || reason == .notFound ? 2 : 1 }
}
