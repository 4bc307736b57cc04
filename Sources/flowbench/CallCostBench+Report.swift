import LuaKit

/// Case 1 as a table: (a)-(c) from a plain LuaState, (d) from the park's FlowRuntime.
enum CallCostReport {
    static func render(calls: CallCostBench.Result, geo: GeoCallBench.Result, runs: Int, park: String) -> String {
        var table = TextTable(
            "1. Call cost from a Lua loop — median of \(runs) runs, variants interleaved within each run",
            header: ["variant", "iterations/run", "ns/iteration", "net ns/call", "net min–max"])
        table.add(["(a)-(c): one LuaState, bench.inc registered through LuaKit", "", "", "", ""])
        for variant in CallCostBench.Variant.allCases.reversed() {
            let net: Samples? = variant == .lua ? calls.luaNet : variant == .native ? calls.nativeNet : nil
            table.add(row(variant.label, calls.iterations, calls.perIteration[variant], net))
        }
        table.add(["(d): FlowRuntime(\(park))'s own state, in a flow", "", "", "", ""])
        for variant in GeoCallBench.Variant.allCases {
            let net: Samples? = variant == .lua ? geo.luaNet : variant == .native ? geo.nativeNet : nil
            table.add(row(variant.label, geo.iterations, geo.perIteration[variant], net))
        }
        table.note("net = ns/iteration minus the same run's baseline; ratios are medians of per-run ratios.")
        table.note("native / Lua, (b) / (a): \(Format.ratio(calls.ratio.median))"
                   + " (per run \(Format.ratio(calls.ratio.min))–\(Format.ratio(calls.ratio.max))); goal ≤ 2.50x")
        table.note("native / Lua, (d) geo.distance / Lua haversine: \(Format.ratio(geo.ratio.median))"
                   + " (per run \(Format.ratio(geo.ratio.min))–\(Format.ratio(geo.ratio.max)))")
        let metres = geo.metres[.native] ?? .nan
        table.note("(d) both return \(Format.fixed(metres, 3)) m (GOGA centre to Alcatraz; GeoKit's distance is haversine today);"
                   + " \(Format.grouped(geo.chunk)) iterations per flow run, the park's budget caps one run.")
        table.note("Every loop runs under LuaKit's instruction-count hook (every \(Format.grouped(LuaOptions().hookInterval)) instructions), as flows do.")
        return table.render()
    }

    private static func row(_ label: String, _ iterations: Int, _ perIteration: Samples?, _ net: Samples?) -> [String] {
        let raw = perIteration?.median ?? .nan
        guard let net else { return ["  " + label, Format.grouped(iterations), Format.fixed(raw, 2), "—", ""] }
        return ["  " + label, Format.grouped(iterations), Format.fixed(raw, 2), Format.fixed(net.median, 2),
                "\(Format.fixed(net.min, 2))–\(Format.fixed(net.max, 2))"]
    }
}
