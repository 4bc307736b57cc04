import Foundation
import Testing

/// A flowrun server process (`serve`, `preview`) on a free port (`--port 0`), its address
/// read from the line it prints first; stopped with Ctrl-C by ``stop()``, killed if left running.
final class ServerProcess {
    let process = Process()
    let port: Int
    let firstLine: String

    /// `flowrun serve` over a workspace's dist/.
    convenience init(in directory: URL, bundles: String = "dist") throws {
        try self.init(["serve", "--bundles", bundles], in: directory)
    }

    /// `flowrun ARGUMENTS --port 0` run in `directory`, allowed `openFiles` open files when given.
    init(_ arguments: [String], in directory: URL, openFiles: Int? = nil) throws {
        if let openFiles {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFiles) && exec \"$0\" \"$@\"", flowrunBinary.path] + arguments + ["--port", "0"]
        } else {
            process.executableURL = flowrunBinary
            process.arguments = arguments + ["--port", "0"]
        }
        process.currentDirectoryURL = directory
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        firstLine = String(decoding: line, as: UTF8.self)
        port = firstLine.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) } ?? -1
    }

    /// The server's root URL.
    var root: String { "http://127.0.0.1:\(port)/" }

    /// Ctrl-C, then waits; the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() } }
}

extension ProjectCopy {
    /// Replaces `old` with `new` in a file of the copy (it must be there).
    func edit(_ path: String, _ old: String, _ new: String) throws {
        let file = url.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }
}
