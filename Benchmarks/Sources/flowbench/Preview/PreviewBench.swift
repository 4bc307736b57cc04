import AsyncHTTPClient
import BenchData
import FlowKit
import FlowPreview
import Foundation
import WebDriver

/// `flowbench preview`: what an author waits for in the live preview. A real preview server
/// (in this process, on 127.0.0.1) serves a copy of the project; a headless chromium shows
/// the page; each run saves the shown flow's file with a new title and times the save to the
/// moment the page's frame shows that title (the browser's clock and ours are the same wall
/// clock). Then the warm JSON GET of GOGA's home, timed from here.
struct PreviewBench {
    /// The project to copy.
    var root: String
    /// Timed saves per screen.
    var runs: Int
    /// Timed GETs of home's JSON.
    var gets: Int
    /// Untimed saves (and GETs) first: the first ones build what later ones reuse.
    var warmups: Int

    /// One screen as the page shows it, and the file whose save it follows.
    struct Case: Sendable {
        var name: String
        var query: String
        var flow: String
        var file: String
    }

    static let time = "2026-07-04T09:30:00-07:00"
    static let cases = [
        Case(name: "home (GOGA)", query: "park=GOGA&flow=home&time=\(time)", flow: "home", file: "parks/GOGA/flows/home.lua"),
        Case(name: "sites --at (GOGA)", query: "park=GOGA&flow=sites&time=\(time)&at=37.8078,-122.4750", flow: "sites", file: "flows/sites.lua"),
        Case(name: "map (GOGA)", query: "park=GOGA&flow=map&time=\(time)", flow: "map", file: "flows/map.lua"),
    ]

    struct Result {
        /// Save to updated frame, in milliseconds, per case (in ``cases``' order).
        var saves: [(Case, Samples)]
        /// The JSON GET of home, in milliseconds.
        var get: Samples
    }

    func run() async throws -> Result {
        let copy = try ProjectCopy(root: root)
        defer { copy.remove() }
        return try await Self.withServer(root: copy.path) { server in
            var saves: [(Case, Samples)] = []
            try await WebDriver.withSession(Self.browser) { session in
                for bench in Self.cases {
                    saves.append((bench, try await self.saves(bench, session: session, server: server, copy: copy)))
                }
            }
            return Result(saves: saves, get: try await gets(server))
        }
    }

    static var browser: BrowserOptions {
        var options = BrowserOptions()
        (options.width, options.height) = (1000, 1200)
        return options
    }

    /// Saves `bench.file` `warmups + runs` times, each with a new title, and times each save
    /// to the frame showing it. A random pause of up to 60 ms before each save keeps the
    /// saves from falling in step with the server's 50 ms look at the files.
    private func saves(_ bench: Case, session: WebDriverSession, server: String, copy: ProjectCopy) async throws -> Samples {
        try await session.navigate(to: server + "/?" + bench.query)
        try await session.waitUntil("the preview page of \(bench.name) to load and go live", timeout: .seconds(20)) {
            let state = try await session.executeScript(
                "return [Number(document.getElementById('frame').dataset.loads || 0), document.getElementById('status').classList.contains('live')]")
            return (state.arrayValue?.first?.numberValue ?? 0) >= 1 && state.arrayValue?.last?.boolValue == true
        }
        let original = try copy.read(bench.file)
        defer { try? copy.write(bench.file, original) }
        var random = SplitMix64(seed: 14)
        var samples = Samples()
        for index in 0..<(warmups + runs) {
            let marker = "· save \(index + 1)"
            _ = try await session.executeScript(Self.watch, [.string(marker)])
            try await Task.sleep(for: .milliseconds(Int(random.unit() * 60)))
            let saved = Date().timeIntervalSince1970 * 1000
            try copy.write(bench.file, original + Self.retitle(bench.flow, marker))
            let shown = try await session.executeScript("return window.flowbenchShown")
            guard let at = shown.numberValue else {
                throw BenchError.setup("preview: the page did not show '\(marker)' for \(bench.name): \(shown)")
            }
            if index >= warmups { samples.add(at - saved) }
        }
        return samples
    }

    /// A registration appended to the flow's file: the same screen with `marker` in its title.
    static func retitle(_ flow: String, _ marker: String) -> String {
        "\n-- flowbench preview\nflow.register(\"\(flow)\", function(ctx, super)\n  local screen = super(ctx)\n"
            + "  screen.title = screen.title .. \" \(marker)\"\n  return screen\nend)\n"
    }

    /// Sets `window.flowbenchShown` to a promise of the wall-clock time (ms) at which the
    /// frame's title first holds the marker; it fails after 10 s.
    static let watch = """
        const marker = arguments[0];
        const frame = document.getElementById("frame");
        window.flowbenchShown = new Promise((resolve) => {
          const timer = setTimeout(() => { observer.disconnect(); resolve("timed out"); }, 10000);
          const observer = new MutationObserver(() => {
            const title = frame.querySelector(".bar h1");
            if (!title || !title.textContent.includes(marker)) return;
            const at = performance.timeOrigin + performance.now();
            observer.disconnect();
            clearTimeout(timer);
            resolve(at);
          });
          observer.observe(frame, { childList: true, subtree: true, characterData: true });
        });
        return true;
        """

    /// GETs home's JSON `warmups + gets` times and times the later ones.
    private func gets(_ server: String) async throws -> Samples {
        let url = server + "/parks/GOGA/flows/home?time=\(Self.time)"
        var samples = Samples()
        let clock = ContinuousClock()
        for index in 0..<(warmups + gets) {
            let start = clock.now
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
            let body = try await response.body.collect(upTo: 16 << 20)
            let elapsed = clock.now - start
            guard response.status.code == 200, body.readableBytes > 0 else {
                throw BenchError.setup("preview: GET \(url) answered \(response.status.code)")
            }
            if index >= warmups {
                samples.add(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            }
        }
        return samples
    }

    /// Runs a preview server of `root` on a free port of 127.0.0.1 for `body`; stops it after.
    static func withServer<T: Sendable>(root: String, _ body: (String) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let server = Task {
            defer { continuation.finish() }
            try await PreviewServer(root: ProjectRoot(path: root), port: 0).run(handlesSignals: false) { continuation.yield($0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = await server.result
            throw BenchError.setup("preview: the server did not start")
        }
        do {
            let result = try await body("http://127.0.0.1:\(port)")
            server.cancel()
            _ = await server.result
            return result
        } catch {
            server.cancel()
            _ = await server.result
            throw error
        }
    }
}

/// A throwaway copy of the project's flows/ and parks/, which the benchmark saves into.
struct ProjectCopy: Sendable {
    let path: String

    init(root: String) throws(BenchError) {
        let fm = FileManager.default
        let copy = fm.temporaryDirectory.appendingPathComponent("flowbench-preview-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        path = copy.path
        do {
            try fm.createDirectory(at: copy, withIntermediateDirectories: true)
            for folder in ["flows", "parks"] {
                try fm.copyItem(at: URL(fileURLWithPath: root).appendingPathComponent(folder), to: copy.appendingPathComponent(folder))
            }
        } catch {
            try? fm.removeItem(at: copy)
            throw .setup("cannot copy \(root)'s flows/ and parks/ to \(copy.path): \(error.localizedDescription)")
        }
    }

    func read(_ file: String) throws -> String {
        try String(contentsOfFile: path + "/" + file, encoding: .utf8)
    }

    func write(_ file: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + file))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
