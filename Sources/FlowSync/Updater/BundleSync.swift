import AsyncHTTPClient
import NetworkClient
public import FlowBundle
import FlowKit
import Foundation
import NIOCore

/// `flowrun sync`: the app's updater. Brings a cache (`BundleCache`) to the version of a
/// park's bundle a server offers, in this order (docs/operations.md, Syncing):
///
/// 1. GET `manifest.json` with `If-None-Match` (the ETag kept for the current version, when
///    that version still verifies): a 304 ends the sync, so a sync with no change is one
///    request; a server that cannot be reached leaves the cache as it is
///    (``Outcome/offline(park:version:reason:)``); the same manifest again for a current
///    version damaged on disk fetches its damaged objects (``Outcome/repaired(park:version:downloaded:)``);
/// 2. refuse at once what no signature can make right: a manifest past its `expires` or
///    without one (a freeze), below ``SyncOptions/minimumVersion`` or made before
///    ``SyncOptions/notBefore`` (these three even when it is the version the cache runs),
///    another park, a version below the current one (unless ``SyncOptions/allowDowngrade``),
///    a version already seen with other bytes (a replay), one that failed its first run before;
/// 3. GET `versions/<N>.sig` (immutable, unlike `manifest.sig`, which a publisher replaces
///    a moment after `manifest.json`) and check the signature against the pinned keys;
/// 4. store the manifest, then GET only the objects the cache lacks, each checked for size
///    and SHA-256 as it arrives;
/// 5. verify the version from the cache as `flowrun --cache` will (an object damaged on
///    disk is fetched again), and run its home flow once: a version whose first run fails
///    is recorded as failed and never switched to;
/// 6. switch `current` to it (the old one becomes `previous`), and drop what neither lists.
///
/// Every step before 6 leaves the cache running what it ran; step 6 is one rename. The whole
/// sync is bounded in time and rate (``SyncOptions/deadline``, ``SyncOptions/minimumRate``:
/// `TransferWatch`), and the cache is written only through `CacheFolder`, never through a link.
public struct BundleSync: Sendable {
    /// How far the downloads are.
    public struct Progress: Sendable, Equatable {
        /// Objects downloaded, of ``filesTotal`` to download.
        public var files = 0, filesTotal = 0
        /// Bytes received, of ``bytesTotal``.
        public var bytes = 0, bytesTotal = 0
    }

    /// How a sync ended, when the cache is as it should be.
    public enum Outcome: Sendable, Equatable {
        /// The server offers the version the cache runs.
        case upToDate(park: String, version: Int)
        /// The cache switched to a new version (`from` is nil for a first sync).
        case updated(park: String, from: Int?, to: Int, downloaded: Int, files: Int, bytes: Int)
        /// The server offers the version the cache runs, which had damaged or missing objects:
        /// they were fetched again.
        case repaired(park: String, version: Int, downloaded: Int)
        /// The server could not be reached; the cache runs `version`, as before.
        case offline(park: String, version: Int, reason: String)
    }

    /// What a sync did.
    public struct Report: Sendable, Equatable {
        /// How it ended.
        public let outcome: Outcome
        /// HTTP requests sent, retries included.
        public let requests: Int
    }

    /// The park's bundle URL, ending in `/`: `http://127.0.0.1:8090/GOGA/`.
    public let source: String
    /// The cache.
    public let cache: BundleCache
    /// The pinned keys and the limits.
    public let verifier: BundleVerifier
    /// The park the bundle must be of, when named (`--park`).
    public let park: String?
    /// Retries, timeouts, parallel downloads, downgrades.
    public let options: SyncOptions
    /// The clock a manifest's expiry is judged by (tests move it on).
    var now: @Sendable () -> Date = { Date() }

    /// A sync of `cache` from `from`.
    /// - Parameters:
    ///   - from: the folder of bundles (`http://host/`) with `park`, or a park's bundle
    ///     (`http://host/GOGA/`) without; http or https.
    ///   - park: the park's code, or nil when `from` is its bundle.
    ///   - cache: the cache to update.
    ///   - verifier: the pinned keys (and limits).
    ///   - options: retries, timeouts, parallel downloads, downgrades (default ``SyncOptions/init()``).
    /// - Throws: ``SyncError`` (``SyncError/Reason/notFound``) for a URL that is not http(s).
    public init(from: String, park: String?, cache: BundleCache, verifier: BundleVerifier, options: SyncOptions = SyncOptions()) throws(SyncError) {
        guard let url = URL(string: from), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
            url.query == nil, url.fragment == nil
        else {
            throw SyncError(.notFound, "--from", "\(from) is not an http:// or https:// URL of a folder of bundles")
        }
        var base = from.hasSuffix("/") ? from : from + "/"
        if let park {
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)
            guard (1...32).contains(park.utf8.count), park.utf8.allSatisfy(allowed.contains) else {
                throw SyncError(.notFound, "--park", "'\(park)' is not a park code (1 to 32 letters, digits, '_' or '-')")
            }
            base += park + "/"
        }
        source = base
        self.park = park
        self.cache = cache
        self.verifier = verifier
        self.options = options
    }

    /// Runs the sync.
    /// - Parameter progress: told of each part of an object that arrives (from several tasks at once).
    /// - Throws: ``SyncError``; the cache then runs what it ran before.
    public func run(progress: (@Sendable (Progress) -> Void)? = nil) async throws(SyncError) -> Report {
        let lock: CacheLock
        do throws(BundleError) { lock = try cache.open() } catch { throw SyncError(error) }
        defer { lock.release() }
        let timeout = Duration.milliseconds(Int64(options.timeout * 1000))
        let requests = RequestCount()
        let watch = TransferWatch(options: options, source: source)
        let outcome: Outcome
        do {
            outcome = try await NetworkClient.with(connectTimeout: timeout, readTimeout: timeout) { client in
                let fetcher = Fetcher(client: client, base: source, options: options, requests: requests, watch: watch)
                let tally = ProgressTally(progress)
                return try await watch.bounding { try await update(with: fetcher, progress: tally) }
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.transfer, source, "\(error)")
        }
        return Report(outcome: outcome, requests: await requests.value)
    }

    // MARK: - Private

    private func update(with fetcher: Fetcher, progress: ProgressTally) async throws(SyncError) -> Outcome {
        let current = try? cache.version(.current)
        let running = current.flatMap { version in
            cache.storedManifest(version).flatMap { try? BundleManifest.decode($0, file: cache.manifestFile(version), limits: verifier.limits) }
        }
        // A current version that no longer verifies (damaged on disk) is fetched again even
        // when the server's manifest has not changed: no If-None-Match for it.
        let sound = current.map { version in (try? cache.verify(version: version, with: verifier)) != nil } ?? false
        let etag = sound ? cache.storedETag().flatMap { $0.version == current ? $0.etag : nil } : nil
        let manifestURL = fetcher.url(BundleLayout.manifest)
        let answer: Fetcher.Answer
        do throws(SyncError) {
            answer = try await fetcher.get(BundleLayout.manifest, ifNoneMatch: etag, limit: verifier.limits.maxManifestBytes)
        } catch  where error.reason == .unreachable {
            guard let current, let running else { throw error }
            return .offline(park: running.park, version: current, reason: error.message)
        }
        if answer.status == 304, let current, let running {
            try refuseStale(running, url: manifestURL)
            return .upToDate(park: running.park, version: current)
        }

        // Not signed yet: read to know which signature to fetch, and to refuse at once what no signature makes right.
        let offered: BundleManifest
        do throws(BundleError) { offered = try BundleManifest.decode(answer.bytes, file: manifestURL, limits: verifier.limits) } catch {
            throw SyncError(error)
        }
        try refuseStale(offered, url: manifestURL)
        if let current, offered.version == current, answer.bytes == cache.storedManifest(current) {
            if sound {
                try? cache.storeETag(answer.etag, version: current)
                return .upToDate(park: offered.park, version: current)
            }
            let (downloaded, _) = try await fetchObjects(offered.files, with: fetcher, progress: progress)
            _ = try await verifyRepairing(offered, with: fetcher, progress: progress)
            // Switching to the version already current flushes the repaired objects to disk.
            do throws(BundleError) { try cache.switchTo(current) } catch { throw SyncError(error) }
            try? cache.storeETag(answer.etag, version: current)
            return .repaired(park: offered.park, version: current, downloaded: downloaded)
        }
        try refuseEarly(offered, bytes: answer.bytes, current: current, running: running, url: manifestURL)

        let (signature, signatureURL) = try await fetchSignature(of: offered.version, with: fetcher)
        let manifest: BundleManifest
        do throws(BundleError) {
            manifest = try verifier.manifest(answer.bytes, signature: signature, file: manifestURL, signatureFile: signatureURL).0
            try cache.storeVersion(manifest.version, manifest: answer.bytes, signature: signature)
        } catch {
            throw SyncError(error)
        }
        let (downloaded, bytes) = try await fetchObjects(manifest.files, with: fetcher, progress: progress)
        let verified = try await verifyRepairing(manifest, with: fetcher, progress: progress)
        if let failure = Self.firstRun(verified) {
            try? cache.markFailed(manifest.version, reason: failure)
            throw SyncError(
                .failedRun, cache.versionFolder(manifest.version),
                "version \(manifest.version) fails its first run, so it is not used: \(failure)")
        }
        do throws(BundleError) { try cache.switchTo(manifest.version) } catch { throw SyncError(error) }
        try? cache.storeETag(answer.etag, version: manifest.version)
        cache.collectGarbage()
        return .updated(park: manifest.park, from: current, to: manifest.version, downloaded: downloaded, files: manifest.files.count, bytes: bytes)
    }

    /// Refuses what the server offers now, even the version the cache runs (a 304 too) or
    /// into an empty cache: a manifest past its expiry or without one (a freeze), below
    /// ``SyncOptions/minimumVersion`` or made before ``SyncOptions/notBefore`` (a rollback).
    private func refuseStale(_ manifest: BundleManifest, url: String) throws(SyncError) {
        let now = now()
        if let expires = manifest.expires {
            if let expiry = ManifestTime.date(expires), expiry <= now {
                throw SyncError(
                    .refused, url,
                    "expires: version \(manifest.version) expired at \(expires) (now \(ManifestTime.text(now))): a mirror frozen on an old "
                        + "version, or a publisher who has not published since (publish again; 'flowrun bundle --expires-in' sets the lifetime)",
                    check: .expired)
            }
        } else if !options.allowNoExpiry {
            throw SyncError(
                .refused, url,
                "expires: missing: version \(manifest.version) never expires, so a frozen mirror could serve it for ever "
                    + "(a bundle made before flowrun wrote expiries: publish it again, or --allow-no-expiry accepts it)", check: .expired)
        }
        if let minimum = options.minimumVersion, manifest.version < minimum {
            throw SyncError(
                .refused, url, "version: \(manifest.version) is below --min-version \(minimum): an old signed version offered (a rollback)",
                check: .replayed)
        }
        if let notBefore = options.notBefore {
            let limit = ManifestTime.text(notBefore)
            guard let created = manifest.created, let made = ManifestTime.date(created) else {
                throw SyncError(
                    .refused, url, "created: missing: version \(manifest.version) does not say when it was made, so --not-before \(limit) cannot hold",
                    check: .replayed)
            }
            guard made >= notBefore else {
                throw SyncError(
                    .refused, url, "created: \(created) is before --not-before \(limit): an old signed version offered (a rollback)", check: .replayed)
            }
        }
    }

    /// Refuses a manifest of another park, an older version, a replay, a version that failed before.
    private func refuseEarly(_ offered: BundleManifest, bytes: [UInt8], current: Int?, running: BundleManifest?, url: String) throws(SyncError) {
        if let park, offered.park.lowercased() != park.lowercased() {
            throw SyncError(.refused, url, "park: \(offered.park), not \(park) (--park)", check: .malformed)
        }
        if let slot = cache.park, offered.park != slot {
            throw SyncError(.refused, url, "park: \(offered.park), but this is the cache's place for \(slot)", check: .malformed)
        }
        if let running, offered.park != running.park {
            throw SyncError(
                .refused, url, "park: \(offered.park), but this cache holds \(running.park) (with --park CODE, one cache keeps any number of parks)",
                check: .malformed)
        }
        if let current, offered.version < current, !options.allowDowngrade {
            throw SyncError(
                .refused, url,
                "version: \(offered.version) is older than the cache's current version \(current): "
                    + "an old manifest replayed, or a downgrade (--allow-downgrade accepts it)", check: .replayed)
        }
        if let current, offered.version == current {
            throw SyncError(
                .refused, url,
                "version: \(current) is the cache's current version, but the manifest's bytes differ: "
                    + "a replayed or altered manifest (a publisher gives changed content a new version)", check: .replayed)
        }
        let stored = cache.storedManifest(offered.version)
        if let stored, stored != bytes {
            throw SyncError(.refused, url, "version: \(offered.version) was fetched before with other bytes: a replayed or altered manifest", check: .replayed)
        }
        if stored != nil, let failure = cache.failure(of: offered.version) {
            throw SyncError(.failedRun, url, "version \(offered.version) failed its first run at an earlier sync, so it is not used: \(failure)")
        }
    }

    /// `versions/<N>.sig`, or `manifest.sig` from a host that keeps no `versions/`.
    private func fetchSignature(of version: Int, with fetcher: Fetcher) async throws(SyncError) -> ([UInt8], String) {
        let limit = 1_024
        do throws(SyncError) {
            return (try await fetcher.get(BundleLayout.versionSignature(version), limit: limit).bytes, fetcher.url(BundleLayout.versionSignature(version)))
        } catch  where error.reason == .notFound {
            return (try await fetcher.get(BundleLayout.signature, limit: limit).bytes, fetcher.url(BundleLayout.signature))
        }
    }

    /// Downloads the objects of `files` the cache lacks, ``SyncOptions/parallel`` at a time.
    /// - Returns: how many were downloaded, and their bytes.
    private func fetchObjects(_ files: [BundleManifest.File], with fetcher: Fetcher, progress: ProgressTally) async throws(SyncError) -> (Int, Int) {
        var seen = Set<String>()
        let missing = files.filter { seen.insert($0.sha256).inserted && !cache.hasObject($0) }
        progress.start(files: missing.count, bytes: missing.reduce(0) { $0 + $1.size })
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                var next = missing.makeIterator()
                func add() {
                    guard let entry = next.next() else { return }
                    group.addTask {
                        try await fetcher.download(entry, into: cache) { progress.add(bytes: $0) }
                        progress.finished()
                    }
                }
                for _ in 0..<max(1, options.parallel) { add() }
                while try await group.next() != nil { add() }
            }
        } catch let error as SyncError {
            throw error
        } catch {
            throw SyncError(.transfer, source, "\(error)")
        }
        return (missing.count, missing.reduce(0) { $0 + $1.size })
    }

    /// The version verified from the cache; an object found damaged on disk (it was there
    /// before this sync and not fetched again) is removed and fetched again, twice at most.
    private func verifyRepairing(_ manifest: BundleManifest, with fetcher: Fetcher, progress: ProgressTally) async throws(SyncError) -> VerifiedBundle {
        var repaired = 0
        while true {
            do throws(BundleError) {
                return try cache.verify(version: manifest.version, with: verifier)
            } catch {
                let prefix = cache.objects + "/"
                let sha = error.file.hasPrefix(prefix) ? String(error.file.dropFirst(prefix.count)) : ""
                guard repaired < 2, let entry = manifest.files.first(where: { $0.sha256 == sha }),
                    [.hashMismatch, .sizeMismatch, .notRegularFile, .unreadable].contains(error.reason)
                else { throw SyncError(error) }
                repaired += 1
                cache.removeObject(sha)
                _ = try await fetchObjects([entry], with: fetcher, progress: progress)
            }
        }
    }

    /// Why the version's first run fails — a flow file that does not load, or home that
    /// fails or returns no valid screen — or nil when it runs.
    static func firstRun(_ bundle: VerifiedBundle) -> String? {
        do {
            let runtime = try FlowRuntime(root: bundle.root, park: bundle.manifest.park)
            if let failure = runtime.loadFailures.first { return "\(failure)" }
            _ = try runtime.run(FlowRequest(flow: "home"))
            return nil
        } catch {
            return "home: \(error)"
        }
    }
}
