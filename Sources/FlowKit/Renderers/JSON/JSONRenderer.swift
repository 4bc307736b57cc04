#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import ScreenModel

/// Renders a screen as the JSON app clients read (`schema/screen.schema.json`):
/// pretty-printed, keys sorted, slashes unescaped, one trailing newline.
///
/// The screen is written as given; call ScreenModel's `Screen.assigningActionIDs()` first when
/// clients or `--follow` need every action numbered.
public struct JSONRenderer: ScreenRenderer {
    /// Creates a JSON renderer; it has no options.
    public init() {}

    /// The screen as JSON text with a trailing newline.
    /// - Parameter screen: the screen to write.
    public func render(_ screen: Screen) -> String {
        Self.encode(screen)
    }

    /// Any value in the same JSON style (an action, a park list), with a trailing newline.
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
        return collapsingEmptyContainers(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// `"items" : [\n\n  ]` as `"items" : []` (and the same for `{}`). Safe on
    /// encoder output: a newline inside a JSON string is always escaped.
    private static func collapsingEmptyContainers(_ json: String) -> String {
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [Substring] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if index + 2 < lines.count, let opener = line.last, opener == "[" || opener == "{",
               lines[index + 1].allSatisfy(\.isWhitespace) {
                let closer = lines[index + 2].drop { $0 == " " }
                if closer == (opener == "[" ? "]" : "}") || closer == (opener == "[" ? "]," : "},") {
                    out.append(line + closer)
                    index += 3
                    continue
                }
            }
            out.append(line)
            index += 1
        }
        return out.joined(separator: "\n")
    }
}
