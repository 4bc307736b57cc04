public import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
public import ScreenModel

extension SessionOutput {
    /// When it happened, seconds since 1970.
    public var time: Double {
        switch self {
        case .screen(let update): update.time
        case .event(let event): event.time
        case .failure(let failure): failure.time
        }
    }

    /// ``time`` as ISO 8601 with the offset of `zone` (`2019-07-31T18:03:57-07:00`).
    /// - Parameter zone: the park's time zone, usually.
    public func isoTime(in zone: ZoneRules) -> String {
        LocalTime(Date(timeIntervalSince1970: time.rounded(.down)), zone: zone).iso
    }

    /// The output as one line of JSON, no newline: what `flowrun live --format jsonl` prints and
    /// an app client of a session receives. `{"type": "screen", "at", "time", "flow", "handle",
    /// "screen"}`, `{"type": "event", "at", "time", "kind", "region"?, "name"?, "text"?,
    /// "detail"?, "state"?, "position"? ([lon, lat]), "added"?, "removed"?, "beacon"?, and for a
    /// party's "party" (its own kind), "member", "other"?, "distance"?, "to"?; "notify": true for one the visitor is told of at
    /// once, ``SessionEvent/notifies``}`, or for a flow that
    /// failed `{"type": "event", "kind": "error", "at", "time", "flow", "handle", "text"}`.
    /// - Parameters:
    ///   - zone: the time zone `at` is written in.
    ///   - writeScreen: writes a screen as one line of compact JSON (ScreenRendering's
    ///     `JSONRenderer.line`, which FlowKit does not link).
    public func jsonLine(in zone: ZoneRules, screen writeScreen: (Screen) -> String) -> String {
        var fields: [String] = []
        func add(_ key: String, _ value: String?) {
            if let value { fields.append("\(JSONValue.quoted(key)):\(JSONValue.quoted(value))") }
        }
        func raw(_ key: String, _ json: String) { fields.append("\(JSONValue.quoted(key)):\(json)") }
        switch self {
        case .screen(let update):
            add("type", "screen")
            add("at", isoTime(in: zone))
            raw("time", NumberText.message(time))
            add("flow", update.flow)
            raw("handle", String(update.handle))
            raw("screen", writeScreen(update.screen))
        case .event(let event):
            add("type", "event")
            add("at", isoTime(in: zone))
            raw("time", NumberText.message(time))
            add("kind", event.kind.rawValue)
            add("region", event.region)
            add("name", event.name)
            add("text", event.text)
            add("detail", event.detail)
            add("state", event.state)
            if let p = event.position { raw("position", "[\(NumberText.message(p.longitude)),\(NumberText.message(p.latitude))]") }
            if !event.added.isEmpty { raw("added", "[" + event.added.map(JSONValue.quoted).joined(separator: ",") + "]") }
            if !event.removed.isEmpty { raw("removed", "[" + event.removed.map(JSONValue.quoted).joined(separator: ",") + "]") }
            add("beacon", event.beacon)
            add("party", event.party)
            add("member", event.member)
            add("other", event.other)
            if let d = event.distance { raw("distance", NumberText.message(d)) }
            if !event.recipients.isEmpty { raw("to", "[" + event.recipients.map(JSONValue.quoted).joined(separator: ",") + "]") }
            if event.notifies { raw("notify", "true") }
        case .failure(let failure):
            add("type", "event")
            add("at", isoTime(in: zone))
            raw("time", NumberText.message(time))
            add("kind", "error")
            add("flow", failure.flow)
            raw("handle", String(failure.handle))
            add("text", failure.error.description)
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
