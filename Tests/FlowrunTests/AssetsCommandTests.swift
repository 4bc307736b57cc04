import Foundation
import Testing

/// `flowrun --park GRTE onboarding --assets ...`: the screen on standard output as without
/// it, and on standard error the image sequencer's report, in priority order.
@Suite struct AssetsCommandTests {
    static let pictures = ["sky", "far", "near", "foreground", "dusk"].map { "onboarding/\($0).svg" }

    /// The report with its times and sizes as `N`: they change from run to run.
    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"[0-9][0-9,]* (ms|bytes)"#, with: "N $1", options: .regularExpression)
    }

    static func report(source: String, parallel: Int = 4, outcomes: [String]) -> String {
        var lines = ["images from \(source) (\(parallel) at a time, timeout N ms), in priority order:"]
        let stages = ["on screen", "on screen", "on screen", "on screen", "this screen"]
        for (i, picture) in pictures.enumerated() {
            let stage = stages[i].padding(toLength: 12, withPad: " ", startingAt: 0)
            lines.append("    \(i + 1)  \(stage) \(picture.padding(toLength: 25, withPad: " ", startingAt: 0))  \(outcomes[i])")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aFolderOfAssetsLoadsEveryLayer() throws {
        let plain = try flowrun(["--park", "GRTE", "onboarding", "--time", fixedTime])
        let result = try flowrun(["--park", "GRTE", "onboarding", "--time", fixedTime, "--assets", "parks/GRTE/assets"])
        #expect(result.status == 0)
        #expect(result.stdout == plain.stdout)
        let loaded = Array(repeating: "loaded at N ms (N bytes)", count: 5)
        #expect(
            Self.normalized(result.stderr) == Self.report(source: repositoryRoot.path + "/parks/GRTE/assets/", outcomes: loaded)
                + "images: 5 loaded, 0 replaced late, 0 kept their placeholder\n")
    }

    @Test func aMissingPictureKeepsItsPlaceholderAndSaysWhy() throws {
        let copy = try ProjectCopy()
        try FileManager.default.removeItem(at: copy.url.appendingPathComponent("parks/GRTE/assets/onboarding/dusk.svg"))
        let result = try flowrun(
            ["--park", "GRTE", "onboarding", "--assets", "parks/GRTE/assets", "--assets-parallel", "1", "--assets-timeout", "5000"],
            in: copy.url)
        #expect(result.status == 0)
        let folder = copy.url.standardizedFileURL.path + "/parks/GRTE/assets/"
        let outcomes = Array(repeating: "loaded at N ms (N bytes)", count: 4) + ["placeholder at N ms: \(folder)onboarding/dusk.svg: file not found"]
        #expect(
            Self.normalized(result.stderr) == Self.report(source: folder, parallel: 1, outcomes: outcomes)
                + "images: 4 loaded, 0 replaced late, 1 kept its placeholder\n")
    }

    @Test func aBaseURLServedByThePreview() throws {
        let process = Process()
        process.executableURL = flowrunBinary
        process.arguments = ["preview", "--port", "0"]
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.interrupt(); process.waitUntilExit() } }
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        let port = String(decoding: line, as: UTF8.self).split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
        let base = "http://127.0.0.1:\(port)/parks/GRTE/assets/"
        let result = try flowrun(["--park", "GRTE", "onboarding", "--assets", base, "--assets-parallel", "2"])
        #expect(result.status == 0)
        let loaded = Array(repeating: "loaded at N ms (N bytes)", count: 5)
        #expect(
            Self.normalized(result.stderr) == Self.report(source: base, parallel: 2, outcomes: loaded)
                + "images: 5 loaded, 0 replaced late, 0 kept their placeholder\n")
    }

    @Test(arguments: [
        (["--assets-parallel", "2"], "flowrun: --assets-parallel: needs --assets URL or --assets DIR\n"),
        (["--assets", "parks/GRTE/assets", "--assets-parallel", "0"], "flowrun: --assets-parallel: 0 out of range [1, 64]\n"),
        (["--assets", "parks/GRTE/assets", "--assets-timeout", "0"], "flowrun: --assets-timeout: 0 out of range [1, 600000] ms\n"),
        (
            ["--assets", "nowhere"],
            "flowrun: --assets: 'nowhere' is neither an http:// or https:// URL nor a folder (a park's assets/, as parks/GRTE/assets)\n"
        ),
    ])
    func badOptionsAreUsageErrors(options: [String], message: String) throws {
        let result = try flowrun(["--park", "GRTE", "onboarding"] + options)
        #expect(result.status == 2)
        #expect(result.stderr == message)
        #expect(result.stdout == "")
    }
}
