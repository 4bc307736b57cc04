import Foundation
import Testing

/// Where Lua 5.4.4's own test files are: never in the repository; `Tests/LuaSuite/fetch`
/// puts them here (CI runs it before `swift test`).
private let luaTestsFolder = repositoryRoot.appendingPathComponent(".build/lua-5.4.4-tests")
private let luaSuiteFolder = repositoryRoot.appendingPathComponent("Tests/LuaSuite")

/// Lua 5.4.4's test files, each run in the sandbox by `Tests/LuaSuite/run NAME`, which makes
/// the cut copy from `Tests/LuaSuite/cuts.txt` and runs it with `flowrun lua` and its limits.
@Suite struct LuaSuiteTests {
    /// The files cuts.txt lists (its unindented lines start with NAME.lua).
    static let files: [String] = {
        let list = (try? String(contentsOf: luaSuiteFolder.appendingPathComponent("cuts.txt"), encoding: .utf8)) ?? ""
        return list.split(separator: "\n").compactMap { line in
            guard let first = line.first, first != "#", first != " ",
                let word = line.split(separator: " ").first, word.hasSuffix(".lua")
            else { return nil }
            return String(word.dropLast(".lua".count))
        }
    }()

    @Test func theCutListNamesEighteenFiles() {
        #expect(Self.files.count == 18, "\(Self.files)")
    }

    // Enabled when .build/lua-5.4.4-tests exists: Tests/LuaSuite/fetch provides it.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: luaTestsFolder.path)), arguments: files)
    func passesInTheSandbox(_ name: String) throws {
        let process = Process()
        process.executableURL = luaSuiteFolder.appendingPathComponent("run")
        process.arguments = [name]
        process.currentDirectoryURL = repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["FLOWRUN"] = flowrunBinary.path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text.prefix(2000))")
    }
}
