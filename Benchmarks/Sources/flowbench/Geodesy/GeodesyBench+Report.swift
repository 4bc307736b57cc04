import Foundation
import GeoKit

/// The report of `flowbench geodesy`: speed against PROJ and haversine, agreement with PROJ
/// and with GeographicLib in long double, GeographicLib from Python, the AR frame, goals.
struct GeodesyReport {
    let bench: GeodesyBench
    let timings: [(GeodesyBench.Pairs, [GeodesyBench.Variant: Samples])]
    let python: [String: Double]
    /// Per set: GeoKit automatic vs PROJ, GeoKit full vs PROJ.
    let agreements: [(String, Agreement, Agreement)]
    let truth: ReferenceAgreement?
    let frame: (micros: Double, onScreen: Int)

    func render() -> String {
        var out = speedTable().render()
        if bench.proj != nil {
            out += "\n" + agreementTable().render()
        } else {
            out += "\n  (PROJ not run: pass --with-proj; it loads libproj at run time: \(ProjGeodesic.installHint))\n"
        }
        if let truth { out += "\n" + truthTable(truth).render() }
        out += "\n" + pythonTable()
        out += "\n" + arTable().render()
        out += "\n" + Goal.render(goals())
        return out
    }

    private func ns(_ x: Double) -> String { Format.fixed(x, x < 100 ? 1 : 0) }

    /// PROJ / GeoKit over the runs: the ratio of the medians, and the per-run ratios' range
    /// (run r of both was taken back to back).
    private func ratio(_ set: [GeodesyBench.Variant: Samples], _ own: GeodesyBench.Variant) -> (median: Double, range: String) {
        guard let p = set[.proj], let g = set[own] else { return (.nan, "n/a") }
        let perRun = p / g
        return (p.median / g.median, "\(Format.ratio(perRun.min))-\(Format.ratio(perRun.max))")
    }

    private func speedTable() -> TextTable {
        let proj = bench.proj != nil
        var header = ["pairs", "GeoKit", "GeoKit Karney (full)"]
        if proj { header += ["PROJ geod_inverse", "PROJ / GeoKit", "(per run)", "PROJ / Karney"] }
        header += ["haversine", "GeoKit inverses/s"]
        var t = TextTable(
            "WGS84 inverse, ns per call (median of \(bench.runs) interleaved runs over \(Format.grouped(bench.pairCount)) pairs)",
            header: header)
        for (set, s) in timings {
            let automatic = s[.automatic]?.median ?? .nan
            var row = [set.name, ns(automatic), ns(s[.full]?.median ?? .nan)]
            if proj {
                let r = ratio(s, .automatic)
                row += [ns(s[.proj]?.median ?? .nan), Format.ratio(r.median), r.range, Format.ratio(ratio(s, .full).median)]
            }
            row += [ns(s[.haversine]?.median ?? .nan), Format.grouped(Int(1e9 / automatic))]
            t.add(row)
        }
        t.note("GeoKit = geo.inverse/distance/bearing (precision automatic): the chord turned into the geodesic for chords < 15 km, Karney's series elsewhere.")
        t.note(
            "Every variant computes the distance and both bearings (PROJ: s12, azi1, azi2); haversine (R = 6,371,008.8 m, up to 0.56% off) the distance only.")
        t.note("Run r times the variants in an order rotated by r; PROJ / GeoKit > 1 means GeoKit is faster.")
        if let proj = bench.proj { t.note("PROJ: \(proj.library), \(proj.version), dlopen'ed at run time.") }
        return t
    }

    private func agreementTable() -> TextTable {
        var t = TextTable(
            "GeoKit against PROJ on the same pairs (largest difference, and the length of that line)",
            header: ["pairs", "solver", "distance, relative", "at", "azimuths, degrees", "at"])
        for (name, automatic, full) in agreements {
            for (label, a) in [("GeoKit", automatic), ("Karney (full)", full)] {
                t.add([name, label, sci(a.maxRelativeDistance), metres(a.worstDistanceAt), sci(a.maxAzimuthDegrees), metres(a.worstAzimuthAt)])
            }
        }
        t.note(
            "PROJ's own rounding is ~1e-9 m and ~1e-16 rad per end, so on 10 m lines it alone is ~1e-10 relative and ~6e-9°: the next table says who is off.")
        return t
    }

    private func truthTable(_ truth: ReferenceAgreement) -> TextTable {
        var t = TextTable(
            "Against GeographicLib in long double: \(Format.grouped(truth.automatic.lines)) lines of 1 m-30 km (\(ReferenceAgreement.path))",
            header: ["solver", "distance, relative", "at", "azimuths, degrees", "at"])
        var rows = [("GeoKit (geo.inverse)", truth.automatic), ("GeoKit Karney (full)", truth.full)]
        if let p = truth.proj { rows.append(("PROJ geod_inverse", p)) }
        for (label, a) in rows {
            t.add([label, sci(a.maxRelativeDistance), metres(a.worstDistanceAt), sci(a.maxAzimuthDegrees), metres(a.worstAzimuthAt)])
        }
        t.note("The goal: 1e-9 relative and 1e-9° at every length (ShortLineTests checks GeoKit's public inverse on these lines).")
        return t
    }

    private func pythonTable() -> String {
        guard bench.withPython else {
            return
                "  (GeographicLib from Python not run: pass --with-python; the shared reference bench quotes 42-76 µs per call, Benchmarks/reference/SOURCES.md)\n"
        }
        var t = TextTable(
            "Side by side with GeographicLib 2.x from Python (same pairs, this run)",
            header: ["pairs", "GeoKit ns", "GeographicLib ns", "ratio"])
        for (set, s) in timings {
            guard let py = python[set.name], let own = s[.automatic]?.median else { continue }
            t.add([set.name, ns(own), ns(py), Format.ratio(py / own) + " faster"])
        }
        return t.render()
    }

    private func arTable() -> TextTable {
        var t = TextTable("AR frame (10,000 sites within 5 km, heading turning 7° a frame, 60° field of view)", header: ["what", "median"])
        t.add(["project 10,000 sites + stack the 25 nearest labels", Format.fixed(frame.micros, 1) + " µs"])
        t.add(["sites on screen (max over frames)", Format.grouped(frame.onScreen)])
        return t
    }

    func goals() -> [Goal] {
        var goals: [Goal] = []
        if bench.proj != nil {
            for (set, s) in timings {
                let r = ratio(s, .automatic)
                let want = set.name == "worldwide" ? 1.0 : 3.0
                goals.append(
                    Goal(
                        name: "inverse ≥ \(Format.fixed(want, 0))x PROJ, \(set.name)",
                        measured: "\(Format.ratio(r.median)) (runs \(r.range))", passed: r.median >= want))
            }
            let worst = agreements.map(\.1.maxRelativeDistance).max() ?? .nan
            goals.append(Goal(name: "distance within 1e-9 relative of PROJ on every pair", measured: sci(worst), passed: worst <= 1e-9))
        }
        if let truth {
            let a = truth.automatic
            goals.append(
                Goal(
                    name: "within 1e-9 relative and 1e-9° of GeographicLib (long double), 1 m-30 km",
                    measured: "\(sci(a.maxRelativeDistance)), \(sci(a.maxAzimuthDegrees))°",
                    passed: a.maxRelativeDistance <= 1e-9 && a.maxAzimuthDegrees <= 1e-9))
        }
        goals.append(
            Goal(
                name: "AR: 10,000 sites projected for one frame < 1 ms",
                measured: Format.fixed(frame.micros, 1) + " µs", passed: frame.micros < 1000))
        if let py = python["worldwide"], let own = timings.first?.1[.automatic]?.median {
            goals.append(
                Goal(
                    name: "inverse faster than GeographicLib (Python), worldwide pairs",
                    measured: Format.ratio(py / own), passed: py > own))
        }
        return goals
    }

    /// 1.2e-13 style; "0" for zero.
    private func sci(_ x: Double) -> String {
        guard x.isFinite else { return "n/a" }
        guard x > 0 else { return "0" }
        var exponent = Int(floor(log10(x)))
        var mantissa = x / pow(10, Double(exponent))
        // 9.96 would print as 10.0.
        if mantissa >= 9.95 { (mantissa, exponent) = (mantissa / 10, exponent + 1) }
        return "\(Format.fixed(mantissa, 1))e\(exponent)"
    }

    private func metres(_ x: Double) -> String { x >= 1000 ? Format.fixed(x / 1000, 1) + " km" : Format.fixed(x, 1) + " m" }
}
