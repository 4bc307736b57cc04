/// The report of `flowbench from-lua`: each engine as a flow calls it beside its reference in
/// the same run, as medians over the rounds, with the ratio (> 1: flowrun faster) and the goals
/// of issue 32.
extension FromLuaBench.Result {
    func render(runs: Int, withPython: Bool) -> String {
        var out = clusterTable(runs: runs, withPython: withPython).render()
        out += "\n" + geodesyTable(runs: runs, withPython: withPython).render()
        out += "\n" + geofenceTable(runs: runs).render()
        return out
    }

    /// Reference / flow: the ratio of the medians, and the range of the per-round ratios.
    private func ratio(_ reference: Samples, _ flow: Samples) -> String {
        guard reference.count > 0, flow.count > 0 else { return "-" }
        let perRound = reference / flow
        return "\(Format.ratio(reference.median / flow.median)) (\(Format.ratio(perRound.min))-\(Format.ratio(perRound.max)))"
    }

    private func clusterTable(runs: Int, withPython: Bool) -> TextTable {
        var t = TextTable(
            "cluster.index on park_100k (\(Format.grouped(points)) points), ms per build, median of \(runs) rounds",
            header: ["build", "ms", "pysupercluster / this", "goal"])
        t.add(["flow: cluster.index(points), a list of {lat, lon}", Format.fixed(clusterRecords.median, 1), ratio(pysupercluster, clusterRecords), ">= 2x"])
        t.add(["flow: cluster.index({lat = {...}, lon = {...}})", Format.fixed(clusterColumns.median, 1), ratio(pysupercluster, clusterColumns), ">= 2x"])
        t.add(["GeoKit alone (ClusterIndex, flat arrays)", Format.fixed(clusterAlone.median, 1), ratio(pysupercluster, clusterAlone), ""])
        t.add(["pysupercluster 0.7.7 warm build (build_once.py)", withPython ? Format.fixed(pysupercluster.median, 1) : "not run", "", ""])
        t.note(
            "options radius 40, extent 512, zoom 0-16, min_points 2; flow figures are a run less an empty run of the same round, the runtime's idle() between runs"
        )
        if !withPython { t.note("pass --with-python for pysupercluster in the same run") }
        return t
    }

    private func geodesyTable(runs: Int, withPython: Bool) -> TextTable {
        var t = TextTable(
            "geo.inverse, ns per pair (distance and both bearings), median of \(runs) rounds",
            header: [
                "pairs", "flow: lists", "flow: a call a pair", "GeoKit alone", "pyproj Geod.inv", "PROJ C", "pyproj / lists",
                "pyproj / a call a pair", "PROJ C / lists", "goal",
            ])
        for set in inverseLists.keys.sorted(by: >) {
            let lists = inverseLists[set] ?? Samples(), loop = inverseLoop[set] ?? Samples(), alone = inverseAlone[set] ?? Samples()
            let proj = pyproj[set] ?? Samples(), c = projC[set] ?? Samples()
            t.add([
                set, Format.fixed(lists.median, 0), Format.fixed(loop.median, 0), Format.fixed(alone.median, 0),
                withPython ? Format.fixed(proj.median, 0) : "not run", c.count > 0 ? Format.fixed(c.median, 0) : "not run",
                ratio(proj, lists), ratio(proj, loop), ratio(c, lists), set == "worldwide" ? ">= 1.5x" : "",
            ])
        }
        t.note("lists: geo.inverse(lat1s, lon1s, lat2s, lon2s), split over the cores from 8,192 pairs; pyproj: numpy arrays, one thread")
        t.note("PROJ C: geod_inverse called in a Swift loop in this process (--with-proj), one thread")
        return t
    }

    private func geofenceTable(runs: Int) -> TextTable {
        var t = TextTable(
            "geofence fixes fed from a flow to a monitor of \(FromLuaBench.geofencePark)'s sites (\(Format.grouped(fixes))-fix track), median of \(runs) rounds",
            header: ["how", "ns per fix", "goal"])
        t.add(["mon:feed(fix), one call a fix, in a Lua loop", Format.fixed(feedLoop.median, 0), "< 1,000"])
        t.add(["mon:feed_many({lat = {...}, lon = {...}, time = {...}})", Format.fixed(feedMany.median, 0), "< 1,000"])
        t.note("the loop's own Lua instructions are included; both raised the same \(events.many) events")
        return t
    }
}
