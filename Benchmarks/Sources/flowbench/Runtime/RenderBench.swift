import ScreenRendering
import FlowKit
import Foundation
import GeoKit

/// `flowbench render`: the time to render screens a runtime has already produced, in each
/// format, the flows run once beforehand. Each round renders every screen in every format
/// `calls` times, the formats and screens interleaved, so drift on a shared machine falls on
/// all figures alike.
struct RenderBench {
    /// A screen to render: the flow run that produces it, as flowrun would be asked for it.
    struct Case {
        /// Short name, a key of `--json`'s output.
        var id: String
        /// The flowrun command that prints the same screen, for the report.
        var command: String
        var park: String
        var request: FlowRequest
    }

    /// One screen in one format: the output's size and checksum, and the time of each call.
    struct Figure {
        var caseID: String
        var format: String
        var bytes: Int
        /// FNV-1a (64-bit) of the output, so two builds can show they write the same bytes.
        var checksum: String
        /// Milliseconds per render, each round's median.
        var roundMedians = Samples()
        /// Milliseconds of every call of every round.
        var calls = Samples()
    }

    /// The clock flows see, fixed so every build renders the same screens.
    static let time = Date(timeIntervalSince1970: 1_783_182_600)  // 2026-07-04T09:30:00-07:00
    static let yoseTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"

    /// The screens: the map screens of issue 19 first, then one of each other kind.
    static let cases: [Case] = {
        let at = Coordinate(latitude: 37.8078, longitude: -122.4750)
        return [
            Case(id: "map", command: "--park GOGA map", park: "GOGA", request: FlowRequest(flow: "map")),
            Case(
                id: "map_z12", command: "--park GOGA map --zoom 12 --center 37.80,-122.46", park: "GOGA",
                request: FlowRequest(flow: "map", view: MapView(center: Coordinate(latitude: 37.80, longitude: -122.46), zoom: 12))),
            Case(id: "home", command: "--park GOGA home", park: "GOGA", request: FlowRequest(flow: "home")),
            Case(
                id: "sites_at", command: "--park GOGA sites --at 37.8078,-122.4750", park: "GOGA",
                request: FlowRequest(flow: "sites", at: at)),
            Case(
                id: "ar", command: "--park GOGA ar --at 37.8078,-122.4750 --heading 90", park: "GOGA",
                request: FlowRequest(flow: "ar", at: at, ar: ARView(heading: 90))),
            // The track is read when the benchmark runs (it is a file under --root).
            Case(
                id: "geofence", command: "--park YOSE geofence --track \(yoseTrack)", park: "YOSE",
                request: FlowRequest(flow: "geofence")),
        ]
    }()

    /// `json-encoder` is `JSONRenderer.encode(screen)`: the same JSON through the model's
    /// Codable conformance and Foundation's JSONEncoder, the path `render` took before it
    /// wrote screens directly, kept so the two can be compared in one build.
    static let formats = ["text", "json", "json-encoder", "svg"]

    let root: String
    let calls: Int
    /// The formats measured, a subset of ``formats``.
    let formats: [String]

    func run(runs: Int) throws(BenchError) -> [Figure] {
        var runtimes: [String: FlowRuntime] = [:]
        var jobs: [(figure: Figure, render: () -> String)] = []
        for var benchCase in Self.cases {
            if benchCase.request.flow == "geofence" { benchCase.request.track = try readTrack() }
            for (format, render) in try Self.renders(benchCase, root: root, runtimes: &runtimes) where formats.contains(format) {
                let output = render()
                jobs.append((Figure(caseID: benchCase.id, format: format, bytes: output.utf8.count, checksum: Self.fnv1a(output)), render))
            }
        }
        var sink = 0
        for _ in 0..<runs {
            for index in jobs.indices {
                let render = jobs[index].render
                var round = Samples()
                for _ in 0..<calls {
                    let start = MonotonicClock.now()
                    let output = render()
                    let end = MonotonicClock.now()
                    sink &+= output.utf8.count
                    round.add(Double(end - start) / 1e6)
                }
                jobs[index].figure.roundMedians.add(round.median)
                for value in round.values { jobs[index].figure.calls.add(value) }
            }
        }
        // Uses the outputs, so the renders cannot be optimized away.
        if sink == 42 { progress("") }
        return jobs.map(\.figure)
    }

    private func readTrack() throws(BenchError) -> RecordedTrack {
        do {
            return try RecordedTrack.read(URL(fileURLWithPath: root).appendingPathComponent(Self.yoseTrack).path)
        } catch {
            throw .setup("render: cannot read the YOSE track \(Self.yoseTrack) under \(root): \(error)")
        }
    }

    /// Runs the case's flow once (its screen numbered as flowrun prints it) and returns a
    /// render of that screen per format that can draw it (SVG only maps, timelines and AR).
    private static func renders(
        _ benchCase: Case, root: String, runtimes: inout [String: FlowRuntime]
    ) throws(BenchError) -> [(String, () -> String)] {
        do {
            let runtime: FlowRuntime
            if let existing = runtimes[benchCase.park] {
                runtime = existing
            } else {
                runtime = try FlowRuntime(root: ProjectRoot(path: root), park: benchCase.park, time: time)
                runtimes[benchCase.park] = runtime
            }
            let screen = try runtime.run(benchCase.request)
            var renders: [(String, () -> String)] = [
                ("text", { TextRenderer().render(screen) }),
                ("json", { JSONRenderer().render(screen) }),
                ("json-encoder", { JSONRenderer.encode(screen) }),
            ]
            if SVGRenderer.canRender(screen) { renders.append(("svg", { SVGRenderer().render(screen) })) }
            return renders
        } catch {
            throw .setup("render: flowrun \(benchCase.command) failed: \(error)")
        }
    }

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
