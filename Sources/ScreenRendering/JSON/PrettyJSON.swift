/// Writes JSON byte for byte as `JSONRenderer.encode` does (Foundation's JSONEncoder with
/// `.prettyPrinted, .sortedKeys, .withoutEscapingSlashes`, NaN and infinities as the strings
/// `"NaN"`, `"Infinity"`, `"-Infinity"`, then empty containers collapsed to `[]` and `{}`),
/// straight into a byte buffer: no value tree, no key sort, no second pass.
///
/// The format, as the encoder writes it on Linux (swift-foundation's JSONWriter):
/// - members one per line, indented two spaces per level, separated by `,\n`; an object's
///   member is `"key" : value`; a non-empty container closes on its own line at its
///   opener's indent; an empty one is `[]` or `{}`;
/// - keys in the order of their UTF-8 bytes (not Darwin's NSString order). The writers of
///   the model types (`ScreenJSON*.swift`) emit their fixed keys in that order by hand;
///   only `args` has keys known at run time, and ``sortedObject(_:)`` sorts those;
/// - strings escape `"` and `\` with a backslash, the C0 controls as `\b \f \n \r \t` or
///   `\u00xx` (lowercase hex), and nothing else (not `/`, not DEL, not non-ASCII);
/// - a finite Double is its `description` less a trailing `.0` (`3`, `-0`, `1e-05`,
///   `-122.45529232558141`); an Int is its decimal digits.
///
/// `ScreenJSONTests` holds this to JSONEncoder's bytes on every golden screen and on
/// randomized ones, so a difference in the rules above, or a field the writers miss, fails there.
///
/// It is the one writer of every JSON the project serves in this style (``JSONRenderer``, and
/// the preview's park list, flow list and errors): a caller writes its fixed keys in UTF-8 order.
/// Made `compact`, it writes JSONEncoder's output without `.prettyPrinted` instead (no
/// newlines or indent, `"key":value`): a live session's JSON lines.
public struct PrettyJSON: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Nesting level of the container being written.
    private var depth = 0
    /// Whether the container being written has a member yet (the next one needs a comma).
    private var hasMember = false
    /// Whether members go on one line, with no space around the colon.
    private let compact: Bool

    /// An empty writer.
    /// - Parameters:
    ///   - capacity: bytes to reserve (default 0).
    ///   - compact: JSONEncoder's compact form rather than its pretty one (default false).
    public init(capacity: Int = 0, compact: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.compact = compact
    }

    // MARK: Containers

    /// An object whose body writes its members with `field…` in sorted key order.
    public mutating func object(_ body: (inout PrettyJSON) -> Void) {
        open(.openBrace)
        body(&self)
        close(.closeBrace)
    }

    /// An array whose body writes its elements with ``element(_:)`` (a coordinate's two
    /// numbers, without an array to hold them).
    public mutating func array(_ body: (inout PrettyJSON) -> Void) {
        open(.openBracket)
        body(&self)
        close(.closeBracket)
    }

    /// A number as the next element of the array being written.
    public mutating func element(_ value: Double) {
        startMember()
        number(value)
    }

    /// An array of `elements`, each written by `write`.
    public mutating func array<C: Collection>(_ elements: C, _ write: (inout PrettyJSON, C.Element) -> Void) {
        open(.openBracket)
        for element in elements {
            startMember()
            write(&self, element)
        }
        close(.closeBracket)
    }

    /// An object of run-time keys (a `go` action's `args`), sorted by their UTF-8 bytes as
    /// JSONEncoder sorts them.
    mutating func sortedObject(_ members: [String: String]) {
        open(.openBrace)
        for (key, value) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            startMember()
            string(key)
            colon()
            string(value)
        }
        close(.closeBrace)
    }

    private mutating func open(_ opener: UInt8) {
        bytes.append(opener)
        depth += 1
        hasMember = false
    }

    /// Closes the container; one with no member stays on its opener's line (`[]`).
    private mutating func close(_ closer: UInt8) {
        depth -= 1
        if hasMember { lineBreak(comma: false) }
        bytes.append(closer)
        // The enclosing container now has this one as a member.
        hasMember = true
    }

    /// The separator before a member: `,` after the previous one, then a new line and indent.
    private mutating func startMember() {
        lineBreak(comma: hasMember)
        hasMember = true
    }

    /// `,` (when asked), a newline and the indent of `depth`, in one append: indent is 60 %
    /// of a map screen's bytes, and written a byte at a time it took an eighth of the render.
    private mutating func lineBreak(comma: Bool) {
        if compact {
            if comma { bytes.append(.comma) }
            return
        }
        let count = 2 + 2 * depth
        guard count <= Self.commaNewlineSpaces.count else {
            if comma { bytes.append(.comma) }
            bytes.append(.newline)
            bytes.append(contentsOf: repeatElement(.space, count: 2 * depth))
            return
        }
        Self.commaNewlineSpaces.withUnsafeBufferPointer { separator in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: separator[(comma ? 0 : 1)..<count]))
        }
    }

    /// `,\n` and the spaces of 64 levels of indent, sliced by ``lineBreak(comma:)``.
    private static let commaNewlineSpaces: [UInt8] = [.comma, .newline] + Array(repeating: .space, count: 128)

    // MARK: Members of an object

    /// Starts member `key` (a model key: plain ASCII, nothing to escape).
    public mutating func key(_ key: StaticString) {
        startMember()
        bytes.append(.quote)
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(.quote)
        colon()
    }

    /// What separates a key from its value: ` : `, or `:` when compact.
    private mutating func colon() {
        if compact { bytes.append(UInt8(ascii: ":")) } else { append(" : ") }
    }

    /// Member `key` with a string, number or boolean value.
    public mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    public mutating func field(_ key: StaticString, _ value: Double) {
        self.key(key)
        number(value)
    }

    public mutating func field(_ key: StaticString, _ value: Int) {
        self.key(key)
        number(value)
    }

    public mutating func field(_ key: StaticString, _ value: Bool) {
        self.key(key)
        append(value ? "true" : "false")
    }

    mutating func field<T: PrettyJSONWritable>(_ key: StaticString, _ value: T) {
        self.key(key)
        value.write(to: &self)
    }

    mutating func field<T: PrettyJSONWritable>(_ key: StaticString, _ values: [T]) {
        self.key(key)
        array(values) { json, value in value.write(to: &json) }
    }

    /// As JSONEncoder's `encodeIfPresent`: nothing at all when nil.
    public mutating func fieldIfPresent(_ key: StaticString, _ value: String?) {
        if let value { field(key, value) }
    }

    public mutating func fieldIfPresent(_ key: StaticString, _ value: Double?) {
        if let value { field(key, value) }
    }

    public mutating func fieldIfPresent(_ key: StaticString, _ value: Int?) {
        if let value { field(key, value) }
    }

    public mutating func fieldIfPresent(_ key: StaticString, _ value: Bool?) {
        if let value { field(key, value) }
    }

    mutating func fieldIfPresent<T: PrettyJSONWritable>(_ key: StaticString, _ value: T?) {
        if let value { field(key, value) }
    }

    /// As the model's `encodeUnlessEmpty`: nothing at all when empty.
    mutating func fieldUnlessEmpty<T: PrettyJSONWritable>(_ key: StaticString, _ values: [T]) {
        if !values.isEmpty { field(key, values) }
    }

    mutating func fieldUnlessEmpty(_ key: StaticString, _ values: [String]) {
        if !values.isEmpty {
            self.key(key)
            array(values) { json, value in json.string(value) }
        }
    }

    // MARK: Values

    /// A string with JSONEncoder's escapes: runs of bytes that need none are copied whole.
    public mutating func string(_ value: String) {
        bytes.append(.quote)
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == .quote || byte == .backslash {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(byte)
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(.quote)
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(.backslash)
        switch byte {
        case .quote, .backslash: bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case .newline: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            append("u00")
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// A Double as JSONEncoder writes it: `description` without a trailing `.0`; NaN and
    /// the infinities as strings (the renderer's `nonConformingFloatEncodingStrategy`).
    public mutating func number(_ value: Double) {
        guard value.isFinite else {
            string(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return
        }
        var text = value.description
        text.withUTF8 { utf8 in
            let wholeNumber = utf8.count >= 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<(utf8.count - (wholeNumber ? 2 : 0))]))
        }
    }

    public mutating func number(_ value: Int) {
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// The JSON written, with the one trailing newline renderers end with.
    public mutating func finishedText() -> String {
        bytes.append(.newline)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The JSON written, without a trailing newline (a line of a JSON-lines stream).
    public func text() -> String { String(decoding: bytes, as: UTF8.self) }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }
}

/// A model type `PrettyJSON` can write: the same JSON as its `Encodable` conformance.
protocol PrettyJSONWritable {
    func write(to json: inout PrettyJSON)
}

private extension UInt8 {
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let comma = UInt8(ascii: ","), newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
}
