import FlowBundle
import FlowKit
import FlowSync
import Foundation

/// `flowbench sync`: what the updater costs and how much it fetches. A copy of the project
/// is bundled into a temporary folder with a fresh key and served by the project's own
/// server on 127.0.0.1, which counts the requests it answers; a cache is synced from it,
/// in this process: the first sync; `runs` syncs with no change; `runs` syncs each after a
/// one-flow change (a comment added to flows/home.lua, a new version published, not timed).
/// With the flowrun binary, also cold processes of `flowrun sync` with no change.
struct SyncBench {
    struct Figures {
        var files = 0, objects = 0, contentBytes = 0
        var firstRequests = 0, firstMilliseconds = 0.0
        var unchanged = Samples(), unchangedRequests = Samples()
        var changed = Samples(), changedRequests = Samples(), changedObjects = Samples(), changedBytes = Samples()
        var cold = Samples(), coldRequests = Samples()
    }

    let root: String
    let park: String
    let runs: Int
    /// The release flowrun, for the cold runs; nil to skip them.
    let flowrun: String?

    func run() async throws(BenchError) -> Figures {
        let folder = NSTemporaryDirectory() + "flowbench-sync-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // StagedProject adds a flow of its own; the bundle carries it like any park flow.
        let staged = try StagedProject(
            root: root, park: park, flowFile: "bench_probe.lua",
            source: "flow.register('bench_probe', function() return { title = 'probe' } end)\n")
        defer { staged.remove() }
        let key = SigningKey.generate()
        let writer = BundleWriter(root: ProjectRoot(path: staged.path), key: key)
        let dist = folder + "/dist"
        var figures = Figures()
        let publicKey: String
        do {
            let first = try writer.write(park: park, to: dist)
            publicKey = try key.writeFiles(name: "bench", in: folder + "/keys").publicKey
            figures.files = first.manifest.files.count
            figures.objects = Set(first.manifest.files.map(\.sha256)).count
            figures.contentBytes = first.manifest.totalBytes
        } catch {
            throw .setup("sync: cannot write the bundle of \(park): \(error)")
        }
        let counter = RequestLog()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let server = Task {
            defer { continuation.finish() }
            try await BundleServer(folder: dist, port: 0).run(handlesSignals: false, onRequest: { path, _ in counter.add(path) }) { continuation.yield($0) }
        }
        defer { server.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw .setup("sync: the bundle server did not start") }
        let url = "http://127.0.0.1:\(port)/"
        let cache = BundleCache(folder: folder + "/cache")
        let sync: BundleSync
        do {
            sync = try BundleSync(from: url, park: park, cache: cache, verifier: BundleVerifier(trust: TrustSet([key.publicKey])))
        } catch {
            throw .setup("sync: \(error)")
        }

        var start = MonotonicClock.now()
        try await expect(sync, updated: true)
        figures.firstMilliseconds = Double(MonotonicClock.now() - start) / 1e6
        figures.firstRequests = counter.take().count
        for round in 0..<(runs + 2) {
            start = MonotonicClock.now()
            try await expect(sync, updated: false)
            let elapsed = Double(MonotonicClock.now() - start) / 1e6
            let requests = counter.take()
            guard round >= 2 else { continue }  // two warm-ups
            figures.unchanged.add(elapsed)
            figures.unchangedRequests.add(Double(requests.count))
        }
        let home = URL(fileURLWithPath: staged.path).appendingPathComponent("flows/home.lua")
        for round in 0..<(runs + 2) {
            do {
                let handle = try FileHandle(forWritingTo: home)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data("-- change \(round)\n".utf8))
                try handle.close()
                _ = try writer.write(park: park, to: dist)
            } catch {
                throw .setup("sync: cannot publish a change: \(error)")
            }
            _ = counter.take()
            start = MonotonicClock.now()
            let outcome = try await expect(sync, updated: true)
            let elapsed = Double(MonotonicClock.now() - start) / 1e6
            let requests = counter.take()
            guard round >= 2, case .updated(_, _, _, _, _, let bytes) = outcome else { continue }
            figures.changed.add(elapsed)
            figures.changedRequests.add(Double(requests.count))
            figures.changedObjects.add(Double(requests.filter { $0.contains("/objects/") }.count))
            figures.changedBytes.add(Double(bytes))
        }
        if let flowrun {
            let arguments = ["sync", "--from", url, "--park", park, "--cache", cache.folder, "--trust", publicKey]
            for round in 0..<(runs + 2) {
                let spawned = try ProcessSpawner.run(flowrun, arguments)
                guard spawned.exitStatus == 0 else { throw .setup("sync: `flowrun \(arguments.joined(separator: " "))` failed (its standard error is above)") }
                let requests = counter.take()
                guard round >= 2 else { continue }
                figures.cold.add(spawned.wallNanoseconds / 1e6)
                figures.coldRequests.add(Double(requests.count))
            }
        }
        return figures
    }

    /// Runs one sync; it must update (or not), as asked.
    @discardableResult
    private func expect(_ sync: BundleSync, updated: Bool) async throws(BenchError) -> BundleSync.Outcome {
        let report: BundleSync.Report
        do { report = try await sync.run() } catch { throw .setup("sync: \(error)") }
        switch (report.outcome, updated) {
        case (.updated, true), (.upToDate, false): return report.outcome
        default: throw .setup("sync: expected \(updated ? "an update" : "no change"), got \(report.outcome)")
        }
    }

    func report(_ f: Figures) -> String {
        func ms(_ s: Samples) -> String { String(format: "%.2f ms", s.percentile(50)) }
        func span(_ s: Samples) -> String { s.min == s.max ? Format.grouped(Int(s.min)) : "\(Format.grouped(Int(s.min)))–\(Format.grouped(Int(s.max)))" }
        var table = TextTable(
            "flowbench sync: \(park) from the project's server on 127.0.0.1 (p50 of \(runs) runs)",
            header: ["case", "requests", "objects", "p50"])
        table.add(["first sync (every object)", Format.grouped(f.firstRequests), Format.grouped(f.objects), String(format: "%.2f ms", f.firstMilliseconds)])
        table.add(["no change (If-None-Match: 304)", span(f.unchangedRequests), "0", ms(f.unchanged)])
        table.add(["one flow changed (verify, home's first run, switch)", span(f.changedRequests), span(f.changedObjects), ms(f.changed)])
        if f.cold.count > 0 { table.add(["flowrun sync, cold process, no change", span(f.coldRequests), "0", ms(f.cold)]) }
        table.note(
            "requests and objects are counted by the server; bundle: \(Format.grouped(f.files)) files in \(Format.grouped(f.objects)) objects, "
                + "\(Format.grouped(f.contentBytes)) bytes; a changed flow is \(Format.grouped(Int(f.changedBytes.median))) bytes")
        table.note("a sync with no change still verifies the cache's current version (every object hashed) before its one request")
        return table.render()
    }
}

/// The paths the server answered, taken by the bench between syncs. Unchecked Sendable:
/// every access holds the lock.
private final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    func add(_ path: String) {
        lock.lock()
        paths.append(path)
        lock.unlock()
    }

    /// The paths since the last take.
    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = paths
        paths = []
        return taken
    }
}
