import Foundation

/// `flowbench warm`'s report: a table with the goals, or JSON (`--json`), alone or next to
/// another build's figures (`--against`).
extension WarmBench {
    /// One case's figures in milliseconds: the median over rounds of each round's p50 and p99,
    /// and of the mean and longest idle call after a run (nil when not measured).
    struct Result {
        var p50: Double
        var p99: Double
        var idleMean: Double?
        var idleMax: Double?

        init(p50: Double, p99: Double, idleMean: Double? = nil, idleMax: Double? = nil) {
            self.p50 = p50
            self.p99 = p99
            self.idleMean = idleMean
            self.idleMax = idleMax
        }

        init(_ figure: Figure) {
            let idled = figure.idleMean.count > 0
            self.init(
                p50: figure.p50.median, p99: figure.p99.median, idleMean: idled ? figure.idleMean.median : nil,
                idleMax: idled ? figure.idleMax.median : nil)
        }

        /// The goals of issue 19: p50 within `goal`, p99 within twice p50.
        func meets(_ goal: Double) -> (p50: Bool, spread: Bool) {
            (p50 <= goal, p99 <= 2 * p50)
        }
    }

    /// `{"home": {"p50_ms": ..., "p99_ms": ..., "idle_mean_ms": ..., "idle_max_ms": ...,
    /// "goal_p50_ms": ..., "met": ...}, ...}` in report order; cases without a goal have neither
    /// `goal_p50_ms` nor `met`, cases without idle work no `idle_*`. With `before`, each case
    /// also has `"before": {"p50_ms": ..., "p99_ms": ...}`.
    static func json(_ cases: [Case], _ results: [String: Result], before: [String: Result]? = nil) -> String {
        func number(_ value: Double) -> String { value.isFinite ? Format.plain(value, 4) : "null" }
        func pair(_ r: Result) -> String {
            var text = "\"p50_ms\": \(number(r.p50)), \"p99_ms\": \(number(r.p99))"
            if let mean = r.idleMean, let max = r.idleMax {
                text += ", \"idle_mean_ms\": \(number(mean)), \"idle_max_ms\": \(number(max))"
            }
            return text
        }
        let lines = cases.compactMap { c -> String? in
            guard let r = results[c.id] else { return nil }
            var fields = pair(r)
            if let goal = c.goalMs {
                let met = r.meets(goal)
                fields += ", \"goal_p50_ms\": \(number(goal)), \"met\": \(met.p50 && met.spread)"
            }
            if let old = before?[c.id] { fields += ", \"before\": {\(pair(old))}" }
            return "  \"\(c.id)\": {\(fields)}"
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The report as a table: figures, goals and whether they are met; with `before`, that
    /// build's figures beside them and the speed-up (before / after).
    static func table(
        _ cases: [Case], _ results: [String: Result], before: [String: Result]? = nil,
        title: String, notes: [String]
    ) -> String {
        var header = ["case", "p50 ms", "p99 ms"]
        if before != nil { header = ["case", "before p50", "p50 ms", "speed-up", "before p99", "p99 ms"] }
        header += ["p50 goal", "p99 / p50", "result"]
        let idled = results.values.contains { $0.idleMean != nil }
        if idled { header += ["idle mean", "idle max"] }
        var table = TextTable(title, header: header)
        var met = 0, goals = 0
        for c in cases {
            guard let r = results[c.id] else { continue }
            var row = [c.label]
            if let old = before?[c.id] {
                row += [
                    Format.fixed(old.p50, 3), Format.fixed(r.p50, 3), Format.ratio(old.p50 / r.p50),
                    Format.fixed(old.p99, 3), Format.fixed(r.p99, 3),
                ]
            } else if before != nil {
                row += ["—", Format.fixed(r.p50, 3), "—", "—", Format.fixed(r.p99, 3)]
            } else {
                row += [Format.fixed(r.p50, 3), Format.fixed(r.p99, 3)]
            }
            row.append(c.goalMs.map { "≤ " + Format.fixed($0, 1) } ?? "")
            row.append(Format.ratio(r.p99 / r.p50))
            if let goal = c.goalMs {
                let check = r.meets(goal)
                goals += 1
                if check.p50 && check.spread { met += 1 }
                row.append(check.p50 && check.spread ? "PASS" : check.p50 ? "FAIL (p99 > 2x p50)" : "FAIL")
            } else {
                row.append("")
            }
            if idled { row += [r.idleMean.map { Format.fixed($0, 3) } ?? "", r.idleMax.map { Format.fixed($0, 3) } ?? ""] }
            table.add(row)
        }
        for note in notes { table.note(note) }
        table.note("goals (issue 19): p50 within the goal and p99 within 2x p50; \(met) of \(goals) met")
        if let english = results["sites"], let spanish = results["sites_es"] {
            let ratio = spanish.p50 / english.p50
            table.note(
                "languages (issue 35): sites in Spanish / in English, p50: \(Format.ratio(ratio)) "
                    + "(goal ≤ \(Format.ratio(languageRatioGoal))): \(ratio <= languageRatioGoal ? "PASS" : "FAIL")")
        }
        return table.render()
    }

    /// Parses what `flowbench warm --json` printed back into results by case id.
    static func parse(_ text: String, from program: String) throws(BenchError) -> [String: Result] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw .setup("warm: \(program) did not print JSON figures: \(text.prefix(200))")
        }
        var results: [String: Result] = [:]
        for (id, value) in object {
            guard let fields = value as? [String: Any], let p50 = fields["p50_ms"] as? Double, let p99 = fields["p99_ms"] as? Double else {
                throw .setup("warm: \(program): case \(id) has no p50_ms and p99_ms")
            }
            results[id] = Result(p50: p50, p99: p99, idleMean: fields["idle_mean_ms"] as? Double, idleMax: fields["idle_max_ms"] as? Double)
        }
        return results
    }
}

extension Format {
    /// A number with at most `decimals` decimals and no grouping, as JSON writes it (`0.1234`).
    static func plain(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
