import Foundation

/// A Lua language server, EmmyLua's `emmylua_ls`, driven over stdio as an editor drives it
/// (LSP's JSON-RPC): it opens a workspace folder, which reads `.emmyrc.json` and the stubs in
/// `meta/`, waits until the workspace is indexed, then pulls each file's diagnostics. The
/// server is killed after `limit` seconds whatever it is doing, so a hang fails a test
/// instead of stopping the suite.
final class LuaLanguageServer {
    /// Where `Tests/EditorSupport/fetch` puts the server (bin/test runs it).
    static let executable = repositoryRoot.appendingPathComponent(".build/emmylua_ls-0.23.1/emmylua_ls")
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    /// One diagnostic, as `file:line: [code] message`.
    struct Diagnostic: CustomStringConvertible {
        var file: String
        var line: Int
        var code: String
        var message: String
        var description: String { "\(file):\(line): [\(code)] \(message)" }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let workspace: URL
    private let process = Process()
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private var received = Data()
    private var nextID = 1

    /// Starts the server on `workspace` and waits until it has indexed it.
    init(workspace: URL, limit: TimeInterval = 120) throws {
        self.workspace = workspace.standardizedFileURL
        process.executableURL = Self.executable
        process.currentDirectoryURL = workspace
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        try process.run()
        let process = self.process
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { if process.isRunning { process.terminate() } }

        let root = self.workspace.absoluteString
        _ = try request(
            "initialize",
            [
                "processId": NSNull(), "rootUri": root,
                "workspaceFolders": [["uri": root, "name": self.workspace.lastPathComponent]],
                "capabilities": [
                    "window": ["workDoneProgress": true],
                    "workspace": ["configuration": true],
                    "textDocument": ["diagnostic": [String: Any]()],
                ],
            ])
        try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        // The index is done when the server's "Load workspace" progress ends.
        _ = try readUntil { message in
            guard message["method"] as? String == "$/progress", let params = message["params"] as? [String: Any],
                let value = params["value"] as? [String: Any]
            else { return false }
            return value["kind"] as? String == "end"
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The diagnostics of `path` (relative to the workspace), as the server sees `text` (default:
    /// the file's contents); a text given is a file open in the editor, unsaved.
    func diagnostics(of path: String, text: String? = nil) throws -> [Diagnostic] {
        let url = workspace.appendingPathComponent(path)
        let contents = try text ?? String(contentsOf: url, encoding: .utf8)
        try send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": ["textDocument": ["uri": url.absoluteString, "languageId": "lua", "version": 1, "text": contents]],
        ])
        let result = try request("textDocument/diagnostic", ["textDocument": ["uri": url.absoluteString]])
        let items = (result as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.map { item in
            let start = (item["range"] as? [String: Any])?["start"] as? [String: Any]
            let code = item["code"].map { "\($0)" } ?? ""
            return Diagnostic(
                file: path, line: ((start?["line"] as? Int) ?? 0) + 1, code: code,
                message: (item["message"] as? String ?? "").trimmingCharacters(in: .whitespaces))
        }
    }

    // MARK: JSON-RPC

    private func request(_ method: String, _ params: [String: Any]) throws -> Any? {
        let id = nextID
        nextID += 1
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        let reply = try readUntil { $0["id"] as? Int == id && $0["method"] == nil }
        if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
        return reply["result"]
    }

    /// Reads messages until one satisfies `wanted`, answering the server's own requests on the way.
    private func readUntil(_ wanted: ([String: Any]) -> Bool) throws -> [String: Any] {
        while true {
            let message = try readMessage()
            if let method = message["method"] as? String, let id = message["id"] {
                try answer(method, id: id, params: message["params"])
            }
            if wanted(message) { return message }
        }
    }

    /// What an editor answers: an empty configuration per item asked (`.emmyrc.json` rules),
    /// and nothing to say to the rest (progress tokens, registrations).
    private func answer(_ method: String, id: Any, params: Any?) throws {
        var result: Any = NSNull()
        if method == "workspace/configuration" {
            let items = (params as? [String: Any])?["items"] as? [Any] ?? []
            result = items.map { _ in [String: Any]() }
        }
        try send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func send(_ message: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: message)
        toServer.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    private func readMessage() throws -> [String: Any] {
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let end = received.range(of: separator) {
                let header = String(decoding: received[received.startIndex..<end.lowerBound], as: UTF8.self)
                let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first
                guard let length else { throw Failure(description: "a message without Content-Length: \(header)") }
                if received.count - (end.upperBound - received.startIndex) >= length {
                    let body = received[end.upperBound..<(end.upperBound + length)]
                    received = Data(received[(end.upperBound + length)...])
                    guard let message = try JSONSerialization.jsonObject(with: body) as? [String: Any] else {
                        throw Failure(description: "a message that is not a JSON object")
                    }
                    return message
                }
            }
            let more = fromServer.fileHandleForReading.availableData
            if more.isEmpty { throw Failure(description: "emmylua_ls stopped (or ran past its time limit)") }
            received.append(more)
        }
    }
}
