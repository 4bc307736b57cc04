import FlowKit
import GeoKit

/// Case 3: where a cold run's time goes, in-process. Pass 0 is the first work this process
/// does with FlowKit (one-time costs: lazy libraries, ICU, page faults); passes 1...runs each
/// build a fresh FlowRuntime and run each flow on it twice — first (which loads
/// sites.geojson and boundary.geojson on first use) and again (warm).
struct InProcessBench {
    enum StepID: Int, CaseIterable {
        case construct, home, render, sites, sitesAt
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

    let root: String
    let park: String

    func run(runs: Int) throws(BenchError) -> [Step] {
        var steps = StepID.allCases.map { Step(label: label($0)) }
        for pass in 0...runs {
            var first = [Double](repeating: .nan, count: steps.count)
            var again = first
            let runtime: FlowRuntime
            (runtime, first[StepID.construct.rawValue]) = try construct()
            for round in 0..<2 {
                var times = [Double](repeating: .nan, count: steps.count)
                let home = try execute("home") { () throws(FlowError) in try runtime.run(FlowRequest(flow: "home")) }
                times[StepID.home.rawValue] = home.ms
                times[StepID.render.rawValue] = MonotonicClock.measure { TextRenderer().render(home.screen) }.nanoseconds / 1e6
                times[StepID.sites.rawValue] = try execute("sites") { () throws(FlowError) in try runtime.run(FlowRequest(flow: "sites")) }.ms
                times[StepID.sitesAt.rawValue] = try execute("sites --at") { () throws(FlowError) in try runtime.run(FlowRequest(flow: "sites", at: Self.at)) }.ms
                for step in StepID.allCases where step != .construct {
                    if round == 0 { first[step.rawValue] = times[step.rawValue] } else { again[step.rawValue] = times[step.rawValue] }
                }
            }
            for i in steps.indices {
                if pass == 0 {
                    steps[i].firstInProcess = first[i]
                } else {
                    steps[i].fresh.add(first[i])
                    if !again[i].isNaN { steps[i].again.add(again[i]) }
                }
            }
        }
        return steps
    }

    private func label(_ step: StepID) -> String {
        switch step {
        case .construct: return "construct FlowRuntime(\(park))"
        case .home: return "run home"
        case .render: return "render home as text"
        case .sites: return "run sites"
        case .sitesAt: return "run sites --at 37.8078,-122.4750"
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
