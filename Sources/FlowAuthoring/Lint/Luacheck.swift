public import FlowKit
import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs luacheck (Debian's `lua-check`) over a project's Lua files for `flowrun check`, when
/// it is on PATH. The project's `.luacheckrc` is used when it has one; otherwise flowrun's
/// own standard (``LuacheckGlobals``, as `flowrun stubs` writes it) with the same options.
public enum Luacheck {
    /// What linting came to: skipped, ran (with its warnings), or failed.
    public enum Outcome: Sendable, Equatable {
        /// luacheck is not on PATH: why nothing was linted.
        case skipped(String)
        /// Its warnings, `file:line:column: (W113) message`, paths relative to the root.
        case ran(files: Int, warnings: [String])
        /// luacheck itself failed (a broken .luacheckrc): its message.
        case failed(String)
    }

    /// The executable named `luacheck` in a folder of this process's PATH, if any.
    package static func executable() -> String? { executable(path: Environment.value("PATH")) }

    /// The executable named `luacheck` in a folder of `path` (PATH's form: folders joined by `:`), if any.
    static func executable(path: String?) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/luacheck"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Lints `paths` (relative to the root, those that exist) with the root as the current folder.
    /// - Returns: ``Outcome/skipped(_:)`` when luacheck is not on PATH, ``Outcome/failed(_:)``
    ///   when it could not run as configured, else its warnings (``Outcome/ran(files:warnings:)``).
    public static func run(root: ProjectRoot, paths: [String]) -> Outcome {
        guard let luacheck = executable() else {
            return .skipped("luacheck is not installed (Debian: apt install lua-check)")
        }
        let existing = paths.filter(root.exists)
        guard !existing.isEmpty else { return .ran(files: 0, warnings: []) }
        var config = root.url(".luacheckrc").path
        var temporary: URL?
        if !root.exists(".luacheckrc") {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-luacheckrc-\(UUID().uuidString)")
            do {
                try Data(try fallbackConfig().utf8).write(to: url)
            } catch {
                return .failed("cannot write luacheck's configuration: \(error)")
            }
            temporary = url
            config = url.path
        }
        defer { if let temporary { try? FileManager.default.removeItem(at: temporary) } }

        let ended: ChildProcess.Ended
        do {
            ended = try ChildProcess.run(
                luacheck, ["--formatter", "plain", "--codes", "--no-color", "--config", config, "--"] + existing, in: root.url.path)
        } catch {
            return .failed("cannot run \(luacheck): \(error.reason)")
        }
        let stdout = String(decoding: ended.output, as: UTF8.self)
        let stderr = String(decoding: ended.errors, as: UTF8.self)
        // 0: clean, 1: warnings, 2: errors (a syntax error is one); 3 and up: luacheck could not run.
        guard ended.status <= 2 else {
            let message = (stderr + stdout).trimmingWhitespace()
            return .failed("luacheck failed (exit \(ended.status)): \(TerminalText.line(message))")
        }
        // Syntax errors (E0xx) are left out: loading the file reports each already, with Lua
        // 5.4's own parser, and a mistake is listed once.
        let warnings = stdout.split(separator: "\n").map { TerminalText.line(String($0)) }.filter { !$0.contains(": (E0") }
        return .ran(files: existing.reduce(0) { $0 + luaFileCount(root.filePath($1)) }, warnings: warnings)
    }

    /// The repository's `.luacheckrc` settings, for a project without one: the generated
    /// standard inline instead of read from meta/ (a copy may have no meta/).
    static func fallbackConfig() throws(FlowError) -> String {
        "stds.flowrun = (function()\n\(try LuacheckGlobals.text())end)()\n" + options
    }

    /// The options `.luacheckrc` sets after the standard (why each: see that file).
    package static let options = """
        std = "flowrun"
        max_line_length = false
        unused_args = false
        files["parks/*/tests"] = { read_globals = { "scenario", "expect" } }
        files["tests"] = { read_globals = { "scenario", "expect" } }

        """

    private static func luaFileCount(_ path: String) -> Int {
        if path.hasSuffix(".lua") { return 1 }
        return FolderEntries.files(under: path).filter { $0.hasSuffix(".lua") }.count
    }
}

extension Luacheck.Outcome {
    /// The line `flowrun check` prints: `lint: 17 files, 0 warnings (luacheck)`.
    public var summary: String {
        switch self {
        case .skipped(let why): return "lint: skipped: \(why)"
        case .ran(let files, let warnings):
            return "lint: \(files) file\(files == 1 ? "" : "s"), \(warnings.count) warning\(warnings.count == 1 ? "" : "s") (luacheck)"
        case .failed: return "lint: failed"
        }
    }

    /// What the check lists after its problems: each warning, or why luacheck failed.
    public var messages: [String] {
        switch self {
        case .skipped: return []
        case .ran(_, let warnings): return warnings
        case .failed(let message): return [message]
        }
    }

    /// luacheck could not run as configured (a broken .luacheckrc): bad input.
    public var isBroken: Bool { if case .failed = self { return true } else { return false } }
}
