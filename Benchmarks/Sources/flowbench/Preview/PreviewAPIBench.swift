import AsyncHTTPClient
import FlowKit
import Foundation
import ScreenRendering
#if canImport(Glibc)
import Glibc
#endif

/// `flowbench preview-api`: what an app client of `flowrun preview` feels, and what the idle
/// server costs. Each build given is spawned as `flowrun preview --root COPY --port 0` (a copy
/// of flows/ and parks/); its CPU over `idleSeconds` right after it starts (utime + stime from
/// /proc/PID/stat) is the idle cost; then warm GETs of GOGA's map JSON, over HTTP/1.1
/// keep-alive, the same one again (kept by the server) and then each with an argument of its
/// own (run by the server), against the same run in this process (a runtime with the same
/// clock, the flow run and written with the CLI's JSON writer); then the first and the warm
/// GETs of `/parks`.
struct PreviewAPIBench {
    /// The project to copy.
    var root: String
    /// The builds to measure, in order: ("new", path), and ("old", path) with --against.
    var builds: [(name: String, flowrun: String)]
    /// Timed GETs (and in-process runs) per figure.
    var gets: Int
    /// Untimed ones first.
    var warmups: Int
    /// Seconds the idle server's CPU is counted over.
    var idleSeconds: Double

    static let park = "GOGA"
    static let mapPath = "/parks/GOGA/flows/map?time=\(PreviewBench.time)"

    /// One build's figures, in milliseconds and percent of a core.
    struct Figures {
        /// The same GET again: answered from the screens the server keeps.
        var map = Samples()
        /// GETs the server must run: each asks with an argument of its own (`arg.n`), which
        /// the map flow ignores, so each is a screen the server has not kept.
        var mapRun = Samples()
        var parksFirst = Double.nan
        var parks = Samples()
        var idleCPUPercent = Double.nan
    }

    struct Result {
        var inProcessMap: Samples
        /// The same map as the preview and `flowrun` run it: a one-screen session (SingleRun).
        var inProcessSession: Samples
        var builds: [(name: String, figures: Figures)]
    }

    func run() async throws -> Result {
        let copy = try ProjectCopy(root: root)
        defer { copy.remove() }
        let inProcess = try inProcessMap(copy.path, session: false)
        let inSession = try inProcessMap(copy.path, session: true)
        let idle = Format.fixed(idleSeconds, 0)
        progress(
            "preview-api: \(builds.map { "\($0.name) (\($0.flowrun))" }.joined(separator: ", ")): \(idle) s idle, then \(warmups + gets) GETs of each figure, the builds in turn"
        )
        // A copy of its own for each server, so that the first to read a file does not read
        // it for the others (the first /parks loads every park).
        let copies = try builds.map { _ in try ProjectCopy(root: root) }
        defer { copies.forEach { $0.remove() } }
        let figures = try await measure(builds.map(\.flowrun), projects: copies.map(\.path))
        return Result(inProcessMap: inProcess, inProcessSession: inSession, builds: Array(zip(builds.map(\.name), figures)))
    }

    /// GOGA's map run and written, warm, in this process: `FlowRuntime.run` alone, or with
    /// `session` as `flowrun --park GOGA map --time ... --format json` and the preview run it
    /// (a one-screen session, SingleRun).
    private func inProcessMap(_ project: String, session: Bool) throws -> Samples {
        var text = RunInputText(flow: "map")
        text.values = ["time": PreviewBench.time]
        let inputs = try text.inputs()
        let runtime = try FlowRuntime(root: ProjectRoot(path: project), park: Self.park, time: inputs.time)
        let request = try inputs.request()
        var samples = Samples()
        for index in 0..<(warmups + gets) {
            let measured = try MonotonicClock.measure { () throws(FlowError) in
                JSONRenderer().render(session ? try SingleRun(request, on: runtime).screen : try runtime.run(request))
            }
            guard !measured.result.isEmpty else { throw BenchError.setup("preview-api: the map wrote no JSON") }
            if index >= warmups { samples.add(measured.nanoseconds / 1e6) }
        }
        return samples
    }

    /// Every build's server at once, idle side by side, then each figure's GETs asked of the
    /// servers in turn, one GET each (the first server first on even rounds, last on odd
    /// ones), so that what the machine does meanwhile falls on all of them alike.
    private func measure(_ flowruns: [String], projects: [String]) async throws -> [Figures] {
        var servers: [ServerProcess] = []
        defer { servers.forEach { $0.stop() } }
        for (index, flowrun) in flowruns.enumerated() {
            let log = NSTemporaryDirectory() + "flowbench-preview-api-\(getpid())-\(index).stderr"
            servers.append(try ServerProcess(flowrun: flowrun, ["preview", "--root", projects[index], "--port", "0"], stderrPath: log))
        }
        var figures = [Figures](repeating: Figures(), count: servers.count)
        // Idle first: nothing has been asked of them yet, as when an author leaves one open.
        try await Task.sleep(for: .seconds(1))
        let before = try servers.map { server in
            guard let ticks = Self.cpuTicks(server.pid) else { throw BenchError.setup("preview-api: cannot read /proc/\(server.pid)/stat") }
            return ticks
        }
        try await Task.sleep(for: .milliseconds(Int(idleSeconds * 1000)))
        for (i, server) in servers.enumerated() {
            guard let after = Self.cpuTicks(server.pid) else { throw BenchError.setup("preview-api: a server left during the idle wait") }
            figures[i].idleCPUPercent = Double(after - before[i]) / Double(sysconf(Int32(_SC_CLK_TCK))) / idleSeconds * 100
        }
        let urls = servers.map { "http://127.0.0.1:\($0.port)" }
        // A connection to each first (its own answer, made at start): the client's first
        // request pays for the client's start, which no server should be timed with.
        for url in urls { _ = try await Self.get(url + "/act-token") }
        for i in urls.indices { figures[i].parksFirst = try await Self.get(urls[i] + "/parks") }
        func inTurn(_ path: (Int) -> String, _ figure: WritableKeyPath<Figures, Samples>) async throws {
            for round in 0..<(warmups + gets) {
                let order = round % 2 == 0 ? Array(urls.indices) : urls.indices.reversed()
                for i in order {
                    let ms = try await Self.get(urls[i] + path(round))
                    if round >= warmups { figures[i][keyPath: figure].add(ms) }
                }
            }
        }
        try await inTurn({ _ in Self.mapPath }, \.map)
        try await inTurn({ round in Self.mapPath + "&arg.n=\(round)" }, \.mapRun)
        try await inTurn({ _ in "/parks" }, \.parks)
        return figures
    }

    /// One GET read to its end, in milliseconds; a status other than 200 is a setup failure.
    private static func get(_ url: String) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 16 << 20)
        let elapsed = clock.now - start
        guard response.status.code == 200, body.readableBytes > 0 else {
            throw BenchError.setup("preview-api: GET \(url) answered \(response.status.code)")
        }
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// utime + stime of process `pid`, in clock ticks (fields 14 and 15 of /proc/PID/stat).
    static func cpuTicks(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command's ")": state is field 3, so utime (14) and stime (15) are the 12th and 13th.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
