#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif
public import ScreenModel

/// Renders a screen as the JSON app clients read (`schema/screen.schema.json`):
/// pretty-printed, keys sorted, slashes unescaped, empty lists and objects as `[]` and `{}`,
/// one trailing newline.
///
/// The screen is written as given; call ScreenModel's `Screen.assigningActionIDs()` first when
/// clients or `--follow` need every action numbered.
public struct JSONRenderer: ScreenRenderer {
    /// Creates a JSON renderer; it has no options.
    public init() {}

    /// The screen as JSON text with a trailing newline: the same bytes as ``encode(_:)``
    /// gives for it, written directly rather than through JSONEncoder (about 30 times faster
    /// on a map screen, most of whose bytes are its boundary's numbers).
    /// - Parameter screen: the screen to write.
    public func render(_ screen: Screen) -> String {
        // A map screen is tens of kilobytes; starting there saves most of the buffer's regrowth.
        var json = PrettyJSON(capacity: 16 * 1024)
        screen.write(to: &json)
        return json.finishedText()
    }

    /// The screen as one line of compact JSON, no newline: JSONEncoder's bytes with
    /// `.sortedKeys, .withoutEscapingSlashes` and NaN as ``render(_:)`` writes it (what a live session's JSON lines carry,
    /// `SessionOutput.jsonLine`), written directly as ``render(_:)`` writes.
    /// - Parameter screen: the screen to write.
    public static func line(_ screen: Screen) -> String {
        var json = PrettyJSON(capacity: 16 * 1024, compact: true)
        screen.write(to: &json)
        return json.text()
    }

    /// An action (what `--follow` ends on, an app's external action) with a trailing
    /// newline: the same bytes as ``encode(_:)`` gives for it, through the same writer as screens.
    /// - Parameter action: the action to write.
    public func render(_ action: Action) -> String {
        var json = PrettyJSON(capacity: 256)
        action.write(to: &json)
        return json.finishedText()
    }

    /// Any value in the same JSON style, with a trailing newline, through Foundation's
    /// JSONEncoder: the reference the fast writer is tested against (`ScreenJSONTests`).
    /// - Parameter value: the value to write.
    /// - Returns: the JSON text; a value whose own `encode(to:)` throws gives
    ///   `{"error": "cannot encode: ..."}` rather than a trap.
    public static func encode(_ value: some Encodable) -> String {
        do {
            return try Self.encoded(value) + "\n"
        } catch {
            // Unreachable for screens built from the model; kept as data rather than a trap.
            let failure = (try? Self.encoded(["error": "cannot encode: \(error)"])) ?? "{}"
            return failure + "\n"
        }
    }

    private static func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // A validated screen has only finite numbers; an unvalidated NaN must not abort rendering.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        return String(decoding: collapsingEmptyContainers(try encoder.encode(value)), as: UTF8.self)
    }

    /// `"items" : [\n\n  ]` as `"items" : []` (and the same for `{}`), in one pass over the
    /// bytes. Safe on encoder output: a newline inside a JSON string is always escaped, so
    /// an opener followed by two newlines is an empty container.
    static func collapsingEmptyContainers(_ json: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(json)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            out.append(byte)
            index += 1
            let closer: UInt8
            switch byte {
            case UInt8(ascii: "["): closer = UInt8(ascii: "]")
            case UInt8(ascii: "{"): closer = UInt8(ascii: "}")
            default: continue
            }
            // JSONEncoder writes an empty container as its opener, two newlines, the indent, its closer.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\n"), bytes[index + 1] == UInt8(ascii: "\n") else { continue }
            var end = index + 2
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") { end += 1 }
            if end < bytes.count, bytes[end] == closer {
                out.append(closer)
                index = end + 1
            }
        }
        return out
    }
}
