import Formats
import ScreenModel

/// What a bundle holds, as `manifest.json` says it: the park, the content's version, the
/// runtime API and the screen schema it needs, when it was made and until when an updater
/// takes it (``expires``), and every file with its SHA-256 and size.
///
/// ```json
/// {
///   "format": 1,
///   "park": "GOGA",
///   "version": 3,
///   "flowrun_api": 1,
///   "screen_schema": "flowrun/screen@1",
///   "created": "2026-11-27T13:40:00Z",
///   "expires": "2026-12-27T13:40:00Z",
///   "files": [
///     {"path": "flows/ar.lua", "sha256": "9f86d0…", "size": 3814}
///   ]
/// }
/// ```
///
/// The signature covers the file's exact bytes, so they are never re-encoded: a reader
/// checks the signature on the bytes first, then decodes them (``decode(_:file:limits:)``).
public struct BundleManifest: Sendable, Equatable {
    /// One file of the bundle.
    public struct File: Sendable, Equatable {
        /// Relative to the project root: `flows/home.lua`, `parks/GOGA/park.lua`.
        public var path: String
        /// SHA-256 of its bytes, 64 lowercase hex digits; also its object's name.
        public var sha256: String
        /// Its size in bytes.
        public var size: Int

        /// A file entry.
        /// - Parameters:
        ///   - path: relative to the project root.
        ///   - sha256: 64 lowercase hex digits.
        ///   - size: bytes.
        public init(path: String, sha256: String, size: Int) {
            self.path = path
            self.sha256 = sha256
            self.size = size
        }
    }

    /// The manifest format this flowrun writes and reads.
    public static let currentFormat = 1
    /// The screen schema this flowrun's screens follow, which it writes and accepts: `flowrun/screen@1`.
    public static let currentScreenSchema = Screen.schemaID

    /// The manifest's format (``currentFormat``).
    public var format: Int
    /// The park's code: `GOGA`.
    public var park: String
    /// The content's version: 1, 2, 3, ... Each publication of a park gets a greater one.
    public var version: Int
    /// The runtime API the content needs (`FlowRuntime.apiVersion` where it was made).
    public var api: Int
    /// The screen schema its flows return (`Screen.schemaID` where it was made: `flowrun/screen@1`).
    public var screenSchema: String
    /// When it was made (``ManifestTime``: `2026-11-27T13:40:00Z`), or nil in a manifest
    /// made before flowrun wrote one. `flowrun sync --not-before` refuses an older one.
    public var created: String?
    /// When it stops being current (``ManifestTime``), or nil in a manifest made before
    /// flowrun wrote expiries: `flowrun sync` refuses a manifest past it, so a mirror cannot
    /// serve an old version for ever (a freeze). A publisher publishes again before then.
    public var expires: String?
    /// Every file, sorted by path.
    public var files: [File]

    /// A manifest of the current format.
    /// - Parameters:
    ///   - park: the park's code.
    ///   - version: the content's version (from 1).
    ///   - api: the runtime API the content needs.
    ///   - screenSchema: the screen schema its flows return (default: ``currentScreenSchema``).
    ///   - created: a ``ManifestTime``, or nil for none (default).
    ///   - expires: a ``ManifestTime``, or nil for none (default).
    ///   - files: every file; kept sorted by path.
    public init(
        park: String, version: Int, api: Int, screenSchema: String = currentScreenSchema, created: String? = nil, expires: String? = nil,
        files: [File]
    ) {
        format = Self.currentFormat
        self.park = park
        self.version = version
        self.api = api
        self.screenSchema = screenSchema
        self.created = created
        self.expires = expires
        self.files = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Bytes of all files together.
    public var totalBytes: Int { files.reduce(0) { $0 + $1.size } }

    /// The manifest as `manifest.json` holds it: keys in a fixed order, one file per line,
    /// so the same manifest always gives the same bytes and a diff of two versions reads well.
    public func encoded() -> [UInt8] {
        var text = "{\n"
        text += "  \"format\": \(format),\n"
        text += "  \"park\": \(Self.jsonString(park)),\n"
        text += "  \"version\": \(version),\n"
        text += "  \"flowrun_api\": \(api),\n"
        text += "  \"screen_schema\": \(Self.jsonString(screenSchema)),\n"
        if let created { text += "  \"created\": \(Self.jsonString(created)),\n" }
        if let expires { text += "  \"expires\": \(Self.jsonString(expires)),\n" }
        text += "  \"files\": ["
        for (i, file) in files.enumerated() {
            text += i == 0 ? "\n" : ",\n"
            text += "    {\"path\": \(Self.jsonString(file.path)), \"sha256\": \(Self.jsonString(file.sha256)), \"size\": \(file.size)}"
        }
        text += files.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(text.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped.
    static func jsonString(_ string: String) -> String { JSONValue.quoted(string) }
}
