/// A Lua value on the Swift side: data, plus references to Lua functions.
///
/// Tables are copied into `LuaTable` when they cross the bridge. Values Swift cannot
/// hold (userdata, threads) arrive as `.opaque(typeName)` and push back as `nil`.
public enum LuaValue: Sendable, Hashable {
    /// `nil`: no value, also what an absent table field reads as.
    case `nil`
    /// `true` or `false`.
    case boolean(Bool)
    /// A number of Lua's integer subtype (`3`).
    case integer(Int64)
    /// A number of Lua's float subtype (`3.0`, `0.5`).
    case number(Double)
    /// A string that is UTF-8 text (strings that are not are refused when copied out).
    case string(String)
    /// A table, copied: changing it does not change the Lua table it came from.
    case table(LuaTable)
    /// A Lua function, held by reference.
    case function(LuaFunctionRef)
    /// A value Swift cannot hold (userdata, a thread), by its Lua type name; pushes as `nil`.
    case opaque(String)

    /// Lua's name of the value's type (`"nil"`, `"number"`, `"table"`, ...), for messages.
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .opaque(let name): return name
        }
    }

    /// The value as a Double when it is a number, integer or float.
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The value as a String when it is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as a table when it is one.
    public var tableValue: LuaTable? {
        if case .table(let t) = self { return t }
        return nil
    }

    /// Field `key` of a table value, `.nil` otherwise, so paths read without unwrapping:
    /// `config["center"]["lat"]`.
    /// - Parameter key: the field's name.
    public subscript(key: String) -> LuaValue {
        tableValue?[key] ?? .nil
    }
}

extension LuaValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `"text"` as ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `3` as ``integer(_:)``.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// `0.5` as ``number(_:)``.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `true` as ``boolean(_:)``.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// `nil` as `.nil`.
    public init(nilLiteral: ()) { self = .nil }
    /// `[a, b]` as a sequence table, keys 1...n.
    public init(arrayLiteral elements: LuaValue...) { self = .table(LuaTable(sequence: elements)) }
    /// `["name": value]` as a table with string keys.
    public init(dictionaryLiteral elements: (String, LuaValue)...) {
        var table = LuaTable()
        for (key, value) in elements { table[key] = value }
        self = .table(table)
    }
}
