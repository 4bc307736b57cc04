/// An error from reading a file or its syntax: the file cannot be read, or its JSON or XML
/// is not well formed. Its ``description`` says where, as every project message does:
///
/// - `parks/GOGA/sites.geojson:3:17: malformed JSON: expected ',' or '}' after an object member, got 'x'`
/// - `tracks/yose.gpx: cannot read file: No such file or directory`
///
/// Lines and columns count from 1, columns in Unicode scalars. What the content means is the
/// reader's business above this layer: GeoKit turns these into its `GeoError`.
public struct FormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers that react differently to each.
    public enum Kind: Sendable, Hashable {
        /// The file could not be read (missing, a directory, no permission).
        case unreadableFile
        /// The text is empty or not well-formed JSON.
        case malformedJSON
        /// The text is empty or not well-formed XML (or XML these readers do not take: a
        /// DOCTYPE, an encoding other than UTF-8).
        case malformedXML
        /// The text is not CSV these readers take (``CSVTable``): a quote left open, or a row
        /// with another number of fields than the header.
        case malformedCSV
    }

    /// What went wrong.
    public var kind: Kind
    /// The problem itself, without its location.
    public var message: String
    /// The display path of the file given by the caller, if any.
    public var file: String?
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// The 1-based column (in Unicode scalars); the description shows `file:line:column`
    /// only when both are known.
    public var column: Int?

    /// An error of `kind` saying `message`, not yet located.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The located message: `file:line:column: message`, `file: message` or `message`.
    public var description: String {
        var text = ""
        if let file {
            text += file
            if let line, let column { text += ":\(line):\(column)" }
            text += ": "
        }
        return Excerpt.message(text + message)
    }

    /// This error located in `file`, keeping any file it already names.
    package func inFile(_ file: String) -> FormatError {
        var copy = self
        copy.file = copy.file ?? file
        return copy
    }
}
