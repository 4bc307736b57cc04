/// Scalars from Lua values, for every container of ``LuaValueDecoder`` and for the package's
/// readers that know their fields without Codable (FlowKit's park settings), so both accept
/// the same values and say the same: the value, and the path for a message (worked out only
/// when there is one).
package enum ScalarReading {
    /// `value` as a boolean.
    /// - Throws: `expected boolean, got number` at `path()` for any other value.
    package static func bool(_ value: LuaValue, _ path: () -> String) throws(LuaDecodingError) -> Bool {
        guard case .boolean(let b) = value else { throw LuaDecodingError(path: path(), message: "expected boolean, got \(value.typeName)") }
        return b
    }

    /// `value` as a string.
    /// - Throws: `expected string, got number 3` at `path()` for any other value.
    package static func string(_ value: LuaValue, _ path: () -> String) throws(LuaDecodingError) -> String {
        guard case .string(let s) = value else { throw LuaDecodingError(path: path(), message: "expected string, got \(describe(value))") }
        return s
    }

    /// `value` as a Double: a number, integer or float.
    /// - Throws: `expected number, got string 'x'` at `path()` for any other value.
    package static func double(_ value: LuaValue, _ path: () -> String) throws(LuaDecodingError) -> Double {
        guard let d = value.doubleValue else { throw LuaDecodingError(path: path(), message: "expected number, got \(describe(value))") }
        return d
    }

    /// `value` as an integer of type `T`: an integer, or a float with an integral value, in range.
    /// - Throws: `expected integer, got …` at `path()` for another value, `expected integer in
    ///   min...max, got …` for a number `T` cannot hold.
    package static func integer<T: FixedWidthInteger>(_ value: LuaValue, _ path: () -> String) throws(LuaDecodingError) -> T {
        switch value {
        case .integer(let i):
            if let v = T(exactly: i) { return v }
        case .number(let d):
            if let v = T(exactly: d) { return v }
        default:
            throw LuaDecodingError(path: path(), message: "expected integer, got \(describe(value))")
        }
        throw LuaDecodingError(path: path(), message: "expected integer in \(T.min)...\(T.max), got \(describe(value))")
    }

    /// A value as a message quotes it: `string 'abc'` (up to 40 characters), `number 3`.
    static func describe(_ v: LuaValue) -> String {
        switch v {
        case .string(let s): return "string '\(s.prefix(40))'"
        case .integer(let i): return "number \(i)"
        case .number(let d): return "number \(d)"
        case .boolean(let b): return "boolean \(b)"
        default: return v.typeName
        }
    }
}
