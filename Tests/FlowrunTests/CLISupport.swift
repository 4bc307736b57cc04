import Foundation
import Testing

/// The repository root (holds flows/ and parks/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The flowrun binary built next to this test bundle.
let flowrunBinary: URL = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var folder = exe.deletingLastPathComponent()
    // swift test runs <products>/flowrunPackageTests.xctest; the binary is in <products>.
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("flowrun")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return repositoryRoot.appendingPathComponent(".build/debug/flowrun")
}()

/// A copy of the project's flows/, parks/defaults.lua and park `code` in a temporary folder
/// (the caller removes it), without the park's sites.geojson: the park as `flowrun new park`
/// leaves it before any sites are published.
func projectWithoutSites(_ code: String) throws -> URL {
    let fm = FileManager.default
    let folder = fm.temporaryDirectory.appendingPathComponent("flowrun-nosites-\(UUID().uuidString)")
    try fm.createDirectory(at: folder.appendingPathComponent("parks"), withIntermediateDirectories: true)
    for item in ["flows", "parks/defaults.lua", "parks/\(code)"] {
        try fm.copyItem(at: repositoryRoot.appendingPathComponent(item), to: folder.appendingPathComponent(item))
    }
    try fm.removeItem(at: folder.appendingPathComponent("parks/\(code)/sites.geojson"))
    return folder
}

struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Where runs without `--profile` keep the visitor's store: a folder of this test process's
/// own, so a screen that reads the store (the map's remembered view) never depends on the
/// developer's own profile, and no test writes into it.
let isolatedDataHome = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-data-\(ProcessInfo.processInfo.processIdentifier)").path
/// Where those runs keep compiled flows (CompiledFlows): this test process's own too.
let isolatedCacheHome = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-cache-\(ProcessInfo.processInfo.processIdentifier)").path

/// Runs flowrun with `arguments` in `directory` (default: the repository), with `environment`
/// added to this process's (default: only `XDG_DATA_HOME`, set to ``isolatedDataHome``).
func flowrun(_ arguments: [String], in directory: URL = repositoryRoot, environment: [String: String] = [:]) throws -> CLIResult {
    let result = try runBytes(
        flowrunBinary.path, arguments, in: directory,
        environment: ["XDG_DATA_HOME": isolatedDataHome, "XDG_CACHE_HOME": isolatedCacheHome].merging(environment) { $1 })
    return CLIResult(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
}

/// Runs `executable` and keeps its standard output as bytes (Lua strings are bytes).
func runBytes(
    _ executable: String, _ arguments: [String], in directory: URL,
    environment: [String: String] = [:]
) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes are drained at once: a child that fills one (a megabyte of print) while the
    // other is read would wait for ever.
    let stderr = PipeDrain(err)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, String(decoding: stderr.wait(), as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// What was read, once the writer closed the pipe.
    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Compares `text` with Fixtures/<name>; `UPDATE_GOLDENS=1 swift test` rewrites the file.
func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = repositoryRoot.appendingPathComponent("Tests/FlowrunTests/Fixtures/\(name)")
    if ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" {
        try Data(text.utf8).write(to: file)
        return
    }
    let expected = try String(contentsOf: file, encoding: .utf8)
    #expect(text == expected, "golden \(name) differs; rerun with UPDATE_GOLDENS=1 and review the diff", sourceLocation: sourceLocation)
}

/// 2026-07-04 09:30 in San Francisco: every golden uses this clock.
let fixedTime = "2026-07-04T09:30:00-07:00"

/// `flowrun check` of every park unhurried: its own 60 s limit is for an author's machine, and a
/// debug build checking 64 parks beside the rest of the suite on 2 cores can come near it.
let checkEveryPark = ["check", "--deadline", "900"]

/// A temporary copy of the repository's `items` (default flows/ and parks/), removed on deinit.
final class ProjectCopy {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-cli-\(UUID().uuidString)")

    init(_ items: [String] = ["flows", "parks"]) throws {
        try FileManager.default.createDirectory(at: url.appendingPathComponent("parks"), withIntermediateDirectories: true)
        for item in items {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(item), to: url.appendingPathComponent(item))
        }
    }

    /// The default flows and `parks` with none of their own scenarios, for tests that write
    /// the scenarios `flowrun test` runs.
    static func withoutScenarios(_ parks: [String]) throws -> ProjectCopy {
        let copy = try ProjectCopy(["flows", "parks/defaults.lua"] + parks.map { "parks/\($0)" })
        for code in parks {
            try? FileManager.default.removeItem(at: copy.url.appendingPathComponent("parks/\(code)/tests"))
        }
        return copy
    }

    /// Writes `text` to `path`, creating folders (git keeps no empty ones).
    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
