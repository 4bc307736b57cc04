import Foundation
import Testing

/// flowbench's command line, from outside: help exits 0, bad usage exits 2 with a message
/// naming the problem (ArgumentParser's 64 mapped to 2, as flowrun does).
@Suite struct FlowbenchUsageTests {
    @Test(arguments: [
        [], ["runtime"], ["cluster"], ["cluster-query"], ["geodesy"], ["geofence"], ["containment"],
        ["patterns"], ["readers"], ["render"], ["warm"], ["bundle"], ["preview"], ["preview-api"], ["sync"], ["store"], ["servers"],
    ])
    func helpExitsZero(subcommand: [String]) throws {
        let result = try flowbench(subcommand + ["--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: flowbench"))
    }

    @Test(arguments: [
        (["--runs", "x"], "The value 'x' is invalid for '--runs <n>'"),
        (["--runs", "0"], "--runs expects a whole number from 1 to 1000000000, got 0"),
        (["nosuch"], "'nosuch' is not a flowbench subcommand"),
        (["patterns", "--runs", "2"], "--runs expects a whole number from 5 to 1000, got 2"),
        (["geofence", "--bogus"], "Unknown option '--bogus'"),
        (["render", "--format", "pdf"], "--format expects text, json, json-encoder, svg, got 'pdf'"),
        (["render", "--json", "--against", "/bin/true"], "--json and --against cannot be combined"),
        (["warm", "--rounds", "0"], "--rounds expects a whole number from 1 to 1000, got 0"),
        (["preview", "--runs", "0"], "--runs expects a whole number from 1 to 10000, got 0"),
        (["warm", "--only", "home,nosuch"], "--only: no case 'nosuch'; cases are home, sites, search, map, ar, replay, runtime"),
        (["cluster-query", "--points", "x.f64", "--bbox", "1,2,3", "--zoom", "3"], "expected four numbers W,S,E,N"),
        (["cluster-query", "--points", "/nonexistent.f64", "--bbox", "-1,-1,1,1", "--zoom", "3"], "cannot read the file"),
        (["bundle", "--runs", "0"], "--runs expects a whole number from 1 to 100000, got 0"),
        (["bundle", "--flowrun", "/nonexistent"], "--flowrun /nonexistent: not an executable file"),
        (["sync", "--runs", "0"], "--runs expects a whole number from 1 to 100000, got 0"),
        (["store", "--spawns", "0"], "--spawns expects a whole number from 1 to 100000, got 0"),
        (["servers", "--held", "0"], "--held expects a whole number from 1 to 10000, got 0"),
        (["preview-api", "--gets", "0"], "--gets expects a whole number from 1 to 1000000, got 0"),
    ])
    func badUsageExitsTwo(arguments: [String], message: String) throws {
        let result = try flowbench(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func bundleReportsItsFigures() throws {
        // One run of each case, no cold processes: what the report holds, not how fast.
        let result = try flowbench(["bundle", "--park", "YOSE", "--runs", "1", "--flowrun", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowbench bundle: YOSE from a signed bundle vs from its folder (p50 of 1 runs)")
        #expect(lines.contains { $0.hasPrefix("  verify + load from memory + run home ") })
        let shipped = try bundledFiles(park: "YOSE")
        let objects = Set(try shipped.map { try Data(contentsOf: repositoryRoot.appendingPathComponent($0)) }).count
        #expect(lines.contains { $0.hasPrefix("  bundle: \(shipped.count) files in \(objects) objects, ") }, "\(lines)")
        #expect(!result.stdout.contains("cold processes"))
    }

    @Test func syncCountsOneRequestWithNoChangeAndOneObjectForAOneFlowChange() throws {
        // One run of each case, no cold processes: what the report holds, not how fast.
        let result = try flowbench(["sync", "--park", "YOSE", "--runs", "1", "--flowrun", "none"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowbench sync: YOSE from the project's server on 127.0.0.1 (p50 of 1 runs)")
        /// A row's requests and objects: the two numbers before its time ("95.47 ms").
        func counts(_ label: String) -> [String] {
            let row = lines.first { $0.hasPrefix("  \(label) ") } ?? ""
            return Array(row.split(separator: " ").suffix(4).prefix(2).map(String.init))
        }
        // Every object of the park's bundle and the probe flow the bench adds, with the
        // manifest and the signature.
        let shipped = try bundledFiles(park: "YOSE")
        let objects = Set(try shipped.map { try Data(contentsOf: repositoryRoot.appendingPathComponent($0)) }).count + 1
        #expect(counts("first sync (every object)") == ["\(objects + 2)", "\(objects)"])
        #expect(counts("no change (If-None-Match: 304)") == ["1", "0"])
        #expect(counts("one flow changed (verify, home's first run, switch)") == ["3", "1"])
        #expect(!result.stdout.contains("cold process"))
    }

    /// The files a bundle of `park` ships, as docs/operations.md, Bundles, says: every file of
    /// flows/, parks/defaults.lua, and every file of parks/<CODE>/ but tests/, hidden names
    /// left out. Counted here so a picture added to the park is no test edit.
    private func bundledFiles(park: String) throws -> [String] {
        func walk(_ folder: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent(folder).path)
                .filter { !$0.hasPrefix(".") && "\(folder)/\($0)" != "parks/\(park)/tests" }
                .flatMap { name -> [String] in
                    let path = "\(folder)/\(name)"
                    var isFolder: ObjCBool = false
                    _ = FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(path).path, isDirectory: &isFolder)
                    return isFolder.boolValue ? try walk(path) : [path]
                }
        }
        return try walk("flows") + ["parks/defaults.lua"] + walk("parks/\(park)")
    }

    @Test func negativeBoxEdgesAreValues() throws {
        // A western or southern edge starts with '-': it is the option's value, not an option.
        let result = try flowbench([
            "cluster-query", "--points", "parks/GOGA/sites.geojson",
            "--bbox", "-122.52,37.74,-122.40,37.82", "--zoom", "14",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("[\n  {\"type\": "))
    }
}

/// The repository root (holds parks/ and Tests/): Benchmarks/Tests/FlowbenchTests/ is three folders below it.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the flowbench built next to this test bundle, in the repository root.
func flowbench(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    var binary = repositoryRoot.appendingPathComponent("Benchmarks/.build/debug/flowbench")
    while folder.path != "/" {
        let candidate = folder.appendingPathComponent("flowbench")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { binary = candidate; break }
        folder = folder.deletingLastPathComponent()
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = repositoryRoot
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}
