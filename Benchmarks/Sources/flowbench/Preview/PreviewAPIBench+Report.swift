import Foundation

extension PreviewAPIBench {
    /// Issue 32's goal: a warm map over HTTP within 1.3x of the same run in process.
    static let httpGoal = 1.3

    static func table(_ result: Result, title: String, notes: [String]) -> String {
        let names = result.builds.map(\.name)
        var header = ["figure"] + names
        if names.count == 2 { header.append("\(names[0]) / \(names[1])") }
        var table = TextTable(title, header: header)
        func row(_ label: String, decimals: Int = 2, _ pick: (Figures) -> Double) {
            let values = result.builds.map { pick($0.figures) }
            var cells = [label] + values.map { Format.fixed($0, decimals) }
            if values.count == 2 { cells.append(Format.ratio(values[0] / values[1])) }
            table.add(cells)
        }
        let inProcess = result.inProcessMap.median, inSession = result.inProcessSession.median
        row("map JSON over HTTP, asked again (kept), p50 ms") { $0.map.median }
        row("map JSON over HTTP, each GET run, p50 ms") { $0.mapRun.median }
        row("map run + JSON in process, p50 ms") { _ in inProcess }
        row("map as a one-screen session + JSON, p50 ms") { _ in inSession }
        row("map: HTTP kept / in process (goal ≤ \(Format.fixed(httpGoal, 1)))") { $0.map.median / inProcess }
        row("map: HTTP run / in process") { $0.mapRun.median / inProcess }
        row("map: HTTP run / one-screen session") { $0.mapRun.median / inSession }
        row("/parks, first GET, ms") { $0.parksFirst }
        row("/parks, warm, p50 ms") { $0.parks.median }
        row("idle CPU, % of one core") { $0.idleCPUPercent }
        for line in notes { table.note(line) }
        return table.render()
    }

    static func json(_ result: Result) -> String {
        var lines = [
            "  \"in_process_map_p50_ms\": \(Format.fixed(result.inProcessMap.median, 3))",
            "  \"in_process_session_map_p50_ms\": \(Format.fixed(result.inProcessSession.median, 3))",
        ]
        for (name, f) in result.builds {
            lines.append(
                "  \"\(name)\": {\"map_p50_ms\": \(Format.fixed(f.map.median, 3)), \"map_run_p50_ms\": \(Format.fixed(f.mapRun.median, 3)), \"parks_first_ms\": \(Format.fixed(f.parksFirst, 3)), "
                    + "\"parks_p50_ms\": \(Format.fixed(f.parks.median, 3)), \"idle_cpu_percent\": \(Format.fixed(f.idleCPUPercent, 2))}")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
