import Formats
import GeoKit
import LuaKit

/// A setting's value (`store.set`, `store.get`) as JSON text: a string, number, boolean, or
/// a table of them, a list (`{1, 2}`) or a record (`{lat = 37.8, zoom = 12}`), nested a few
/// levels at most. Lua integers come back as integers, other numbers as floats.
enum StoreValue {
    /// Tables inside tables a value may have.
    static let maxDepth = 4

    /// `value` as compact JSON text.
    /// - Throws: a message for `store.set` naming what cannot be stored (`value.at[2]: ...`).
    static func json(_ value: LuaValue) throws(StoreValueError) -> String {
        try jsonValue(value, path: "value", depth: 0).description
    }

    /// The Lua value of stored JSON text.
    /// - Throws: a message saying the text does not parse (a store changed by hand).
    static func lua(_ json: String) throws(StoreValueError) -> LuaValue {
        do {
            return FlowContext.json(try JSONValue.parse(json))
        } catch {
            throw StoreValueError(message: "the stored value is not JSON (\(error.message))")
        }
    }

    private static func jsonValue(_ value: LuaValue, path: String, depth: Int) throws(StoreValueError) -> JSONValue {
        switch value {
        case .boolean(let b): return .bool(b)
        case .integer(let i):
            guard i.magnitude <= 1 << 53 else { throw StoreValueError(message: "\(path): integer \(i) is beyond ±2^53, which JSON numbers keep exactly") }
            return .number(Double(i))
        case .number(let d):
            guard d.isFinite else { throw StoreValueError(message: "\(path): \(NumberText.message(d)) is not a finite number") }
            return .number(d)
        case .string(let s): return .string(s)
        case .table(let table):
            guard depth < maxDepth else { throw StoreValueError(message: "\(path): tables nested deeper than \(maxDepth) levels") }
            if table.isSequence {
                var elements: [JSONValue] = []
                for (i, element) in table.sequence.enumerated() {
                    elements.append(try jsonValue(element, path: "\(path)[\(i + 1)]", depth: depth + 1))
                }
                return .array(elements)
            }
            guard table.sequence.isEmpty else { throw StoreValueError(message: "\(path): a table is either a list or a record of string keys, not both") }
            var members: [String: JSONValue] = [:]
            for key in table.sortedStringKeys {
                members[key] = try jsonValue(table[key], path: "\(path).\(key)", depth: depth + 1)
            }
            guard members.count == table.count else { throw StoreValueError(message: "\(path): a record's keys must be strings") }
            return .object(members)
        case .nil, .function, .opaque:
            throw StoreValueError(message: "\(path): a \(value.typeName) cannot be stored (strings, numbers, booleans and tables of them can)")
        }
    }
}

/// Why a value cannot be stored or read back.
struct StoreValueError: Error {
    var message: String
}
