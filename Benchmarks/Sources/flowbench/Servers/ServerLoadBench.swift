import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `flowbench servers`: the two local servers, `flowrun preview` and `flowrun serve`, against
/// hostile local clients, each spawned from a release flowrun under `ulimit -n 1024` and
/// measured from outside (issue 38). Three scenarios, a fresh server for each:
///
/// 1. baseline: plain GETs one after another, each on a connection of its own;
/// 2. held: `held` connections held open (half silent, half dripping a request head a byte a
///    second, each opened again when the server closes it), then the same plain GETs;
/// 3. never-reading: `readers` clients send a whole GET (serve: a 16 MiB file; preview: an
///    event stream, with the flow changed every 3 s) and never read; the server's peak and
///    current memory after `holdSeconds`, then the plain GETs.
///
/// Goals: with 1,000 held connections, p99 ≤ 100 ms and none failed; peak < 200 MiB with
/// 200 never-reading clients.
struct ServerLoadBench {
    /// The project folder; a copy of park GOGA from it is previewed and bundled.
    let root: String
    /// The builds measured: ("new", path), then ("old", path) with --against.
    let builds: [(name: String, flowrun: String)]
    let runs: Int
    let held: Int
    let requests: Int
    let readers: Int
    let holdSeconds: Double
    /// Whether the held connections are opened again when the server closes them.
    var reopen = true

    enum Server: String, CaseIterable { case preview, serve }
    enum Scenario: CaseIterable { case baseline, held, readers }

    /// A request that takes longer than this counts as failed; after this many failures in a
    /// row the rest of a sequence is not tried (and counts as failed).
    static let requestTimeoutMs = 2_000
    static let giveUpAfter = 10

    /// One scenario's figures for one server and build, over the runs.
    struct Figures {
        var p50 = Samples(), p99 = Samples(), max = Samples()
        var failed = 0, tried = 0
        var runs = 0, alive = 0
        var endings: [String] = []
        var peakMiB = Samples(), currentMiB = Samples(), idleMiB = Samples()
        var established = Samples(), closedByServer = Samples()
        var firstFailure: String?
    }

    private struct Probe {
        var milliseconds = Samples()
        var failed = 0
        var firstFailure: String?
    }

    private struct Setup {
        let folder: String
        let project: String
        let bundles: String
    }

    func run() throws(BenchError) -> String {
        let limit = LoopbackClient.raiseOpenFileLimit()
        guard limit >= held + readers + 64 else {
            throw .setup("servers: this process may open \(limit) files, fewer than the \(held + readers) clients need (ulimit -Hn)")
        }
        let setup = try prepare()
        defer { try? FileManager.default.removeItem(atPath: setup.folder) }
        var figures: [String: Figures] = [:]
        for run in 1...runs {
            for scenario in Scenario.allCases {
                for server in Server.allCases {
                    // Alternate which build goes first, run by run.
                    let order = run % 2 == 1 ? builds : Array(builds.reversed())
                    for build in order {
                        progress("servers: run \(run)/\(runs), \(scenario), \(server.rawValue), \(build.name)")
                        let key = "\(scenario)|\(server)|\(build.name)"
                        var f = figures[key] ?? Figures()
                        try measure(scenario, server, build: build, setup: setup, into: &f)
                        figures[key] = f
                    }
                }
            }
        }
        return report(figures)
    }

    /// A copy of flows/ and parks/ in a temporary folder (GOGA's tests count the parks), and GOGA's
    /// bundle made from it by the first build's `flowrun bundle`, with a 16 MiB GOGA/big.bin.
    private func prepare() throws(BenchError) -> Setup {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("flowbench-servers-\(getpid())").path
        let project = folder + "/project"
        let bundles = folder + "/dist"
        do {
            try? fm.removeItem(atPath: folder)
            try fm.createDirectory(atPath: project, withIntermediateDirectories: true)
            for relative in ["flows", "parks"] {
                try fm.copyItem(atPath: root + "/" + relative, toPath: project + "/" + relative)
            }
        } catch {
            throw .setup("servers: cannot copy the project into \(folder): \(error.localizedDescription)")
        }
        let flowrun = builds[0].flowrun
        progress("servers: bundling GOGA into \(bundles)")
        try ChildProcess.check("flowrun keys new", flowrun, ["keys", "new", "bench", "--out", folder + "/keys"], stdoutPath: nil)
        try ChildProcess.check(
            "flowrun bundle", flowrun,
            ["bundle", "--root", project, "--park", "GOGA", "--key", folder + "/keys/bench.key", "--out", bundles], stdoutPath: nil)
        do {
            let block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
            var big = Data()
            for _ in 0..<16 { big.append(block) }
            try big.write(to: URL(fileURLWithPath: bundles + "/GOGA/big.bin"))
        } catch {
            throw .setup("servers: cannot write \(bundles)/GOGA/big.bin: \(error.localizedDescription)")
        }
        return Setup(folder: folder, project: project, bundles: bundles)
    }

    private func spawn(_ server: Server, build: (name: String, flowrun: String), setup: Setup) throws(BenchError) -> ServerProcess {
        let arguments =
            switch server {
            case .preview: ["preview", "--root", setup.project, "--port", "0"]
            case .serve: ["serve", "--bundles", setup.bundles, "--port", "0"]
            }
        return try ServerProcess(flowrun: build.flowrun, arguments, stderrPath: "\(setup.folder)/\(server)-\(build.name).stderr")
    }

    /// The plain requests of a server: preview alternates the parks list and GOGA's home.
    private func plainPaths(_ server: Server) -> [String] {
        switch server {
        case .preview: ["/parks", "/parks/GOGA/flows/home?time=2026-07-04T09:30:00-07:00"]
        case .serve: ["/GOGA/manifest.json"]
        }
    }

    private func probe(_ server: Server, port: Int, count: Int) -> Probe {
        let paths = plainPaths(server)
        var probe = Probe()
        var inARow = 0
        for i in 0..<count {
            if inARow >= Self.giveUpAfter {
                probe.failed += count - i
                break
            }
            let answer = LoopbackClient.get(port: port, path: paths[i % paths.count], timeoutMs: Self.requestTimeoutMs)
            probe.milliseconds.add(answer.nanoseconds / 1e6)
            if answer.ok {
                inARow = 0
            } else {
                inARow += 1
                probe.failed += 1
                if probe.firstFailure == nil {
                    probe.firstFailure = answer.failure ?? "status \(answer.status.map(String.init) ?? "none")"
                }
            }
        }
        return probe
    }

    private func measure(
        _ scenario: Scenario, _ server: Server, build: (name: String, flowrun: String), setup: Setup, into f: inout Figures
    ) throws(BenchError) {
        let process = try spawn(server, build: build, setup: setup)
        defer { process.stop() }
        // Untimed: the first home builds the preview's runtime.
        _ = probe(server, port: process.port, count: 6)
        f.runs += 1
        var result = Probe()
        switch scenario {
        case .baseline:
            result = probe(server, port: process.port, count: requests)
            if let memory = process.memoryKiB() { f.idleMiB.add(Double(memory.current) / 1024) }
        case .held:
            let clients = HeldConnections(port: process.port, count: held, reopen: reopen)
            clients.start()
            let before = clients.waitEstablished(seconds: 15)
            usleep(2_000_000)
            result = probe(server, port: process.port, count: requests)
            let after = clients.stop()
            f.established.add(Double(before.established))
            f.closedByServer.add(Double(after.closedByServer))
            if let memory = process.memoryKiB() { f.peakMiB.add(Double(memory.peak) / 1024) }
        case .readers:
            let sockets = openReaders(server, port: process.port)
            defer { for fd in sockets { close(fd) } }
            var peak = 0
            var current = 0
            let start = MonotonicClock.now()
            var changes = 0
            while Double(MonotonicClock.now() - start) / 1e9 < holdSeconds, process.isAlive {
                if let memory = process.memoryKiB() { (peak, current) = (Swift.max(peak, memory.peak), memory.current) }
                let elapsed = Double(MonotonicClock.now() - start) / 1e9
                if server == .preview, elapsed >= Double(changes) * 3 {
                    changes += 1
                    change(setup.project, count: changes)
                }
                usleep(250_000)
            }
            if let memory = process.memoryKiB() { (peak, current) = (Swift.max(peak, memory.peak), memory.current) }
            f.peakMiB.add(Double(peak) / 1024)
            if process.isAlive { f.currentMiB.add(Double(current) / 1024) }
            result = process.isAlive ? probe(server, port: process.port, count: requests) : Probe(failed: requests, firstFailure: "server gone")
        }
        if process.isAlive {
            f.alive += 1
        } else if let ending = process.stop() {
            f.endings.append(ending)
            keepCrashLog(process, server: server, build: build.name)
        }
        f.tried += requests
        f.failed += result.failed
        if f.firstFailure == nil { f.firstFailure = result.firstFailure }
        if result.milliseconds.count > 0 {
            f.p50.add(result.milliseconds.percentile(50))
            f.p99.add(result.milliseconds.percentile(99))
            f.max.add(result.milliseconds.max)
        }
    }

    /// `readers` connections that each send a whole GET and never read a byte.
    private func openReaders(_ server: Server, port: Int) -> [Int32] {
        let path = server == .preview ? "/parks/GOGA/flows/home/events" : "/GOGA/big.bin"
        let head = LoopbackClient.requestHead(port: port, path: path)
        var sockets: [Int32] = []
        for _ in 0..<readers {
            guard let fd = LoopbackClient.startConnect(port: port) else { continue }
            if LoopbackClient.awaitConnect(fd, milliseconds: 2_000) == true, LoopbackClient.send(fd, head) == head.count {
                sockets.append(fd)
            } else {
                close(fd)
            }
        }
        return sockets
    }

    /// Changes GOGA's home flow in the copy (a comment appended), so the event streams carry data.
    private func change(_ project: String, count: Int) {
        let path = project + "/parks/GOGA/flows/home.lua"
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        handle.seekToEndOfFile()
        handle.write(Data("\n-- flowbench servers: change \(count)\n".utf8))
        handle.closeFile()
    }

    /// A server that died keeps its standard error (the crash log) in /tmp.
    private func keepCrashLog(_ process: ServerProcess, server: Server, build: String) {
        let kept = "/tmp/flowbench-servers-\(server)-\(build)-\(process.pid).stderr"
        try? FileManager.default.removeItem(atPath: kept)
        try? FileManager.default.copyItem(atPath: process.stderrPath, toPath: kept)
        progress("servers: \(server) (\(build)) ended with \(process.ending ?? "?"); its standard error is in \(kept)")
    }
}
