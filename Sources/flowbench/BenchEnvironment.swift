import FlowKit
import Foundation

/// The project being measured and the machine measuring it, for the report's header.
enum BenchEnvironment {
    /// `root` as an absolute path, checked to hold `flows/`, `parks/` and the park.
    /// - Throws: `BenchError.setup` saying what is missing.
    static func checkedRoot(_ root: String) throws(BenchError) -> String {
        let project = ProjectRoot(path: root)
        guard project.looksLikeProject else {
            throw .setup("--root \(root): no flows/ and parks/ folders in \(project.url.path) (run from the repository or pass --root DIR)")
        }
        guard project.exists("parks/GOGA/park.lua") else {
            throw .setup("--root \(root): parks/GOGA/park.lua is missing; the benchmarks run park GOGA")
        }
        return project.url.path
    }

    static func header(options: BenchOptions, root: String, park: String) -> String {
        let info = ProcessInfo.processInfo
        var lines = ["flowbench — flowrun benchmarks (release build)"]
        lines.append("  machine: \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString), \(cpuModel() ?? "unknown CPU")")
        lines.append("  data: park \(park) (\(siteCount(root: root, park: park)) sites) from \(root)")
        lines.append("  runs: median of \(options.runs) runs per in-process figure, \(options.spawns) spawns (+\(options.warmups) warm-ups) per command")
        lines.append("  noisy machine: compare ratios taken in the same run, not absolute figures across runs")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
    }

    private static func siteCount(root: String, park: String) -> String {
        guard let sites = try? ParkContent(code: park, root: ProjectRoot(path: root)).sites() else { return "?" }
        return Format.grouped(sites.count)
    }
}
