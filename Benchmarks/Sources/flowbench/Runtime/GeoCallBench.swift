import FlowKit
import LuaKit

/// Case 1 (d): the park's real native `geo.distance` against the same haversine written in
/// Lua, both called from a Lua loop in one FlowRuntime's state (the bench flow), interleaved.
struct GeoCallBench {
    enum Variant: String, CaseIterable {
        case baseline, lua, native

        var label: String {
            switch self {
            case .baseline: return "(d) baseline: x = x + lat2"
            case .lua: return "(d) Lua haversine(lat1, lon1, lat2, lon2)"
            case .native: return "(d) native geo.distance(lat1, lon1, lat2, lon2)"
            }
        }
    }

    struct Result {
        var iterations: Int
        /// Iterations per flow run (the park's instruction budget caps one run).
        var chunk: Int
        var perIteration: [Variant: Samples]
        /// Mean distance each variant returned, metres (the two must agree).
        var metres: [Variant: Double]
        var luaNet: Samples { (perIteration[.lua] ?? Samples()) - (perIteration[.baseline] ?? Samples()) }
        var nativeNet: Samples { (perIteration[.native] ?? Samples()) - (perIteration[.baseline] ?? Samples()) }
        var ratio: Samples { nativeNet / luaNet }
    }

    let iterations: Int
    let chunk: Int
    private let runtime: FlowRuntime

    /// - Parameter project: a staged copy holding the bench flow.
    init(project: StagedProject, park: String, iterations: Int) throws(BenchError) {
        do {
            runtime = try FlowRuntime(root: ProjectRoot(path: project.path), park: park)
        } catch {
            throw .setup("case 1 (d): the park does not load with the bench flow: \(error)")
        }
        self.iterations = iterations
        // A Lua haversine iteration runs ~30 VM instructions; stay well inside one run's budget.
        chunk = max(1, min(iterations, runtime.park.budgets.instructions / 100))
    }

    func run(runs: Int) throws(BenchError) -> Result {
        var metres: [Variant: Double] = [:]
        for variant in Variant.allCases { metres[variant] = try time(variant, total: min(iterations, chunk)).metres }
        // Both compute a distance; GeoKit may move to WGS84 (≤ 0.56% from a haversine), so allow 1%.
        let native = metres[.native] ?? .nan, lua = metres[.lua] ?? .nan
        guard abs(native - lua) <= 0.01 * abs(native) else {
            throw .setup("case 1 (d): geo.distance gave \(native) m but the Lua haversine \(lua) m; they should agree within 1%")
        }
        var perIteration: [Variant: Samples] = [:]
        for r in 0..<runs {
            for k in 0..<Variant.allCases.count {
                let variant = Variant.allCases[(r + k) % Variant.allCases.count]
                perIteration[variant, default: Samples()].add(try time(variant, total: iterations).nanoseconds / Double(iterations))
            }
        }
        return Result(iterations: iterations, chunk: chunk, perIteration: perIteration, metres: metres)
    }

    /// Runs the bench flow until `total` iterations are done; returns the nanoseconds and
    /// the mean distance the last run reported.
    private func time(_ variant: Variant, total: Int) throws(BenchError) -> (nanoseconds: Double, metres: Double) {
        var nanoseconds = 0.0
        var metres = Double.nan
        var done = 0
        while done < total {
            let n = min(chunk, total - done)
            let request = FlowRequest(flow: BenchScripts.geoFlowName, args: ["variant": variant.rawValue, "n": String(n)])
            do {
                let measured = try MonotonicClock.measure { () throws(FlowError) in try runtime.run(request) }
                nanoseconds += measured.nanoseconds
                metres = measured.result.subtitle.flatMap(Double.init) ?? .nan
            } catch {
                throw .setup("case 1 \(variant.label): \(error)")
            }
            done += n
        }
        return (nanoseconds, metres)
    }
}
