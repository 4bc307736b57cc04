import LuaKit

/// Case 1 as a table: (a)-(c) from a plain LuaState, (d) from the park's FlowRuntime.
extension CallCostBench.Result {
    func render(geo: GeoCallBench.Result, runs: Int, park: String) -> String {
        var table = TextTable(
            "1. Call cost from a Lua loop — median of \(runs) runs, variants interleaved within each run",
            header: ["variant", "iterations/run", "ns/iteration", "net ns/call", "net min–max"])
        table.add(["(a)-(c) one LuaState; bench.inc registered through LuaKit"])
        for variant in [CallCostBench.Variant.lua, .native, .baseline] {
            let net: Samples? = variant == .lua ? luaNet : variant == .native ? nativeNet : nil
            table.add(row(variant.label, iterations, perIteration[variant], net))
        }
        table.add(["(d) FlowRuntime(\(park))'s own state, from a flow"])
        for variant in [GeoCallBench.Variant.native, .lua, .baseline] {
            let net: Samples? = variant == .lua ? geo.luaNet : variant == .native ? geo.nativeNet : nil
            table.add(row(variant.label, geo.iterations, geo.perIteration[variant], net))
        }
        table.note("net = ns/iteration minus the same run's baseline; ratios are medians of per-run ratios.")
        table.note(
            "native / Lua, (b) / (a): \(Format.ratio(ratio.median))"
                + " (per run \(Format.ratio(ratio.min))–\(Format.ratio(ratio.max))); goal ≤ 2.50x")
        table.note(
            "native / Lua, (d) geo.distance / Lua haversine: \(Format.ratio(geo.ratio.median))"
                + " (per run \(Format.ratio(geo.ratio.min))–\(Format.ratio(geo.ratio.max)))")
        let native = geo.metres[.native] ?? .nan, lua = geo.metres[.lua] ?? .nan
        table.note("(d) park center to Alcatraz: geo.distance \(Format.fixed(native, 3)) m, Lua haversine \(Format.fixed(lua, 3)) m;")
        table.note("    \(Format.grouped(geo.chunk)) iterations per flow run, as the park's instruction budget caps one run.")
        table.note("Every loop runs under LuaKit's instruction-count hook (every \(Format.grouped(LuaOptions().hookInterval)) instructions), as flows do.")
        table.note("    With a count hook set, Lua 5.4 routes every VM instruction through luaG_traceexec, so Lua-side")
        table.note("    costs read above the hook-free 11-12 ns Lua call quoted in Benchmarks/reference/SOURCES.md.")
        return table.render()
    }

    private func row(_ label: String, _ iterations: Int, _ perIteration: Samples?, _ net: Samples?) -> [String] {
        let raw = perIteration?.median ?? .nan
        guard let net else { return ["  " + label, Format.grouped(iterations), Format.fixed(raw, 2), "—", ""] }
        return [
            "  " + label, Format.grouped(iterations), Format.fixed(raw, 2), Format.fixed(net.median, 2),
            "\(Format.fixed(net.min, 2))–\(Format.fixed(net.max, 2))",
        ]
    }
}
