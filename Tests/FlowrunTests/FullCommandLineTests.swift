import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import FlowrunCommands

/// The lean flowrun and flowrun-full beside it (FullCommandLine): which command lines go over,
/// that they run there as flowrun would, and what the lean binary leaves out.
@Suite struct FullCommandLineTests {
    @Test func commandLinesThatNeedFlowrunFull() {
        for words in [
            ["preview"], ["--root", "x", "serve", "--port", "0"], ["sync", "--help"], ["help", "keys"], ["bundle", "--all"],
            ["--bundle", "dist/GOGA", "--park", "GOGA"], ["--park", "GOGA", "--cache=app"], ["--park", "GOGA", "--assets", "parks/GRTE/assets"],
            ["check", "--trust", "k.pub"],
        ] {
            #expect(FullCommandLine.needed(words), "\(words)")
        }
        for words in [
            ["--park", "GOGA", "home"], ["check"], ["--park", "GOGA", "sites", "--arg", "category=viewpoint"], ["live", "--park", "GOGA"], ["--help"],
        ] {
            #expect(!FullCommandLine.needed(words), "\(words)")
        }
    }

    /// The lean root lists flowrun-full's commands with their own abstracts, in the same place.
    @Test func leanHelpIsFullHelp() throws {
        let lean = try flowrun(["--help"])
        let full = try runBytes(flowrunBinary.deletingLastPathComponent().appendingPathComponent("flowrun-full").path, ["--help"], in: repositoryRoot)
        #expect(lean.status == 0 && full.status == 0)
        #expect(lean.stdout == String(decoding: full.stdout, as: UTF8.self))
        for command in FullCommandLine.Command.allCases { #expect(lean.stdout.contains("  \(command.rawValue) ")) }
    }

    /// A handed-over command line gets flowrun-full's own help, errors and exit codes.
    @Test func handedOverCommandsAnswerAsBefore() throws {
        let help = try flowrun(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--bundles <dir>"))
        let port = try flowrun(["serve", "--port", "99999"])
        #expect(port.status == 2)
        #expect(port.stderr.contains("--port must be 0...65535"))
        let bundle = try flowrun(["--bundle", "/nonexistent-bundle", "--park", "GOGA", "home"])
        #expect(bundle.status == 2)
        #expect(bundle.stderr.contains("/nonexistent-bundle"))
    }

    /// Without flowrun-full beside it, the lean flowrun still runs, and says what to build
    /// for a command that needs it (exit 2).
    @Test func missingFlowrunFullIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-lean-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lean = folder.appendingPathComponent("flowrun")
        try FileManager.default.copyItem(at: flowrunBinary, to: lean)
        let home = try runBytes(lean.path, ["--park", "GOGA", "home"], in: repositoryRoot, environment: ["XDG_DATA_HOME": isolatedDataHome])
        #expect(home.status == 0)
        let serve = try runBytes(lean.path, ["serve"], in: repositoryRoot)
        #expect(serve.status == 2)
        #expect(serve.stderr.contains("needs flowrun-full"))
        #expect(serve.stderr.contains("swift build -c release --product flowrun-full"))
        #expect(serve.stdout.isEmpty)
    }

    /// What makes the lean binary lean: none of the servers', the HTTP client's or BoringSSL's
    /// code is linked into it (their module names would be in its symbols).
    @Test func leanBinaryLinksNoNetworkOrCrypto() throws {
        let binary = try Data(contentsOf: flowrunBinary, options: .alwaysMapped)
        let full = try Data(contentsOf: flowrunBinary.deletingLastPathComponent().appendingPathComponent("flowrun-full"), options: .alwaysMapped)
        for module in ["11Hummingbird", "15AsyncHTTPClient", "7NIOCore", "6Crypto", "6NIOSSL"] {
            #expect(!contains(binary, module), "flowrun links \(module)")
            #expect(contains(full, module), "flowrun-full lacks \(module): the check would prove nothing")
        }
    }

    /// Whether `data` holds `text`'s bytes (memchr then memcmp: Data's own search takes seconds here).
    private func contains(_ data: Data, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        return data.withUnsafeBytes { bytes in
            guard var at = bytes.baseAddress, let first = needle.first else { return false }
            let end = at + bytes.count
            while end - at >= needle.count, let hit = memchr(at, Int32(first), end - at) {
                if end - UnsafeRawPointer(hit) >= needle.count, memcmp(hit, needle, needle.count) == 0 { return true }
                at = UnsafeRawPointer(hit) + 1
            }
            return false
        }
    }
}
