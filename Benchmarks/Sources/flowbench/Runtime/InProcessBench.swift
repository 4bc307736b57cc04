import ScreenRendering
import ScreenModel
import FlowKit
import GeoKit

/// Case 3: where a cold run's time goes, in-process. Pass 0 is the first work this process
/// does with FlowKit (one-time costs: lazy libraries, ICU, page faults); passes 1...runs each
/// build a fresh FlowRuntime and run each flow on it twice — first (which loads
/// sites.geojson and boundary.geojson on first use) and again (warm).
struct InProcessBench {
    enum StepID: Int, CaseIterable {
        case construct, home, render, sites, sitesAt, map, mapSVG, largeMap, largeMapSVG
    }

    struct Step {
        var label: String
        /// Milliseconds in pass 0, the first in this process.
        var firstInProcess = Double.nan
        /// Milliseconds on a fresh runtime, one value per run.
        var fresh = Samples()
        /// Milliseconds run again on the same runtime (none for construction).
        var again = Samples()
    }

    static let at = Coordinate(latitude: 37.8078, longitude: -122.4750)
    /// A map as large as a poster, so the SVG's layout (cluster sizes, label placement) has
    /// hundreds of annotations to place.
    static let largeMap = (size: ScreenSize(width: 2000, height: 2000), zoom: 13.0)

    let root: String
    let park: String

    func run(runs: Int) throws(BenchError) -> [Step] {
        var steps = StepID.allCases.map { Step(label: label($0)) }
        for pass in 0...runs {
            let (runtime, buildMs) = try construct()
            let first = try flows(on: runtime), again = try flows(on: runtime)
            for step in StepID.allCases {
                let i = step.rawValue
                if step == .construct {
                    if pass == 0 { steps[i].firstInProcess = buildMs } else { steps[i].fresh.add(buildMs) }
                } else if pass == 0 {
                    steps[i].firstInProcess = first[i]
                } else {
                    steps[i].fresh.add(first[i])
                    steps[i].again.add(again[i])
                }
            }
        }
        return steps
    }

    /// Milliseconds of each flow step on `runtime`, indexed by `StepID` (construct is NaN).
    private func flows(on runtime: FlowRuntime) throws(BenchError) -> [Double] {
        var ms = [Double](repeating: .nan, count: StepID.allCases.count)
        let home = try execute("home") { () throws(FlowError) in try runtime.run(FlowRequest(flow: "home")) }
        ms[StepID.home.rawValue] = home.ms
        ms[StepID.render.rawValue] = MonotonicClock.measure { TextRenderer().render(home.screen) }.nanoseconds / 1e6
        ms[StepID.sites.rawValue] = try execute("sites") { () throws(FlowError) in
            try runtime.run(FlowRequest(flow: "sites"))
        }.ms
        ms[StepID.sitesAt.rawValue] = try execute("sites --at") { () throws(FlowError) in
            try runtime.run(FlowRequest(flow: "sites", at: Self.at))
        }.ms
        let map = try execute("map") { () throws(FlowError) in try runtime.run(FlowRequest(flow: "map")) }
        ms[StepID.map.rawValue] = map.ms
        ms[StepID.mapSVG.rawValue] = MonotonicClock.measure { SVGRenderer().render(map.screen) }.nanoseconds / 1e6
        let large = try execute("map (large)") { () throws(FlowError) in
            try runtime.run(FlowRequest(flow: "map", size: Self.largeMap.size, view: MapView(zoom: Self.largeMap.zoom)))
        }
        ms[StepID.largeMap.rawValue] = large.ms
        ms[StepID.largeMapSVG.rawValue] = MonotonicClock.measure { SVGRenderer().render(large.screen) }.nanoseconds / 1e6
        return ms
    }

    private func label(_ step: StepID) -> String {
        switch step {
        case .construct: return "construct FlowRuntime(\(park))"
        case .home: return "run home"
        case .render: return "render home as text"
        case .sites: return "run sites"
        case .sitesAt: return "run sites --at 37.8078,-122.4750"
        case .map: return "run map"
        case .mapSVG: return "render map as SVG"
        case .largeMap: return "run map --size \(Self.largeMap.size) --zoom \(Int(Self.largeMap.zoom))"
        case .largeMapSVG: return "render that map as SVG"
        }
    }

    private func construct() throws(BenchError) -> (FlowRuntime, Double) {
        do {
            let measured = try MonotonicClock.measure { () throws(FlowError) in
                try FlowRuntime(root: ProjectRoot(path: root), park: park)
            }
            return (measured.result, measured.nanoseconds / 1e6)
        } catch {
            throw .setup("case 3: park \(park) does not load from \(root): \(error)")
        }
    }

    /// Runs a flow on `runtime` and times it (generic so the screen type need not be named).
    private func execute<Screen>(_ flow: String, _ body: () throws(FlowError) -> Screen) throws(BenchError) -> (screen: Screen, ms: Double) {
        do {
            let measured = try MonotonicClock.measure(body)
            return (measured.result, measured.nanoseconds / 1e6)
        } catch {
            throw .setup("case 3: flow \(flow) failed: \(error)")
        }
    }
}
