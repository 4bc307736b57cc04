import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats
import GeoKit

/// Reads an export (`flowrun/profile@1`, as ``ProfileExport`` writes it) for
/// ``ProfileImport``, checking every field as the `store` module checks what a flow
/// writes: an error names the file and the field (`pins[3].lat: 95 is not a latitude in
/// [-90, 90]`). A document of another schema, or with a key no export has, is foreign.
struct ExportReader {
    let file: String
    let limits: StoreLimits

    func document(_ json: String) throws(FlowError) -> ProfileExport.Document {
        let value: JSONValue
        do {
            value = try JSONValue.parse(json)
        } catch {
            throw .badContent(file: file, message: "not a profile export: \(error.message)")
        }
        let top = try object(
            value, "the export", required: ["schema"],
            optional: [
                "favorites", "visited", "pins", "settings", "party_alerts", "party_zones", "party_members", "party_watches",
            ])
        guard top["schema"]?.stringValue == ProfileExport.schemaID else {
            throw fail(
                "schema", "expected \"\(ProfileExport.schemaID)\", found \(top["schema"].map(\.description) ?? "nothing"): not an export of this flowrun")
        }
        var document = ProfileExport.Document()
        document.favorites = try list(top, "favorites") { o, path throws(FlowError) in
            ProfileExport.Favorite(park: try park(o, path), site: try text(o, "site", path), added: try time(o, "added", path))
        }
        document.visited = try list(top, "visited") { o, path throws(FlowError) in
            ProfileExport.Visit(park: try park(o, path), site: try text(o, "site", path), at: try time(o, "at", path))
        }
        document.pins = try list(top, "pins", optional: ["title", "note"]) { o, path throws(FlowError) in
            let photos = try list(o, "photos", at: path + ".", required: ["file", "added"]) { p, photoPath throws(FlowError) in
                let file = try text(p, "file", photoPath)
                if let problem = PhotoName.problem(file, limits: limits) { throw fail(photoPath + ".file", problem) }
                return ProfileExport.Photo(file: file, added: try time(p, "added", photoPath))
            }
            return ProfileExport.Pin(
                id: Int64(try number(o, "id", path, in: 0...9_007_199_254_740_991, whole: true)), park: try park(o, path),
                lat: try number(o, "lat", path, in: -90...90), lon: try number(o, "lon", path, in: -180...180),
                title: try optionalText(o, "title", path, max: limits.titleLength),
                note: try optionalText(o, "note", path, max: limits.noteLength, lines: true), created: try time(o, "created", path),
                photos: photos)
        }
        document.settings = try list(top, "settings") { o, path throws(FlowError) in
            let value = try field(o, "value", path)
            guard value.description.utf8.count <= limits.valueBytes else {
                throw fail(path + ".value", "\(value.description.utf8.count) bytes of JSON, more than the \(limits.valueBytes) a setting may hold")
            }
            return ProfileExport.Setting(
                park: try park(o, path), key: try text(o, "key", path, max: limits.keyLength), value: value, updated: try time(o, "updated", path))
        }
        document.party_alerts = try list(top, "party_alerts", optional: ["lat", "lon", "distance"]) { o, path throws(FlowError) in
            ProfileExport.PartyAlert(
                park: try park(o, path), party: try text(o, "party", path), recipient: try text(o, "recipient", path),
                kind: try text(o, "kind", path), time: try number(o, "time", path, in: 0...1e11), member: try text(o, "member", path),
                other: try text(o, "other", path, empty: true), zone: try text(o, "zone", path, empty: true),
                lat: try optionalNumber(o, "lat", path, in: -90...90), lon: try optionalNumber(o, "lon", path, in: -180...180),
                distance: try optionalNumber(o, "distance", path, in: 0...1e8))
        }
        try party(top, into: &document)
        return document
    }

    /// The party's changes and watches, each field checked as the `party` module checks what a flow writes.
    private func party(_ top: [String: JSONValue], into document: inout ProfileExport.Document) throws(FlowError) {
        document.party_zones = try list(top, "party_zones") { o, path throws(FlowError) in
            let spec = try field(o, "spec", path)
            guard spec.isNull || spec.objectValue != nil else { throw fail(path + ".spec", "expected a zone (an object) or null, found \(Self.kind(spec))") }
            if !spec.isNull, let problem = Self.zoneProblem(spec) { throw fail(path + ".spec", problem) }
            return ProfileExport.PartyZone(
                park: try park(o, path), party: try text(o, "party", path), zone: try text(o, "zone", path, max: limits.keyLength), spec: spec,
                updated: try time(o, "updated", path), by: try text(o, "by", path, max: limits.keyLength))
        }
        document.party_members = try list(top, "party_members") { o, path throws(FlowError) in
            let role = try text(o, "role", path)
            guard PartyRole(rawValue: role) != nil else { throw fail(path + ".role", "unknown role \(Excerpt.quoted(role)) (roles: \(PartyRole.list))") }
            let removed = try field(o, "removed", path)
            guard let gone = removed.boolValue else { throw fail(path + ".removed", "expected a boolean, found \(Self.kind(removed))") }
            return ProfileExport.PartyMember(
                park: try park(o, path), party: try text(o, "party", path), member: try text(o, "member", path, max: limits.keyLength),
                name: try text(o, "name", path, max: limits.titleLength), role: role, removed: gone, updated: try time(o, "updated", path),
                by: try text(o, "by", path, max: limits.keyLength))
        }
        document.party_watches = try list(top, "party_watches", optional: ["checked_in"]) { o, path throws(FlowError) in
            ProfileExport.PartyWatch(
                park: try park(o, path), party: try text(o, "party", path), member: try text(o, "member", path, max: limits.keyLength),
                started: try number(o, "started", path, in: 0...1e11), until: try number(o, "until", path, in: 0...1e11),
                checked_in: try optionalNumber(o, "checked_in", path, in: 0...1e11))
        }
    }

    /// The required fields of each kind of row, by the list it is in.
    private static let rowFields: [String: [String]] = [
        "favorites": ["park", "site", "added"], "visited": ["park", "site", "at"],
        "pins": ["id", "park", "lat", "lon", "created", "photos"], "settings": ["park", "key", "value", "updated"],
        "party_alerts": ["park", "party", "recipient", "kind", "time", "member", "other", "zone"],
        "party_zones": ["park", "party", "zone", "spec", "updated", "by"],
        "party_members": ["park", "party", "member", "name", "role", "removed", "updated", "by"],
        "party_watches": ["park", "party", "member", "started", "until"],
    ]

    /// Why `spec` is no zone `party.set_zone` would keep, or nil.
    private static func zoneProblem(_ spec: JSONValue) -> String? {
        let zone: RegionSpec
        do { zone = try JSONDecoder().decode(RegionSpec.self, from: Data(spec.description.utf8)) } catch { return "not a zone: \(error)" }
        do { _ = try zone.region(path: "zone") } catch { return error.message }
        return nil
    }

    // MARK: - Fields

    private func fail(_ path: String, _ message: String) -> FlowError { .badContent(file: file, message: "\(path): \(message)") }

    private func object(_ value: JSONValue, _ path: String, required: [String], optional: [String] = []) throws(FlowError) -> [String: JSONValue] {
        guard let fields = value.objectValue else { throw fail(path, "expected an object, found \(Self.kind(value))") }
        if let unknown = fields.keys.sorted().first(where: { !required.contains($0) && !optional.contains($0) }) {
            let hint = Excerpt.suggestion(for: unknown, in: required + optional).map { "; did you mean '\($0)'?" } ?? ""
            throw fail(path, "unknown key \(Excerpt.quoted(unknown))\(hint) (an export of another program or a newer flowrun?)")
        }
        if let missing = required.first(where: { fields[$0] == nil }) { throw fail(path, "missing \(Excerpt.quoted(missing))") }
        return fields
    }

    /// Each item of the list `key` (none when the key is absent), as an object with the
    /// list's fields, made by `make`.
    private func list<T>(
        _ fields: [String: JSONValue], _ key: String, at prefix: String = "", required: [String]? = nil, optional: [String] = [],
        _ make: ([String: JSONValue], String) throws(FlowError) -> T
    ) throws(FlowError) -> [T] {
        guard let value = fields[key] else { return [] }
        guard let items = value.arrayValue else { throw fail(prefix + key, "expected a list, found \(Self.kind(value))") }
        var out: [T] = []
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let path = "\(prefix)\(key)[\(i + 1)]"
            out.append(try make(try object(item, path, required: required ?? Self.rowFields[key] ?? [], optional: optional), path))
        }
        return out
    }

    private func field(_ fields: [String: JSONValue], _ key: String, _ path: String) throws(FlowError) -> JSONValue {
        guard let value = fields[key] else { throw fail("\(path).\(key)", "missing") }
        return value
    }

    private func text(
        _ fields: [String: JSONValue], _ key: String, _ path: String, max: Int = 200, lines: Bool = false, empty: Bool = false
    ) throws(FlowError) -> String {
        guard let value = fields[key] else { throw fail("\(path).\(key)", "missing") }
        guard let text = value.stringValue else { throw fail("\(path).\(key)", "expected a string, found \(Self.kind(value))") }
        guard empty || !text.isEmpty else { throw fail("\(path).\(key)", "must not be empty") }
        guard text.count <= max else { throw fail("\(path).\(key)", "\(text.count) characters, more than the \(max) allowed") }
        if let bad = text.unicodeScalars.first(where: { PhotoName.isControl($0, lines: lines) }) {
            throw fail("\(path).\(key)", "control character U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed")
        }
        return text
    }

    /// A text that may be absent or null.
    private func optionalText(_ fields: [String: JSONValue], _ key: String, _ path: String, max: Int, lines: Bool = false) throws(FlowError) -> String? {
        guard let value = fields[key], !value.isNull else { return nil }
        return try text(fields, key, path, max: max, lines: lines)
    }

    /// A park's code as the store keeps it: letters and digits, 2 to 12 of them.
    private func park(_ fields: [String: JSONValue], _ path: String) throws(FlowError) -> String {
        let code = try text(fields, "park", path, max: 12)
        guard code.count >= 2, code.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw fail("\(path).park", "\(Excerpt.quoted(code)) is not a park's code (2 to 12 capital letters and digits, like GOGA)")
        }
        return code
    }

    /// An ISO 8601 UTC time as the store writes it: `2026-07-04T16:30:00Z`. UTC only: the
    /// merge compares times as text, as the store's lists order them.
    private func time(_ fields: [String: JSONValue], _ key: String, _ path: String) throws(FlowError) -> String {
        let stamp = try text(fields, key, path, max: 40)
        guard stamp.hasSuffix("Z"), ISO8601Time.parse(zoned: stamp) != nil else {
            throw fail("\(path).\(key)", "\(Excerpt.quoted(stamp)) is not a time in ISO 8601 UTC (2026-07-04T16:30:00Z)")
        }
        return stamp
    }

    private func number(
        _ fields: [String: JSONValue], _ key: String, _ path: String, in range: ClosedRange<Double>, whole: Bool = false
    ) throws(FlowError) -> Double {
        guard let value = fields[key] else { throw fail("\(path).\(key)", "missing") }
        guard let number = value.numberValue else { throw fail("\(path).\(key)", "expected a number, found \(Self.kind(value))") }
        guard range.contains(number), !whole || number.rounded() == number else {
            throw fail(
                "\(path).\(key)",
                "\(value.description) is out of range: expected \(whole ? "a whole number" : "a number") in [\(range.lowerBound), \(range.upperBound)]")
        }
        return number
    }

    private func optionalNumber(_ fields: [String: JSONValue], _ key: String, _ path: String, in range: ClosedRange<Double>) throws(FlowError) -> Double? {
        guard let value = fields[key], !value.isNull else { return nil }
        return try number(fields, key, path, in: range)
    }

    private static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
