import ScreenRendering
import FlowKit
import GeoKit
import ScreenModel

/// `flowbench warm`: what an app (or a preview server) feels once its runtime is built — the
/// time of one screen in a live FlowRuntime — and the time to build a runtime per park.
/// Each round runs every case `runs` times after `warmups` untimed runs; a figure is the
/// median over rounds of that round's percentile, so one disturbed round does not move it.
struct WarmBench {
    /// One figure of the report; `id` is its key in `--json`.
    struct Case {
        var id: String
        var label: String
        /// The p50 goal in milliseconds (issue 19); nil for figures reported without one.
        var goalMs: Double?
    }

    /// Per-round percentiles of one case, in milliseconds; with idle work, each round's mean
    /// and longest ``FlowRuntime/idle()`` call after a run of the case.
    struct Figure {
        var p50 = Samples()
        var p99 = Samples()
        var idleMean = Samples()
        var idleMax = Samples()
    }

    static let park = "GOGA"
    static let replayPark = "YOSE"
    static let at = Coordinate(latitude: 37.8078, longitude: -122.4750)
    /// The map as README's example asks for it: `--center 37.80,-122.46 --zoom 12`.
    static let mapView = MapView(center: Coordinate(latitude: 37.80, longitude: -122.46), zoom: 12)
    static let arView = ARView(heading: 90)
    static let defaultTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"

    /// The cases with a goal, then the map's two parts, then a runtime per park.
    static func cases(parks: [String]) -> [Case] {
        [
            Case(id: "home", label: "home (\(park))", goalMs: 0.3),
            Case(id: "sites", label: "sites --at 37.8078,-122.4750 (\(park))", goalMs: 0.8),
            Case(id: "sites_es", label: "  the same in Spanish (--locale es)", goalMs: nil),
            Case(id: "search", label: "sites --arg q=\(searchQuery) (\(park)), a keystroke's screen", goalMs: 1.0),
            Case(id: "map", label: "map --center 37.80,-122.46 --zoom 12, run + JSON (\(park))", goalMs: 1.0),
            Case(id: "map_run", label: "  of which the flow run", goalMs: nil),
            Case(id: "map_json", label: "  of which JSON rendering", goalMs: nil),
            Case(id: "ar", label: "ar --at 37.8078,-122.4750 --heading 90 (\(park))", goalMs: 1.5),
            Case(id: "replay", label: "geofence --track (YOSE exit track)", goalMs: 4.0),
        ] + parks.map { Case(id: "runtime_\($0)", label: "new FlowRuntime(\($0))", goalMs: nil) }
    }

    let root: String
    let trackPath: String
    let rounds: Int
    let runs: Int
    let warmups: Int
    /// The cases to time (`--only`: home, sites, search, map, ar, replay, runtime); nil for all.
    var only: Set<String>? = nil
    /// Whether each run is followed by the runtime's idle work, timed apart, as an app does
    /// between screens (`--no-idle`: false).
    var idle = true

    static let caseGroups = ["home", "sites", "search", "map", "ar", "replay", "runtime"]
    /// What the search case types: two words, the second still being typed.
    static let searchQuery = "fort m"

    private func wanted(_ group: String) -> Bool { only?.contains(group) ?? true }

    /// `request` asked in Spanish: the same screen in the park's other shipped language.
    static func spanish(_ request: FlowRequest) -> FlowRequest {
        var asked = request
        asked.locale = "es"
        return asked
    }

    /// The goal for a screen in another language: within 5% of the same screen in the park's own.
    static let languageRatioGoal = 1.05

    /// Runs every round; returns the cases and their figures, in report order.
    func run() throws(BenchError) -> (cases: [Case], figures: [String: Figure], fixes: Int) {
        let project = ProjectRoot(path: root)
        let parks = ParkCatalog(root: project).codes
        let track = try loadTrack()
        let goga = try runtime(project, Self.park), yose = try runtime(project, Self.replayPark)
        let requests: [(id: String, runtime: FlowRuntime, request: FlowRequest)] = [
            ("home", goga, FlowRequest(flow: "home")),
            ("sites", goga, FlowRequest(flow: "sites", at: Self.at)),
            ("sites_es", goga, Self.spanish(FlowRequest(flow: "sites", at: Self.at))),
            ("search", goga, FlowRequest(flow: "sites", args: ["q": Self.searchQuery])),
            ("ar", goga, FlowRequest(flow: "ar", at: Self.at, ar: Self.arView)),
            ("replay", yose, FlowRequest(flow: "geofence", track: track)),
        ].filter { wanted($0.0 == "sites_es" ? "sites" : $0.0) }
        let mapRequest = FlowRequest(flow: "map", view: Self.mapView)
        var figures: [String: Figure] = [:]
        func record(_ id: String, _ samples: Samples, idle: Samples = Samples()) {
            figures[id, default: Figure()].p50.add(samples.percentile(50))
            figures[id, default: Figure()].p99.add(samples.percentile(99))
            guard idle.count > 0 else { return }
            figures[id, default: Figure()].idleMean.add(idle.values.reduce(0, +) / Double(idle.count))
            figures[id, default: Figure()].idleMax.add(idle.max)
        }
        for round in 1...rounds {
            progress("warm: round \(round) of \(rounds), \(Format.grouped(runs)) runs per case")
            for (id, runtime, request) in requests {
                let timed = try time(id, runtime, request)
                record(id, timed.runs, idle: timed.idle)
            }
            if wanted("map") {
                let map = try timeMap(goga, mapRequest)
                record("map", map.total, idle: map.idle)
                record("map_run", map.run)
                record("map_json", map.render)
            }
            for park in parks where wanted("runtime") { record("runtime_\(park)", try timeConstruction(project, park)) }
        }
        return (Self.cases(parks: parks), figures, track.fixes.count)
    }

    // MARK: - Timing

    /// Milliseconds of each timed run of `request`, and of the idle work after each;
    /// checks that the last screen is the first one.
    private func time(_ id: String, _ runtime: FlowRuntime, _ request: FlowRequest) throws(BenchError) -> (runs: Samples, idle: Samples) {
        let first = try screen(id, runtime, request)
        for _ in 0..<warmups {
            _ = try screen(id, runtime, request)
            if idle { runtime.idle() }
        }
        var samples = Samples(), idled = Samples()
        var last = first
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            last = try screen(id, runtime, request)
            samples.add(Double(MonotonicClock.now() - start) / 1e6)
            if idle { idled.add(timeIdle(runtime)) }
        }
        try sameOutput(id, first, last)
        return (samples, idled)
    }

    /// Milliseconds of one ``FlowRuntime/idle()`` call.
    private func timeIdle(_ runtime: FlowRuntime) -> Double {
        let start = MonotonicClock.now()
        runtime.idle()
        return Double(MonotonicClock.now() - start) / 1e6
    }

    /// The map timed as one run plus its JSON rendering, and each part alone.
    private func timeMap(
        _ runtime: FlowRuntime, _ request: FlowRequest
    ) throws(BenchError) -> (total: Samples, run: Samples, render: Samples, idle: Samples) {
        let renderer = JSONRenderer()
        let first = renderer.render(try screen("map", runtime, request))
        for _ in 0..<warmups {
            _ = renderer.render(try screen("map", runtime, request))
            if idle { runtime.idle() }
        }
        var total = Samples(), run = Samples(), render = Samples(), idled = Samples()
        var last = first
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            let screen = try screen("map", runtime, request)
            let ran = MonotonicClock.now()
            last = renderer.render(screen)
            let end = MonotonicClock.now()
            total.add(Double(end - start) / 1e6)
            run.add(Double(ran - start) / 1e6)
            render.add(Double(end - ran) / 1e6)
            if idle { idled.add(timeIdle(runtime)) }
        }
        guard first == last else { throw .setup("warm: map: the last run's JSON differs from the first's (a run changed what the next sees)") }
        return (total, run, render, idled)
    }

    private func timeConstruction(_ project: ProjectRoot, _ park: String) throws(BenchError) -> Samples {
        for _ in 0..<warmups { _ = try runtime(project, park) }
        var samples = Samples()
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            let built = try runtime(project, park)
            samples.add(Double(MonotonicClock.now() - start) / 1e6)
            withExtendedLifetime(built) {}
        }
        return samples
    }

    // MARK: - Setup

    private func loadTrack() throws(BenchError) -> RecordedTrack {
        do {
            return try RecordedTrack.read(trackPath)
        } catch {
            throw .badInput("--track \(trackPath): \(error)")
        }
    }

    private func runtime(_ project: ProjectRoot, _ park: String) throws(BenchError) -> FlowRuntime {
        do {
            return try FlowRuntime(root: project, park: park)
        } catch {
            throw .setup("warm: park \(park) does not load from \(root): \(error)")
        }
    }

    private func screen(_ id: String, _ runtime: FlowRuntime, _ request: FlowRequest) throws(BenchError) -> Screen {
        do {
            return try runtime.run(request)
        } catch {
            throw .setup("warm: \(id): flow \(request.flow) failed: \(error)")
        }
    }

    private func sameOutput(_ id: String, _ first: Screen, _ last: Screen) throws(BenchError) {
        let renderer = JSONRenderer()
        guard renderer.render(first) == renderer.render(last) else {
            throw .setup("warm: \(id): the last run's screen differs from the first's (a run changed what the next sees)")
        }
    }
}
