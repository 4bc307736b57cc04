import Formats
import GeoKit
import ScreenModel

extension BundleManifest {
    /// The manifest's fields, in the order `manifest.json` holds them.
    static let fieldNames = ["format", "park", "version", "flowrun_api", "screen_schema", "created", "expires", "files"]
    /// The fields a manifest may leave out: one made before flowrun wrote its times has
    /// neither (an updater refuses one without `expires` unless told otherwise).
    static let optionalFieldNames: Set = ["created", "expires"]
    /// A file entry's fields.
    static let fileFieldNames = ["path", "sha256", "size"]

    /// Decodes `manifest.json` and checks it: every field present (`created` and `expires`
    /// may be left out) with its type and no other, no key given twice at any level, each time
    /// a ``ManifestTime``, the format one this flowrun reads, every path safe
    /// (`BundlePath`), no path twice, and every limit kept. The runtime API and the screen
    /// schema it needs are the verifier's to judge.
    /// - Parameters:
    ///   - bytes: the file's bytes.
    ///   - file: the file as messages name it: `dist/GOGA/manifest.json`.
    ///   - limits: the ceilings (default ``BundleLimits/init(maxFiles:maxFileBytes:maxTotalBytes:maxManifestBytes:maxPathBytes:)``).
    /// - Throws: ``BundleError`` naming the field: `files[3].sha256: expected 64 lowercase
    ///   hex digits, got 'xyz'` (``BundleError/Reason/malformed``), or
    ///   ``BundleError/Reason/unsupported``, ``BundleError/Reason/unsafePath``,
    ///   ``BundleError/Reason/tooLarge``.
    public static func decode(_ bytes: [UInt8], file: String, limits: BundleLimits = BundleLimits()) throws(BundleError) -> BundleManifest {
        guard bytes.count <= limits.maxManifestBytes else {
            throw BundleError(.tooLarge, file: file, "\(bytes.count) bytes, over the limit of \(BundleLimits.text(limits.maxManifestBytes)) for a manifest")
        }
        let reader = FieldReader(file: file)
        let root = try json(bytes, file: file)
        let top = try reader.object(root, at: nil, fields: fieldNames, optional: optionalFieldNames)
        let format = try reader.integer(top["format"], at: "format", in: 1...Int.max)
        guard format == currentFormat else {
            throw BundleError(
                .unsupported, file: file, field: "format",
                "format \(format) is not one this flowrun reads (it reads \(currentFormat)); a newer flowrun made this bundle")
        }
        let park = try reader.string(top["park"], at: "park")
        guard BundlePath.isParkCode(park) else {
            throw BundleError(.malformed, file: file, field: "park", "\(Excerpt.quoted(park)) is not a park code (1 to 32 letters, digits, '_' or '-')")
        }
        var manifest = BundleManifest(
            park: park,
            version: try reader.integer(top["version"], at: "version", in: 1...BundlePath.maxVersion),
            api: try reader.integer(top["flowrun_api"], at: "flowrun_api", in: 1...Int(Int32.max)),
            screenSchema: try reader.string(top["screen_schema"], at: "screen_schema"),
            created: try top["created"].map { value throws(BundleError) in try reader.time(value, at: "created") },
            expires: try top["expires"].map { value throws(BundleError) in try reader.time(value, at: "expires") },
            files: [])
        if let created = manifest.created, let expires = manifest.expires, expires <= created {
            // One spelling per moment: the texts compare as the times do.
            throw BundleError(.malformed, file: file, field: "expires", "\(expires) is not after created \(created)")
        }
        guard case .array(let entries)? = top["files"] else {
            throw reader.typeError(top["files"], at: "files", expected: "an array of {path, sha256, size}")
        }
        guard entries.count <= limits.maxFiles else {
            throw BundleError(.tooLarge, file: file, field: "files", "\(entries.count) files, over the limit of \(limits.maxFiles)")
        }
        var files: [File] = []
        files.reserveCapacity(entries.count)
        var total = 0
        var seen = Set<String>()
        for (index, entry) in entries.enumerated() {
            let at = "files[\(index + 1)]"
            let fields = try reader.object(entry, at: at, fields: fileFieldNames)
            let path = try reader.string(fields["path"], at: "\(at).path")
            if let problem = BundlePath.problem(path, park: park, limits: limits) {
                throw BundleError(.unsafePath, file: file, field: "\(at).path", problem)
            }
            guard seen.insert(path).inserted else {
                throw BundleError(.unsafePath, file: file, field: "\(at).path", "\(Excerpt.quoted(path)) is listed twice")
            }
            let sha256 = try reader.string(fields["sha256"], at: "\(at).sha256")
            guard BundlePath.isSHA256(sha256) else {
                throw BundleError(.malformed, file: file, field: "\(at).sha256", "expected 64 lowercase hex digits, got \(Excerpt.quoted(sha256))")
            }
            let size = try reader.integer(fields["size"], at: "\(at).size", in: 0...Int(Int64.max >> 1))
            guard size <= limits.maxFileBytes else {
                throw BundleError(
                    .tooLarge, file: file, field: "\(at).size",
                    "\(size) bytes (\(Excerpt.quoted(path))), over the limit of \(BundleLimits.text(limits.maxFileBytes)) for one file")
            }
            total += size
            guard total <= limits.maxTotalBytes else {
                throw BundleError(
                    .tooLarge, file: file, field: "files",
                    "the files add up to more than the limit of \(BundleLimits.text(limits.maxTotalBytes)) (at \(at))")
            }
            files.append(File(path: path, sha256: sha256, size: size))
        }
        if let clash = BundlePath.fileAlsoFolder(seen) {
            throw BundleError(.unsafePath, file: file, field: "files", "\(Excerpt.quoted(clash)) is both a file and a folder")
        }
        manifest.files = files  // kept in the file's order: the bytes are what was signed
        return manifest
    }

    /// The manifest's JSON, strictly: a key given twice at any level is refused (naming its
    /// field), since two readers of the signed bytes must never see two different values.
    private static func json(_ bytes: [UInt8], file: String) throws(BundleError) -> JSONValue {
        let parsed = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, JSONScanner.SyntaxError> in
            var scanner = JSONScanner(buffer)
            scanner.refusesDuplicateKeys = true
            do throws(JSONScanner.SyntaxError) { return .success(try scanner.parseDocument()) } catch { return .failure(error) }
        }
        switch parsed {
        case .success(let value):
            return value
        case .failure(let error):
            let (line, column) = bytes.withUnsafeBufferPointer { JSONScanner.lineAndColumn(of: error.offset, in: $0) }
            if let field = error.field {
                throw BundleError(.malformed, file: file, field: field, "given twice (line \(line), column \(column)); a manifest gives each field once")
            }
            throw BundleError(.malformed, file: file, "not JSON: \(error.message) (line \(line), column \(column))")
        }
    }
}

/// Reads typed fields out of a decoded JSON tree, each error naming its field.
private struct FieldReader {
    let file: String

    func object(_ value: JSONValue?, at field: String?, fields known: [String], optional: Set<String> = []) throws(BundleError) -> [String: JSONValue] {
        guard case .object(let members)? = value else {
            throw typeError(value, at: field, expected: "an object")
        }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            let name = field.map { "\($0).\(unknown)" } ?? unknown
            throw BundleError(.malformed, file: file, field: name, "unknown field (the fields are \(known.joined(separator: ", ")))")
        }
        if let missing = known.first(where: { members[$0] == nil && !optional.contains($0) }) {
            throw BundleError(.malformed, file: file, field: field.map { "\($0).\(missing)" } ?? missing, "missing")
        }
        return members
    }

    func string(_ value: JSONValue?, at field: String) throws(BundleError) -> String {
        guard case .string(let text)? = value else { throw typeError(value, at: field, expected: "a string") }
        return text
    }

    func time(_ value: JSONValue?, at field: String) throws(BundleError) -> String {
        let text = try string(value, at: field)
        guard ManifestTime.date(text) != nil else {
            throw BundleError(.malformed, file: file, field: field, "expected a UTC time such as 2026-11-27T13:40:00Z, got \(Excerpt.quoted(text))")
        }
        return text
    }

    func integer(_ value: JSONValue?, at field: String, in range: ClosedRange<Int>) throws(BundleError) -> Int {
        guard case .number(let number)? = value else { throw typeError(value, at: field, expected: "a whole number") }
        guard number.rounded() == number, number.magnitude < 9.0e15, range.contains(Int(number)) else {
            let shown = number.rounded() == number && number.magnitude < 9.0e15 ? String(Int(number)) : String(number)
            let upper = range.upperBound >= Int(Int32.max) ? "" : " to \(range.upperBound)"
            throw BundleError(.malformed, file: file, field: field, "expected a whole number from \(range.lowerBound)\(upper), got \(shown)")
        }
        return Int(number)
    }

    func typeError(_ value: JSONValue?, at field: String?, expected: String) -> BundleError {
        let got: String
        switch value {
        case nil: return BundleError(.malformed, file: file, field: field, "missing")
        case .null?: got = "null"
        case .bool?: got = "a boolean"
        case .number(let n)?: got = "the number \(n.rounded() == n && n.magnitude < 9.0e15 ? String(Int(n)) : String(n))"
        case .string(let s)?: got = "the string \(Excerpt.quoted(s))"
        case .array?: got = "an array"
        case .object?: got = "an object"
        }
        return BundleError(.malformed, file: file, field: field, "expected \(expected), got \(got)")
    }
}
