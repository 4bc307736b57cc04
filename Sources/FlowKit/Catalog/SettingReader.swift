package import LuaKit

/// Reads settings from the Lua values a configuration file returned, strictly: a name no
/// record has is an unknown setting at any depth, with the nearest name it has, and every
/// unknown setting is kept (``unknown``) while reading goes on to the first wrong value.
///
/// It reads what ``LuaValueDecoder`` with an unknown-field noun reads, with the same
/// messages and paths, without Codable: a record says its fields in its own initializer
/// (`SettingRecord`), so no record type needs a `KeyedDecodingContainer` of its coding
/// keys. On a cold start the runtime found each such container's conformance by scanning
/// every conformance record in the binary, which cost twice the rest of the decoding.
package final class SettingReader {
    /// One step of a path: a record's field, a list's item (from 1), a map's key.
    enum Step {
        case field(String)
        case item(Int)
        case key(String)
    }

    /// What a field is called in messages (`"setting"`).
    let noun: String
    /// The unknown fields met so far, outer tables first, each table's by quoted name.
    package internal(set) var unknown: [LuaDecodingError] = []
    /// Where the value being read is.
    private var steps: [Step] = []

    /// A reader.
    /// - Parameter noun: what to call a field, in messages (`"setting"`).
    package init(noun: String) {
        self.noun = noun
    }

    /// Reads `type` from `value`, going on past unknown fields (see ``unknown``).
    /// - Parameters:
    ///   - type: the settings' type.
    ///   - value: what the configuration returned.
    /// - Throws: ``LuaKit/LuaDecodingError`` with the path of the first wrong value: a wrong
    ///   type, a missing required field, a list with a key that is no position, a table
    ///   with a key that is no name, or a checked value that fails its check.
    package func read<T: SettingValue>(_ type: T.Type, from value: LuaValue) throws(LuaDecodingError) -> T {
        try T.read(value, self)
    }

    /// Reads `value`, one step below where the reader stands.
    func read<T: SettingValue>(_ type: T.Type, _ value: LuaValue, at step: Step) throws(LuaDecodingError) -> T {
        steps.append(step)
        defer { steps.removeLast() }
        return try T.read(value, self)
    }

    /// The path where the reader stands, rendered as ``LuaDecodingError/path(_:)`` renders a
    /// coding path: `a.b[2].c`. A map's key that is an integer's text reads as a position
    /// (`names[5]`), since Codable's keys of a String-keyed Dictionary carry its integer.
    var path: String { path(appending: nil) }

    /// The path one step below where the reader stands.
    func path(appending step: Step?) -> String {
        var out = ""
        for step in steps + (step.map { [$0] } ?? []) {
            switch step {
            case .item(let i): out += "[\(i)]"
            case .key(let name) where Int(name).map({ "\($0)" == name }) ?? false: out += "[\(name)]"
            case .field(let name), .key(let name): out += out.isEmpty ? name : ".\(name)"
            }
        }
        return out
    }

    /// An error at the path where the reader stands, or one step below.
    func problem(_ message: String, at step: Step? = nil) -> LuaDecodingError {
        LuaDecodingError(path: path(appending: step), message: message)
    }

    /// Notes the names in record `t` that are not fields of `fields`, before the unknown
    /// fields noted since `mark` (those are in the record's own fields, read after it opened).
    /// - Returns: the least key of `t` that is no name, if any.
    func noteUnknown(in t: LuaTable, fields: [String], at mark: Int) -> LuaValue? {
        let strays = TableReading.strays(in: t, accepts: fields.contains)
        let errors = strays.names.map { name in
            TableReading.unknownField(name, noun: noun, path: path(appending: .field(name)), accepts: fields.contains)
        }
        unknown.insert(contentsOf: errors, at: mark)
        return strays.nonName
    }
}
