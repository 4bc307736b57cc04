import Foundation
import GeoKit

/// The report of `flowbench geofence`: tables, the side-by-side with bench_geofence.py
/// (ratio = reference / flowrun, > 1 = flowrun faster), goals, and a markdown block.
struct GeofenceReport {
    typealias Variant = GeofenceReferenceFigures.Variant
    let bench: GeofenceBench
    let results: GeofenceBench.Results
    let reference: GeofenceReferenceFigures
    let referenceLog: String
    let oracle: OracleSummary
    let oracle10k: OracleSummary?

    func render() -> String {
        var out = header()
        out += "\n" + buildTable().render()
        out += "\n" + containmentTable().render()
        out += "\n" + referencePairsTable().render()
        out += "\n" + oraclePairsTable().render()
        out += "\n" + nearestTable().render()
        out += "\n" + eventsTable().render()
        out += "\n" + cappedTable().render()
        out += "\n" + sideBySideTable().render()
        out += "\n" + Goal.render(goals())
        out += "\n" + markdown()
        return out
    }

    private func header() -> String {
        let info = ProcessInfo.processInfo
        return """
            flowbench geofence — RegionIndex / UnlimitedMonitor / RegionMonitor (GeoKit) vs bench_geofence.py, release build
              machine: \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString)
              data: BenchData (= gen_data.py): 100,000 circles (50-500 m) + 1,000 polygons (8-64 vertices); 10k set = the first
                    10,000 circles; 100,000-fix 1 Hz track, fix i at t = i s; every fix streamed one at a time
              flowrun: ns/fix = median of \(bench.runs) timed passes over all fixes (after an untimed pass)
              reference: \(reference.label)
                         \(reference.environment ?? "(environment line not found)")
              ratio = reference / flowrun: > 1 means flowrun is faster
              noisy machine: compare ratios taken in the same run, not absolute figures across runs

            """
    }

    // MARK: - Tables

    private func buildTable() -> TextTable {
        let b = results.build
        var t = TextTable("Index build and memory (101,000 regions: 100k circles + 1k polygons)", header: ["figure", "value"])
        t.add(["GeofenceRegion values made (polygons checked for self-crossing)", ms(b.regionsMs) + " ms"])
        t.add(["RegionIndex build, first", ms(b.firstMs) + " ms"])
        t.add([
            "RegionIndex build, median of \(b.rebuildsMs.count) more (min / max)",
            "\(ms(b.rebuildsMs.median)) ms (\(ms(b.rebuildsMs.min)) / \(ms(b.rebuildsMs.max)))",
        ])
        t.add(["RegionIndex.indexBytes", mib(Double(b.indexBytes) / 1024) + " MiB (\(Format.fixed(Double(b.indexBytes) / 101_000, 0)) B/region)"])
        t.add(["RSS growth over the first build (statm resident, after malloc_trim)", b.indexKiB.map { mib(Double($0)) + " MiB" } ?? "n/a"])
        t.add(["peak RSS growth during the first build (VmHWM, reset via clear_refs)", b.indexPeakKiB.map { mib(Double($0)) + " MiB" } ?? "n/a"])
        t.add(["RSS growth making the region values (statm, after malloc_trim)", b.regionsKiB.map { mib(Double($0)) + " MiB" } ?? "n/a"])
        let array = MemoryLayout<GeofenceRegion>.stride * 101_000
        t.add([
            "  of which the [GeofenceRegion] the index keeps (101,000 × \(MemoryLayout<GeofenceRegion>.stride) B)",
            mib(Double(array) / 1024) + " MiB",
        ])
        t.add(["process RSS after the build", b.processKiB.map { mib(Double($0)) + " MiB" } ?? "n/a"])
        if let c = stat("-- 100000 circles: STRtree(centers) build median ") {
            t.note("reference: shapely STRtree over the 100k circle centers builds in \(ms(c * 1000)) ms (its log); it indexes points, not regions.")
        }
        t.note("indexBytes counts the index's arrays only; the regions' own geometry (GeofenceRegion, Boundary) is the row below it.")
        return t
    }

    private func containmentTable() -> TextTable {
        var t = TextTable(
            "Containment, regions(containing:into:) per fix (ns/fix)",
            header: ["region set", "regions", "median", "min", "max", "inside pairs", "pairs/fix"])
        for c in results.containment {
            t.add([
                c.label, Format.grouped(c.regions), ns(c.nsPerFix.median), ns(c.nsPerFix.min), ns(c.nsPerFix.max),
                Format.grouped(c.pairs), Format.fixed(Double(c.pairs) / Double(GeofenceBench.fixCount), 3),
            ])
        }
        t.note("one reused output array; circles: flat screen + WGS84 geodesic near the edge; polygons: even-odd on lon/lat.")
        return t
    }

    private func referencePairsTable() -> TextTable {
        let p = results.pairs.prefix ?? results.pairs.all
        var t = TextTable(
            "Inside pairs vs bench_geofence.py (haversine circles, shapely polygons), over its \(Format.grouped(p.fixes)) fixes",
            header: ["set", "flowrun", "haversine, recounted here", "bench_geofence.py", "recount", "hav-only / geo-only here"])
        func row(_ name: String, _ c: GeofenceBench.CirclePairs, _ theirs: Int?) {
            t.add([
                name, Format.grouped(c.geodesic), Format.grouped(c.haversine), theirs.map(Format.grouped) ?? "n/a",
                theirs.map { $0 == c.haversine ? "MATCH" : "DIFFER (\(c.haversine - $0))" } ?? "n/a",
                "\(c.onlyHaversine) / \(c.onlyGeodesic)",
            ])
        }
        row("circles 10k", p.circles10k, reference.summary["circles10000_pairs"])
        row("circles 100k", p.circles100k, reference.summary["circles100000_pairs"])
        let poly = reference.timings[.polygons1kShapelyBulk]?.count("pairs")
        t.add([
            "polygons 1k", Format.grouped(p.polygons), "—", poly.map(Format.grouped) ?? "n/a",
            poly.map { $0 == p.polygons ? "MATCH" : "DIFFER (\(p.polygons - $0))" } ?? "n/a", "—",
        ])
        t.note("bench_geofence.py decides circles by haversine on a sphere (R = 6,371,008.8 m); flowrun by the WGS84 geodesic.")
        t.note("Recounting with that haversine here should give its figures; the hav-only / geo-only pairs are the whole difference.")
        t.note("Polygons: both planar on lon/lat; shapely's intersects counts the boundary as inside, even-odd may not (measure zero).")
        return t
    }

    private func oraclePairsTable() -> TextTable {
        let a = results.pairs.all
        var t = TextTable(
            "Inside pairs vs the event oracle (geodesic circles + planar polygons), 100,000 fixes",
            header: ["set", "flowrun", "oracle inside_pairs", "result", "flips here / oracle's"])
        func row(_ name: String, _ c: GeofenceBench.CirclePairs, _ o: OracleSummary?) {
            let ours = c.geodesic + a.polygons
            let flips = c.onlyHaversine + c.onlyGeodesic
            t.add([
                name, Format.grouped(ours), o.map { Format.grouped($0.insidePairs) } ?? "n/a",
                o.map { $0.insidePairs == ours ? "MATCH" : "DIFFER (\(ours - $0.insidePairs))" } ?? "n/a",
                "\(flips) / \(o.map { String($0.flips) } ?? "n/a")",
            ])
        }
        row("circles 10k + polygons 1k", a.circles10k, oracle10k)
        row("circles 100k + polygons 1k", a.circles100k, oracle)
        t.note("flips = pairs where haversine and geodesic disagree (the oracle re-decides pairs within 0.7 % of an edge with geographiclib).")
        return t
    }

    private func nearestTable() -> TextTable {
        var t = TextTable(
            "Nearest \(GeofenceBench.k), nearest(20, to:into:) per fix (ns/fix)",
            header: ["region set", "median", "min", "max", "checked", "set mismatches", "of which ties", "brute force ns/fix"])
        for n in results.nearest {
            t.add([
                n.label, ns(n.nsPerFix.median), ns(n.nsPerFix.min), ns(n.nsPerFix.max), Format.grouped(n.checked),
                String(n.mismatches), String(n.ties), ns(n.bruteNsPerFix),
            ])
            for e in n.examples { t.add(["  " + e]) }
        }
        t.note("ranking: edge distance of the monitored circle (polygons: centroid + farthest vertex), negative inside; ties → lower index.")
        t.note("checked: every \(GeofenceBench.fixCount / GeofenceBench.exactnessSample)th fix against a scan of all regions by monitorDistance(from:).")
        t.note("bench_geofence.py ranks max(0, haversine - r) with vertex-centroid circles: its sets are not expected to equal ours.")
        return t
    }

    private func eventsTable() -> TextTable {
        var t = TextTable(
            "Events, UnlimitedMonitor over 100k circles + 1k polygons vs the oracle (dwell 120 s)",
            header: ["events", "delay", "ENTER", "EXIT", "DWELL", "oracle E/X/D", "lines ours / oracle", "result", "ns/fix"])
        for e in results.events {
            let o = e.name == "raw" ? oracle.raw : oracle.debounced
            t.add([
                e.name, Format.fixed(e.delay, 0) + " s", Format.grouped(e.ours[.enter] ?? 0), Format.grouped(e.ours[.exit] ?? 0),
                Format.grouped(e.ours[.dwell] ?? 0), "\(o["ENTER"] ?? -1)/\(o["EXIT"] ?? -1)/\(o["DWELL"] ?? -1)",
                "\(Format.grouped(e.ourCount)) / \(Format.grouped(e.oracleCount))", e.matches ? "MATCH" : "DIFFER", ns(e.nsPerFix.median),
            ])
            for line in e.missing.prefix(10) { t.add(["  oracle only: " + line]) }
            for line in e.extra.prefix(10) { t.add(["  flowrun only: " + line]) }
            if e.missing.count + e.extra.count > 20 { t.add(["  (\(e.missing.count) oracle-only, \(e.extra.count) flowrun-only lines in all)"]) }
        }
        t.note("compared as sets of `t,region,EVENT` lines with data/\(results.events.map(\.file).joined(separator: " and "))")
        t.note("the oracle confirms after 20 consecutive fixes = 19 s at 1 Hz from the first; ns/fix = the whole replay, events kept.")
        return t
    }

    private func cappedTable() -> TextTable {
        var t = TextTable(
            "Capped monitor, RegionMonitor cap 20 (hysteresis 50 m, delays 19 s, reportMissed on) vs the oracle's cap20",
            header: [
                "refresh", "refreshes", "oracle", "missed enters", "oracle", "enters seen", "oracle enters",
                "ns/fix", "ns/fix, no shadow", "oracle nearest-20 s",
            ])
        for c in results.capped {
            let o = oracle.cap[Int(c.refreshDistance)]
            t.add([
                Format.fixed(c.refreshDistance, 0) + " m", Format.grouped(c.refreshes), o.map { Format.grouped($0.refreshes) } ?? "n/a",
                Format.grouped(c.missed), o.map { Format.grouped($0.missed) } ?? "n/a", Format.grouped(c.enters),
                o.map { Format.grouped($0.enters) } ?? "n/a", ns(c.nsPerFix.median), ns(c.capOnlyNsPerFix.median),
                o.map { Format.fixed($0.nearestSeconds, 3) } ?? "n/a",
            ])
        }
        t.note("refreshes count the first choice at fix 0, as the oracle's do; moved distance by haversine in both.")
        t.note("missed = .missedEnter events (an unlimited shadow's ENTER for an unmonitored region); the oracle has no hysteresis.")
        t.note("enters seen = ENTERs the capped set itself confirmed; its trackers start when a region joins the set.")
        t.note("ns/fix: the whole feed (refreshes, 20 trackers, and the shadow's containment + trackers); no shadow = reportMissed off.")
        t.note("oracle nearest-20 s: shapely's bulk nearest-20 over the refresh fixes only, for scale.")
        return t
    }

    /// (task, flowrun ns/fix, [(method, reference ns/fix)]).
    private var comparisons: [(task: String, ours: Double, methods: [(String, Double?)])] {
        func r(_ v: Variant) -> Double? { reference.nsPerFix(v) }
        func sum(_ a: Variant, _ b: Variant) -> Double? { r(a).flatMap { x in r(b).map { x + $0 } } }
        let c = results.containment.map(\.nsPerFix.median), n = results.nearest.map(\.nsPerFix.median)
        return [
            (
                "containment 100k circles + 1k polygons", c[0],
                [
                    ("shapely bulk (c100k dwithin + p1k intersects)", sum(.circles100kShapelyBulk, .polygons1kShapelyBulk)),
                    ("shapely per-fix loops (c100k + p1k)", sum(.circles100kShapelyPerFix, .polygons1kShapelyPerFix)),
                    ("plain Python grid (c100k) + ray cast (p1k)", sum(.circles100kPythonGrid, .polygons1kPythonRayCast)),
                ]
            ),
            (
                "containment 10k circles", c[1],
                [
                    ("shapely bulk dwithin + numpy haversine", r(.circles10kShapelyBulk)),
                    ("shapely per-fix loop", r(.circles10kShapelyPerFix)),
                    ("plain Python 1 km grid", r(.circles10kPythonGrid)),
                ]
            ),
            (
                "containment 1k polygons", c[2],
                [
                    ("shapely bulk intersects", r(.polygons1kShapelyBulk)),
                    ("shapely per-fix loop", r(.polygons1kShapelyPerFix)),
                ]
            ),
            (
                "nearest-20, 100k + 1k", n[0],
                [
                    ("shapely bulk dwithin + exact top-20", r(.nearest100kShapelyExact)),
                    ("scipy cKDTree k=20 (centre distance)", r(.nearest100kCKDTree)),
                    ("rtree.nearest per-fix loop", r(.nearest100kRtree)),
                ]
            ),
            (
                "nearest-20, 10k + 1k", n[1],
                [
                    ("shapely bulk dwithin + exact top-20", r(.nearest10kShapelyExact)),
                    ("scipy cKDTree k=20 (centre distance)", r(.nearest10kCKDTree)),
                    ("rtree.nearest per-fix loop", r(.nearest10kRtree)),
                ]
            ),
        ]
    }

    private func sideBySideTable() -> TextTable {
        var t = TextTable(
            "Side by side (ns/fix; reference: \(reference.label))",
            header: ["task / reference method", "flowrun", "reference", "ratio"])
        for task in comparisons {
            t.add([task.task])
            for (method, theirs) in task.methods {
                t.add(["  " + method, ns(task.ours), theirs.map(ns) ?? "n/a", theirs.map { Format.ratio($0 / task.ours) } ?? "n/a"])
            }
        }
        t.note("flowrun streams one fix at a time; the shapely bulk variants answer all fixes in one vectorised call (their best case).")
        t.note("cKDTree ranks centre distance, not edge distance: a speed floor, not the same answer.")
        if reference.fixes < GeofenceBench.fixCount {
            t.note("the reference covered \(Format.grouped(reference.fixes)) fixes (--quick); flowrun all \(Format.grouped(GeofenceBench.fixCount)).")
        }
        return t
    }

    // MARK: - Goals and markdown

    func goals() -> [Goal] {
        let all = comparisons
        let bulk = all[0].methods[0].1.map { $0 / all[0].ours } ?? .nan
        let exact = all[3].methods[0].1.map { $0 / all[3].ours } ?? .nan
        let kd = all[3].methods[1].1.map { $0 / all[3].ours } ?? .nan
        let events = results.events.allSatisfy(\.matches) && results.events.count == 2
        let b = results.build
        let memory = b.indexBytes > 0 && b.indexKiB != nil
        return [
            Goal(
                name: "containment 100k+1k ≥ 10x faster than shapely bulk (c100k + p1k)",
                measured: "\(Format.ratio(bulk)) (\(ns(all[0].ours)) vs \(all[0].methods[0].1.map(ns) ?? "n/a") ns/fix)", passed: bulk >= 10),
            Goal(
                name: "nearest-20 100k+1k ≥ 20x faster than shapely exact and faster than cKDTree",
                measured: "\(Format.ratio(exact)) / \(Format.ratio(kd)) (\(ns(all[3].ours)) ns/fix)", passed: exact >= 20 && kd > 1),
            Goal(
                name: "events equal the oracle (raw and debounced, 100k + 1k)",
                measured: results.events.map { "\($0.name) \($0.matches ? "MATCH" : "DIFFER")" }.joined(separator: ", "), passed: events),
            Goal(
                name: "memory reported (indexBytes, RSS growth)",
                measured: "\(mib(Double(b.indexBytes) / 1024)) MiB index, RSS +\(b.indexKiB.map { mib(Double($0)) } ?? "n/a") MiB", passed: memory),
        ]
    }

    private func markdown() -> String {
        let b = results.build
        var lines = [
            "Markdown (README):", "",
            "| task (100,000 fixes, streamed) | flowrun | reference method | reference | ratio (>1 = flowrun faster) |",
            "|---|---|---|---|---|",
        ]
        lines.append("| build 100k circles + 1k polygons (median of \(b.rebuildsMs.count)) | \(ms(b.rebuildsMs.median)) ms | — | — | — |")
        lines.append(
            "| index memory | \(mib(Double(b.indexBytes) / 1024)) MiB indexBytes, RSS +\(b.indexKiB.map { mib(Double($0)) } ?? "n/a") MiB | — | — | — |")
        for task in comparisons {
            for (method, theirs) in task.methods.prefix(2) {
                lines.append(
                    "| \(task.task) | \(ns(task.ours)) ns/fix | \(method) | \(theirs.map(ns) ?? "n/a") ns/fix | \(theirs.map { Format.ratio($0 / task.ours) } ?? "n/a") |"
                )
            }
        }
        for e in results.events {
            lines.append(
                "| events \(e.name) (UnlimitedMonitor, 101k regions) | \(ns(e.nsPerFix.median)) ns/fix | oracle | \(Format.grouped(e.oracleCount)) events | \(e.matches ? "MATCH" : "DIFFER") |"
            )
        }
        for c in results.capped {
            let o = oracle.cap[Int(c.refreshDistance)]
            lines.append(
                "| cap 20, refresh \(Format.fixed(c.refreshDistance, 0)) m: refreshes / missed | \(c.refreshes) / \(c.missed) (\(ns(c.nsPerFix.median)) ns/fix) | oracle | \(o.map { "\($0.refreshes) / \($0.missed)" } ?? "n/a") | — |"
            )
        }
        lines.append("")
        lines.append("Reference: \(reference.label).")
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Helpers

    /// A number from the reference's log line starting with `prefix` (e.g. a build time in s).
    private func stat(_ prefix: String) -> Double? {
        guard let text = try? String(contentsOfFile: referenceLog, encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) })
        else { return nil }
        return Double(line.dropFirst(prefix.count).prefix { $0 != " " })
    }

    private func ns(_ x: Double) -> String { Format.fixed(x, x < 10 ? 2 : (x < 1000 ? 1 : 0)) }
    private func ms(_ x: Double) -> String { Format.fixed(x, x < 10 ? 2 : (x < 1000 ? 1 : 0)) }
    private func mib(_ kib: Double) -> String { Format.fixed(kib / 1024, 1) }
}
