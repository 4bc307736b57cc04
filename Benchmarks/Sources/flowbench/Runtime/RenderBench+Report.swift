import Foundation

extension RenderBench {
    /// The figures of one run, as a table.
    static func render(_ figures: [Figure], runs: Int, calls: Int) -> String {
        var table = TextTable(
            "Rendering a screen already produced (ms per render)",
            header: ["screen", "format", "bytes", "p50", "p99", "output fnv1a64"])
        for figure in figures {
            table.add([
                figure.caseID, figure.format, Format.grouped(figure.bytes), Format.fixed(figure.roundMedians.median, 3),
                Format.fixed(figure.calls.percentile(99), 3), figure.checksum,
            ])
        }
        table.note("p50: median of \(runs) rounds' medians; p99: over all \(Format.grouped(runs * calls)) calls of each row.")
        for line in caseLegend() { table.note(line) }
        return table.render()
    }

    /// `{"map": {"json": {"p50_ms": …, "p99_ms": …, "bytes": …, "fnv1a64": "…"}, …}, …}`.
    static func json(_ figures: [Figure]) -> String {
        var byCase: [String: [String: Any]] = [:]
        for figure in figures {
            byCase[figure.caseID, default: [:]][figure.format] =
                [
                    "p50_ms": figure.roundMedians.median, "p99_ms": figure.calls.percentile(99),
                    "bytes": figure.bytes, "fnv1a64": figure.checksum,
                ] as [String: Any]
        }
        guard let data = try? JSONSerialization.data(withJSONObject: byCase, options: [.sortedKeys, .prettyPrinted]) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One side of a comparison: a row's p50 and p99 per round, and its output's checksum.
    struct Side {
        var p50 = Samples()
        var p99 = Samples()
        var checksum = ""
        var bytes = 0
    }

    /// Adds one `render --json` output to `sides`, keyed by "case/format".
    /// - Throws: `BenchError.setup` when the file is not that output.
    static func collect(_ path: String, into sides: inout [String: Side]) throws(BenchError) {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: [String: [String: Any]]]
        else {
            throw .setup("render --against: \(path) is not the JSON of 'flowbench render --json'")
        }
        for (caseID, formats) in root {
            for (format, values) in formats {
                guard let p50 = values["p50_ms"] as? Double, let p99 = values["p99_ms"] as? Double,
                    let checksum = values["fnv1a64"] as? String, let bytes = values["bytes"] as? Int
                else {
                    throw .setup("render --against: \(path): \(caseID).\(format) lacks p50_ms, p99_ms, bytes or fnv1a64")
                }
                let key = "\(caseID)/\(format)"
                sides[key, default: Side()].p50.add(p50)
                sides[key, default: Side()].p99.add(p99)
                sides[key, default: Side()].checksum = checksum
                sides[key, default: Side()].bytes = bytes
            }
        }
    }

    /// Two builds side by side: `before` (the `--against` binary) and `after` (this one).
    static func renderComparison(
        before: [String: Side], after: [String: Side], order: [String], rounds: Int,
        against: String
    ) -> String {
        var table = TextTable(
            "Rendering, two builds side by side (ms per render, median of \(rounds) rounds)",
            header: ["screen", "format", "before p50", "after p50", "before/after", "before p99", "after p99", "output"])
        for key in order {
            guard let old = before[key], let new = after[key] else { continue }
            let parts = key.split(separator: "/").map(String.init)
            let same = old.checksum == new.checksum && old.bytes == new.bytes ? "same bytes" : "DIFFERENT"
            table.add([
                parts[0], parts[1], Format.fixed(old.p50.median, 3), Format.fixed(new.p50.median, 3),
                Format.ratio(old.p50.median / new.p50.median), Format.fixed(old.p99.median, 3),
                Format.fixed(new.p99.median, 3), same,
            ])
        }
        table.note("before: \(against); after: this flowbench. Each round runs both, alternating which goes first.")
        table.note("p99: median of the rounds' p99s. output: whether both wrote the same bytes (size and FNV-1a).")
        for line in caseLegend() { table.note(line) }
        return table.render()
    }

    /// What each screen is: `map_z12: flowrun --park GOGA map --zoom 12 ...`.
    private static func caseLegend() -> [String] {
        cases.map { "\($0.id): flowrun \($0.command)" }
    }
}
