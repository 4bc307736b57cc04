import FlowKit
import Formats
import GeoKit

/// A request's JSON body read field by field: unknown fields refused with a did-you-mean, each
/// mistake a ``Refusal`` naming its field (`reports[2].lat: 91 is not a latitude (-90...90)`).
struct RelayBody {
    let fields: [String: JSONValue]
    let path: String

    /// The body's object.
    init(_ bytes: [UInt8], keys: Set<String>, reason: Refusal.Reason = .badRequest) throws(Refusal) {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Refusal(reason, "the body is not UTF-8 text") }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw Refusal(reason, "the body is not JSON: \(error.description)") }
        try self.init(json, path: "", keys: keys, reason: reason)
    }

    init(_ json: JSONValue, path: String, keys: Set<String>, reason: Refusal.Reason = .badRequest) throws(Refusal) {
        guard let o = json.objectValue else { throw Refusal(reason, "\(path.isEmpty ? "the body" : path): expected an object") }
        for key in o.keys.sorted() where !keys.contains(key) {
            let hint = Excerpt.suggestion(for: key, in: Array(keys)).map { "; did you mean '\($0)'?" } ?? ""
            throw Refusal(reason, "\(path.isEmpty ? key : "\(path).\(key)"): unknown field\(hint)")
        }
        (fields, self.path, self.reason) = (o, path, reason)
    }

    private let reason: Refusal.Reason

    subscript(key: String) -> JSONValue? { fields[key] }

    func string(_ key: String, optional: Bool = false) throws(Refusal) -> String? {
        guard let value = fields[key] else {
            if optional { return nil }
            throw Refusal(reason, "\(name(key, path)): missing (required)")
        }
        guard let s = value.stringValue, !s.isEmpty, s.count <= 200 else {
            throw Refusal(reason, "\(name(key, path)): expected a non-empty string of at most 200 characters")
        }
        return s
    }

    func number(_ key: String, optional: Bool = false) throws(Refusal) -> Double? {
        guard let value = fields[key] else {
            if optional { return nil }
            throw Refusal(reason, "\(name(key, path)): missing (required)")
        }
        guard let n = value.numberValue, n.isFinite else {
            throw Refusal(reason, "\(name(key, path)): expected a number, got \(Excerpt.text(value.description))")
        }
        return n
    }

    /// An id: 1 to 40 letters, digits, `_`, `-` or `.`.
    func id(_ key: String) throws(Refusal) -> String {
        let s = try string(key) ?? ""
        try Self.checkID(s, field: name(key, path), reason: reason)
        return s
    }

    static func checkID(_ s: String, field: String, reason: Refusal.Reason = .badRequest) throws(Refusal) {
        guard (1...40).contains(s.count), s.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }) else {
            throw Refusal(reason, "\(field): '\(Excerpt.text(s))' is not an id (1 to 40 letters, digits, '_', '-' or '.')")
        }
    }

    func role(_ key: String) throws(Refusal) -> PartyRole {
        let text = try string(key) ?? ""
        guard let role = PartyRole(rawValue: text) else {
            throw Refusal(reason, "\(name(key, path)): unknown role '\(Excerpt.text(text))' (roles: \(PartyRole.list))")
        }
        return role
    }

    func name(_ key: String, _ path: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
