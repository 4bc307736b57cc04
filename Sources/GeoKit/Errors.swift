public import Formats

/// An error from reading or validating geographic data. Its ``description`` says where the
/// problem is, in the forms:
///
/// - `parks/GOGA/sites.geojson:3:17: malformed JSON: expected ',' or '}' after an object member, got 'x'`
/// - `parks/GOGA/sites.geojson: feature 7 ('Alcatraz'): latitude 137.8 out of range [-90, 90]`
/// - `parks/GOGA/sites.geojson: file is empty`
/// - `tracks/yose.gpx:7:3: malformed XML: expected </trkseg>, got </trk> (<trkseg> opened at 4:1)`
/// - `tracks/yose.gpx: line 812: track point has no <time>; a replay needs times`
/// - `latitude 137.8 out of range [-90, 90]` (a coordinate checked outside any file)
///
/// Feature indexes count from 0, as in `jq '.features[7]'`; lines and columns count from 1.
public struct GeoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for callers that react differently to each.
    public enum Kind: Sendable, Hashable {
        /// A latitude or longitude is not finite or out of range, or text is not `LAT,LON`.
        case invalidCoordinate
        /// A number that is not a coordinate (a bearing, a distance, an ellipsoid parameter)
        /// is not finite or out of range.
        case invalidArgument
        /// The file could not be read (missing, a directory, no permission).
        case unreadableFile
        /// The file is empty or not well-formed JSON.
        case malformedJSON
        /// The file is empty or not well-formed XML (or XML that GeoKit does not read:
        /// a DOCTYPE, an encoding other than UTF-8).
        case malformedXML
        /// Well-formed JSON or XML that is not the expected GeoJSON or GPX, or a site,
        /// boundary or replay rule is broken.
        case invalidContent
    }

    /// What went wrong.
    public internal(set) var kind: Kind
    /// The problem itself, without its location: `latitude 137.8 out of range [-90, 90]`.
    public internal(set) var message: String
    /// The display path of the file given by the caller (`parks/GOGA/sites.geojson`), if any.
    public internal(set) var file: String?
    /// The 1-based line of the problem: a syntax error, or the GPX element at fault.
    public internal(set) var line: Int?
    /// The 1-based column (in Unicode scalars) of the problem. The description shows
    /// `file:line:column` only when both are known.
    public internal(set) var column: Int?
    /// The 0-based index of the feature in `features`, for content errors.
    public internal(set) var feature: Int?
    /// The feature's `name`, or else its `id`, shown after the index.
    public internal(set) var featureLabel: String?
    /// Where inside a geometry, outermost first: `["polygon 2", "ring 1", "position 3"]`.
    public internal(set) var parts: [String] = []

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The located message: `file:line:column: message` or
    /// `file: feature N ('label'): polygon 2, ring 1: message`.
    public var description: String {
        var text = ""
        if let file {
            text += file
            if let line, let column { text += ":\(line):\(column)" }
            text += ": "
        }
        if let feature {
            text += "feature \(feature + 1)"  // counted from 1, as people (and Lua) count
            if let featureLabel { text += " (\(Excerpt.quoted(featureLabel)))" }
            text += ": "
        }
        if !parts.isEmpty {
            text += parts.joined(separator: ", ") + ": "
        }
        return Excerpt.message(text + message)
    }

    // MARK: - Building located errors

    /// This error located in `file`, keeping any location it already has.
    func inFile(_ file: String) -> GeoError {
        var copy = self
        copy.file = copy.file ?? file
        return copy
    }

    /// This error located at feature `index`, keeping any feature it already names.
    func inFeature(_ index: Int, label: String?) -> GeoError {
        guard feature == nil else { return self }
        var copy = self
        copy.feature = index
        copy.featureLabel = label
        return copy
    }

    /// This error located inside the geometry part `part` (`ring 1`), outside any part it names.
    func within(_ part: String) -> GeoError {
        var copy = self
        copy.parts.insert(part, at: 0)
        return copy
    }

    /// This error with `suffix` after its message.
    func appending(_ suffix: String) -> GeoError {
        var copy = self
        copy.message += suffix
        return copy
    }

    /// A number as a message shows it: integers without `.0`, others in Swift's shortest form
    /// (`0`, `180.5`, `nan`); also for the command line's own messages.
    public static func text(_ number: Double) -> String { NumberText.message(number) }
}

extension GeoError {
    /// A read or syntax error from the Formats layer, with its location kept.
    package init(_ error: FormatError) {
        switch error.kind {
        case .unreadableFile: self.init(.unreadableFile, error.message)
        case .malformedJSON: self.init(.malformedJSON, error.message)
        case .malformedXML: self.init(.malformedXML, error.message)
        case .malformedCSV: self.init(.invalidContent, error.message)
        }
        file = error.file
        line = error.line
        column = error.column
    }
}

extension GeoError {
    /// What `body` returns, a Formats error it throws turned into GeoKit's.
    static func lifting<Value>(_ body: () throws(FormatError) -> Value) throws(GeoError) -> Value {
        do { return try body() } catch { throw GeoError(error) }
    }
}
