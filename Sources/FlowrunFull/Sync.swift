import Formats
import ArgumentParser
import FlowrunCommands
import FlowBundle
import FlowKit
import FlowSync
import Foundation
import ScreenModel

extension Flowrun {
    /// `flowrun sync --from URL --cache DIR`: the app's updater (``BundleSync``).
    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: FullCommandLine.Command.sync.rawValue,
            abstract: FullCommandLine.Command.sync.abstract,
            discussion: """
                Fetches the park's manifest.json with If-None-Match (a sync with no change is one request), \
                checks its signature against the trusted keys and refuses an expired manifest or one without \
                an expiry (unless --allow-no-expiry), one below --min-version or made before --not-before \
                (which pin a first install too), an older version (unless --allow-downgrade) or a version \
                seen before with other bytes, downloads only the objects the \
                cache lacks (each checked for size and SHA-256 as it arrives; 5xx answers, timeouts and bodies \
                cut short are tried again, 4 tries in all), verifies the new version, runs its home flow once, \
                and only then switches DIR/current to it; the version it ran before stays as DIR/previous, \
                which 'flowrun --cache DIR' runs if the current one stops verifying. A server that cannot \
                be reached leaves the cache as it is: a note, exit 0 (exit 1 when the cache is still empty). \
                The whole sync stops at --deadline, or when the transfer falls under --min-rate; the cache \
                is never written through a symbolic link planted in it. Shows progress on a terminal. With --park, one cache serves any number of parks, each synced on its own, the files they share stored once; run one with 'flowrun --cache DIR --park CODE home'. \
                Exits 2 when the server's manifest or an object is refused, 1 when the transfer or the new \
                version's first run fails; the cache then runs what it ran before.
                """)

        @Option(help: ArgumentHelp("The folder of bundles (http://127.0.0.1:8090/) with --park, or a park's bundle (http://host/GOGA/).", valueName: "url"))
        var from: String

        @Option(help: ArgumentHelp("The cache's folder (made if missing); with --park it holds any number of parks.", valueName: "dir"))
        var cache: String

        @Option(help: "The park, when --from is the folder of bundles.")
        var park: String?

        @Option(help: ArgumentHelp("A trusted public key (repeatable; default: keys/*.pub).", valueName: "file.pub"))
        var trust: [String] = []

        @Flag(help: "Accept a version older than the cache's current one (a deliberate rollback).")
        var allowDowngrade = false

        @Option(help: "Seconds to connect, and the longest wait for the next bytes of an answer.")
        var timeout = SyncOptions().timeout

        @Option(help: ArgumentHelp("Seconds the whole sync may take; then it stops and the cache stays as it was.", valueName: "seconds"))
        var deadline = SyncOptions().deadline

        @Option(
            help: ArgumentHelp(
                "Bytes per second the transfer must keep up, averaged over \(Int(SyncOptions().rateWindow)) s of waiting; 0 for no minimum.",
                valueName: "bytes-per-s"))
        var minRate = SyncOptions().minimumRate

        @Option(help: ArgumentHelp("Refuse a manifest below this version, even into an empty cache (pins a first install).", valueName: "n"))
        var minVersion: Int?

        @Option(
            help: ArgumentHelp(
                "Refuse a manifest made before this UTC time (2026-11-27T13:40:00Z), even into an empty cache.", valueName: "time"))
        var notBefore: String?

        @Flag(help: "Accept a manifest without an expiry (a bundle made before flowrun wrote expiries).")
        var allowNoExpiry = false

        func validate() throws {
            guard timeout.isFinite, timeout > 0, timeout <= 3_600 else {
                throw ValidationError("--timeout must be a positive number of seconds up to 3600, got \(timeout)")
            }
            guard deadline.isFinite, deadline > 0, deadline <= 86_400 else {
                throw ValidationError("--deadline must be a positive number of seconds up to 86400, got \(deadline)")
            }
            guard (0...(1 << 40)).contains(minRate) else {
                throw ValidationError("--min-rate must be a whole number of bytes per second, 0 or more, got \(minRate)")
            }
            if let minVersion, minVersion < 1 { throw ValidationError("--min-version must be 1 or more, got \(minVersion)") }
            if let notBefore, ManifestTime.date(notBefore) == nil {
                throw ValidationError("--not-before must be a UTC time such as 2026-11-27T13:40:00Z, got \(Excerpt.quoted(notBefore))")
            }
        }

        func run() throws {
            let keys = try TrustSet.load(trust.isEmpty ? TrustSet.defaultFiles() : trust)
            guard !keys.keys.isEmpty else {
                throw FlowError.badArgument(name: "--trust", message: "no trusted keys: put the signer's .pub file in keys/ or pass --trust FILE")
            }
            var options = SyncOptions()
            options.allowDowngrade = allowDowngrade
            options.timeout = timeout
            options.deadline = deadline
            options.minimumRate = minRate
            options.minimumVersion = minVersion
            options.notBefore = notBefore.flatMap(ManifestTime.date)
            options.allowNoExpiry = allowNoExpiry
            // With --park each park has its place in the cache, and the objects they share are
            // stored once; a park's bundle URL alone fills a cache of that one park.
            let target: BundleCache
            do {
                target = try park.map { code throws(BundleError) in try BundleCache(folder: cache, park: code) } ?? BundleCache(folder: cache)
            } catch {
                throw FlowError.badArgument(name: "--park", message: error.message)
            }
            let sync: BundleSync
            do {
                sync = try BundleSync(from: from, park: park, cache: target, verifier: BundleVerifier(trust: keys), options: options)
            } catch {
                throw FlowError.badArgument(name: error.source, message: error.message)
            }
            let line = SyncProgressLine(label: park ?? "bundle")
            let progress: (@Sendable (BundleSync.Progress) -> Void)? = line.isShown ? { @Sendable update in line.show(update) } : nil
            let result = Blocking.wait { () async throws(SyncError) in try await sync.run(progress: progress) }
            line.clear()
            switch result {
            case .success(let report)?:
                report.outcome.printed(requests: report.requests, cache: cache)
            case .failure(let error)?:
                let running = target.running().map { "the cache still runs \($0.park) version \($0.version)" } ?? "the cache holds no version yet"
                TerminalText.writeError("flowrun: sync: \(error); \(running)")
                throw ExitCode(error.exitCode)
            case nil:
                throw ExitCode(1)
            }
        }
    }
}

extension BundleSync.Outcome {
    /// Prints how the sync ended: a line on standard output, or a note on standard error
    /// when the server could not be reached.
    func printed(requests: Int, cache: String) {
        let asked = "\(requests) request\(requests == 1 ? "" : "s")"
        switch self {
        case .upToDate(let park, let version):
            print("\(park) is up to date at version \(version) (\(asked))")
        case .updated(let park, let from, let to, let downloaded, let files, let bytes):
            let was = from.map { " (was \($0))" } ?? ""
            print(
                "synced \(park) to version \(to)\(was) in \(cache): downloaded \(Excerpt.count(downloaded)) of \(Excerpt.count(files)) files, "
                    + "\(Excerpt.count(bytes)) bytes; home ran (\(asked))")
        case .repaired(let park, let version, let downloaded):
            print(
                "repaired \(park) version \(version) in \(cache): it no longer verified; downloaded \(Excerpt.count(downloaded)) "
                    + "damaged or missing file\(downloaded == 1 ? "" : "s") (\(asked))")
        case .offline(let park, let version, let reason):
            TerminalText.writeError("flowrun: sync: note: the server cannot be reached (\(reason)); the cache stays on \(park) version \(version)")
        }
    }
}
