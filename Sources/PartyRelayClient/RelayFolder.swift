#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folder where a phone keeps what it owes and knows of its relay: the member's token
/// (`member.json`), the queue of reports (`outbox.json`) and the last alert received
/// (`events.json`). Each file is replaced whole and atomically, so a process killed while
/// writing leaves the previous version.
struct RelayFolder: Sendable {
    let path: String

    init(_ path: String) throws(RelayClientError) {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .storage("\(path): cannot make the relay client's folder (\(error.localizedDescription))")
        }
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// The value kept under `name`, or nil when there is none.
    /// - Throws: ``RelayClientError/storage(_:)`` for a file that is there but does not read.
    func read<Value: Decodable>(_ name: String, as type: Value.Type) throws(RelayClientError) -> Value? {
        let file = file(name)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            return try JSONDecoder().decode(Value.self, from: data)
        } catch {
            throw .storage("\(file): the relay client's \(name) does not read (\(error.localizedDescription))")
        }
    }

    /// Keeps `value` under `name`, replacing the file atomically.
    func write<Value: Encodable>(_ name: String, _ value: Value) throws(RelayClientError) {
        let file = file(name)
        do {
            let data = try JSONEncoder().encode(value)
            try data.write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw .storage("\(file): cannot write the relay client's \(name) (\(error.localizedDescription))")
        }
    }
}
