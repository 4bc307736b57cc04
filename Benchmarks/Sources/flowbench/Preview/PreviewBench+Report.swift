import Foundation

extension PreviewBench {
    /// Issue 14's goals: save to updated page p50 < 150 ms and p95 < 300 ms per screen.
    static let saveGoal = (p50: 150.0, p95: 300.0)

    static func table(_ result: Result, title: String, notes: [String]) -> String {
        var table = TextTable(title, header: ["case (ms)", "runs", "p50", "p95", "min", "max", "goal p50 / p95", "met"])
        for (bench, samples) in result.saves {
            let (p50, p95) = (samples.median, samples.percentile(95))
            let met = p50 < saveGoal.p50 && p95 < saveGoal.p95
            table.add([
                "save → page: " + bench.name, String(samples.count), Format.fixed(p50, 1), Format.fixed(p95, 1),
                Format.fixed(samples.min, 1), Format.fixed(samples.max, 1), "< 150 / < 300", met ? "yes" : "no",
            ])
        }
        let get = result.get
        table.add([
            "GET home JSON (warm)", String(get.count), Format.fixed(get.median, 2), Format.fixed(get.percentile(95), 2),
            Format.fixed(get.min, 2), Format.fixed(get.max, 2), "", "",
        ])
        for line in notes { table.note(line) }
        return table.render()
    }

    static func json(_ result: Result) -> String {
        var lines: [String] = []
        for (bench, samples) in result.saves {
            lines.append(
                "  \"\(bench.flow)\": {\"p50_ms\": \(Format.fixed(samples.median, 3)), \"p95_ms\": \(Format.fixed(samples.percentile(95), 3)), \"runs\": \(samples.count)}"
            )
        }
        lines.append(
            "  \"get_home\": {\"p50_ms\": \(Format.fixed(result.get.median, 3)), \"p95_ms\": \(Format.fixed(result.get.percentile(95), 3)), \"runs\": \(result.get.count)}"
        )
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
