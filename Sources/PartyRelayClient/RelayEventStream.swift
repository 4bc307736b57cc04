import AsyncHTTPClient
import FlowKit
import Formats
import GeoKit
import NIOCore
import NetworkClient
import Synchronization

/// This member's alerts as the relay sends them: Server-Sent Events on
/// `GET /v1/parties/{party}/events`. The id of the last alert received is kept in the
/// client's folder, and every connection, a reconnection's or a restarted phone's, sends it as
/// `Last-Event-ID`: the relay then sends only what came after, so each alert arrives once and
/// none is missed. Comment lines (`: keep-alive`) are skipped.
public final class RelayEventStream: Sendable {
    private let last: Mutex<Int?>
    private let folder: RelayFolder
    static let fileName = "events.json"

    private struct Saved: Codable { var lastEventID: Int? }

    init(folder: RelayFolder) throws(RelayClientError) {
        self.folder = folder
        last = Mutex(try folder.read(Self.fileName, as: Saved.self)?.lastEventID)
    }

    /// The id of the last alert received.
    public var lastEventID: Int? { last.withLock { $0 } }

    /// How one connection ended.
    enum Ended: Sendable {
        /// The relay or the network closed it: connect again.
        case closed(String)
        /// The relay refuses this member: stop.
        case refused(RelayClientError)
    }

    /// Reads one connection until it ends, giving each new alert to `deliver` in order.
    func follow(
        _ http: RelayHTTP, credentials: RelayCredentials, connected: @Sendable () -> Void, deliver: @Sendable (RelayDelivery.Alert) -> Void
    )
        async -> Ended
    {
        let request = http.streamRequest("/v1/parties/\(credentials.party)/events", token: credentials.token, lastEventID: lastEventID)
        do {
            // No deadline for the whole answer: it lasts as long as the connection.
            let response = try await http.client.execute(request, timeout: .hours(24 * 365))
            guard response.status.code == 200 else {
                let bytes = try await response.body.collect(upTo: 64 << 10)
                let json = (try? JSONValue.parse(String(buffer: bytes))) ?? .null
                let answer = RelayHTTP.Answer(status: Int(response.status.code), json: json, retryAfter: nil)
                let refusal = answer.refusal ?? .badAnswer("HTTP \(response.status.code)")
                return (500..<600).contains(Int(response.status.code)) || response.status.code == 429
                    ? .closed(refusal.description) : .refused(refusal)
            }
            connected()
            var parser = ServerSentEvents()
            for try await chunk in response.body {
                for event in parser.feed(chunk.readableBytesView) where event.type == "alert" {
                    guard let id = event.id, id > (lastEventID ?? 0), let alert = Self.alert(event.data, id: id) else { continue }
                    deliver(alert)
                    remember(id)
                }
            }
            return .closed("the relay closed the stream")
        } catch {
            return .closed(NetworkErrorText.describe(error))
        }
    }

    private func remember(_ id: Int) {
        last.withLock { $0 = max($0 ?? 0, id) }
        // Lost only if the phone dies now: then the relay sends this alert once more.
        try? folder.write(Self.fileName, Saved(lastEventID: lastEventID))
    }

    /// An alert's `data` (`{id, kind, time, member, name, other?, zone?, lat?, lon?, distance?}`).
    static func alert(_ data: String, id: Int) -> RelayDelivery.Alert? {
        guard let json = try? JSONValue.parse(data), let kind = json["kind"]?.stringValue, let time = json["time"]?.numberValue,
            let member = json["member"]?.stringValue
        else { return nil }
        var alert = RelayDelivery.Alert(id: id, kind: kind, time: time, member: member)
        alert.other = json["other"]?.stringValue
        alert.zone = json["zone"]?.stringValue
        if let lat = json["lat"]?.numberValue, let lon = json["lon"]?.numberValue { alert.position = Coordinate(latitude: lat, longitude: lon) }
        alert.distance = json["distance"]?.numberValue
        return alert
    }
}

/// A Server-Sent Events reader (the WHATWG format): lines in, events out at each blank line;
/// `id:`, `event:` and `data:` fields, comments (`:`) skipped, `\n`, `\r\n` or `\r` endings.
struct ServerSentEvents {
    struct Event: Equatable {
        var id: Int?
        var type: String
        var data: String
    }

    /// A line longer than this is dropped (the relay's are a few hundred bytes).
    static let maxLine = 1 << 20
    private var line: [UInt8] = []
    private var id: Int?
    private var type = ""
    private var data: [String] = []
    private var afterCR = false

    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Event] {
        var events: [Event] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0A || byte == 0x0D {
                afterCR = byte == 0x0D
                if let event = end() { events.append(event) }
            } else if line.count < Self.maxLine {
                line.append(byte)
            }
        }
        return events
    }

    /// A line ends: a field, or at a blank line the event.
    private mutating func end() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            defer { (type, data) = ("", []) }
            guard !data.isEmpty else { return nil }
            return Event(id: id, type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"))
        }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix(":") { return nil }
        let name = text.prefix { $0 != ":" }
        var value = text.dropFirst(name.count).dropFirst()
        if value.hasPrefix(" ") { value = value.dropFirst() }
        switch name {
        case "id": id = Int(value)
        case "event": type = String(value)
        case "data": data.append(String(value))
        default: break
        }
        return nil
    }
}
