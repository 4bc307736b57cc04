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

    static func header(runs: Int, spawns: Int, warmups: Int, root: String, park: String) -> String {
        let info = ProcessInfo.processInfo
        var lines = ["flowbench — flowrun benchmarks (release build)"]
        lines.append("  machine: \(info.activeProcessorCount) cores, \(info.operatingSystemVersionString), \(cpuModel() ?? "unknown CPU")")
        lines.append("  data: park \(park) (\(siteCount(root: root, park: park)) sites) from \(root)")
        lines.append("  runs: median of \(runs) runs per in-process figure, \(spawns) spawns (+\(warmups) warm-ups) per command")
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

    /// The peak resident memory of this process so far (VmHWM), in KiB; nil if unknown.
    static func ownPeakKiB() -> Int? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return Int(text.dropFirst(6).filter(\.isNumber))
            }
        }
        return nil
    }

    /// The 1, 5 and 15-minute load averages from /proc/loadavg ("2.31 2.10 1.95"), or "unknown".
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The absolute path of this executable, from /proc/self/exe.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension BenchEnvironment {
    /// The flowrun binary for a benchmark's optional cold runs: `option` (`--flowrun`), else
    /// the one next to this executable; nil when there is none or `option` is `none`.
    /// - Throws: `BenchError.badInput` when `option` names something that is not an executable file.
    static func optionalFlowrun(_ option: String?) throws(BenchError) -> String? {
        if option == "none" { return nil }
        if let option {
            guard FileManager.default.isExecutableFile(atPath: option) else { throw .badInput("--flowrun \(option): not an executable file") }
            return option
        }
        return sibling("flowrun")
    }

    /// The executable `name` next to this one (a binary built with it), or nil.
    static func sibling(_ name: String) -> String? {
        guard let own = ownExecutable() else { return nil }
        let path = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `body` on the concurrency pool and blocks this (main) thread until it is done:
    /// flowbench's commands are synchronous. An error that is not a `BenchError` becomes a
    /// setup error naming `what`.
    static func wait<T: Sendable>(_ what: String, _ body: @escaping @Sendable () async throws -> T) throws(BenchError) -> T {
        let outcome = BlockedOutcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { outcome.value = .success(try await body()) } catch { outcome.value = .failure(error) }
            done.signal()
        }
        done.wait()
        switch outcome.value {
        case .success(let value): return value
        case .failure(let error as BenchError): throw error
        case .failure(let error): throw .setup("\(what): \(error)")
        case nil: throw .setup("\(what): the benchmark did not finish")
        }
    }
}

/// What a task hands the thread that waits for it. Written by the task before it signals,
/// read after the wait: the semaphore orders the two, so no lock is needed.
private final class BlockedOutcome<T>: @unchecked Sendable {
    var value: Result<T, any Error>?
}
