/// How ``LuaValueDecoder`` reads a table as a record or as a list, and what it says when it
/// cannot. Package-wide, like `ScalarReading`, so that a reader that knows its fields
/// without Codable (FlowKit's park settings) accepts the same tables and says the same.
package enum TableReading {
    /// `value` as a record: a table with named fields, or an empty one. A list part beside
    /// named fields is not the record's, and is left alone.
    /// - Throws: ``LuaDecodingError`` at `path()` when `value` is no table, or a list.
    package static func record(_ value: LuaValue, _ path: () -> String) throws(LuaDecodingError) -> LuaTable {
        guard case .table(let t) = value else { throw LuaDecodingError(path: path(), message: "expected table, got \(value.typeName)") }
        if !t.isEmpty && t.isSequence { throw LuaDecodingError(path: path(), message: "expected a table with named fields, got a list") }
        return t
    }

    /// `value`'s items as a list. A list with holes, Lua's `{ a, cond and b or nil, c }`,
    /// gives its items in order, the nils (which Lua does not store) dropped.
    /// - Throws: ``LuaDecodingError`` at `path()` when `value` is no table, or has a key
    ///   that is no position (the least such key, so the message is the same every run).
    package static func list(_ value: LuaValue, _ path: () -> String) throws(LuaDecodingError) -> [LuaValue] {
        guard case .table(let t) = value else { throw LuaDecodingError(path: path(), message: "expected list, got \(value.typeName)") }
        let sequence = t.sequence
        if sequence.count == t.count { return sequence }
        var strays: [LuaValue] = []
        var rest: [(Int64, LuaValue)] = []
        t.forEachField { key, value in
            if case .integer(let i) = key, i >= 1 { rest.append((i, value)) } else { strays.append(key) }
        }
        if let stray = strays.min(by: { describe(key: $0) < describe(key: $1) }) {
            throw LuaDecodingError(path: path(), message: "expected a list (keys 1...n), found key \(describe(key: stray))")
        }
        return sequence + rest.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The first position of a list with a hole (`{ a, nil, c }`: 2), or nil when `value`
    /// is no table or its positions run 1...n without one.
    package static func firstHole(in value: LuaValue) -> Int? {
        guard case .table(let t) = value else { return nil }
        let sequence = t.sequence
        guard sequence.count < t.count else { return nil }
        var after = false
        t.forEachField { key, _ in
            if case .integer(let i) = key, i > sequence.count + 1 { after = true }
        }
        return after ? sequence.count + 1 : nil
    }

    /// The entries of record `t` that `accepts` does not take.
    /// - Parameters:
    ///   - t: a table read as a record.
    ///   - accepts: whether a field name is one of the record's.
    /// - Returns: the names it does not take, in the order messages list them (by their quoted
    ///   form, as ``describe(key:)`` writes them), and the least key that is no name (a
    ///   number, a boolean), which makes `t` no record. Quoted names sort before every other key.
    package static func strays(in t: LuaTable, accepts: (String) -> Bool) -> (names: [String], nonName: LuaValue?) {
        var names: [String] = []
        var nonName: LuaValue?
        t.forEachField { key, _ in
            if case .string(let name) = key {
                if !accepts(name) { names.append(name) }
            } else if nonName.map({ describe(key: key) < describe(key: $0) }) ?? true {
                nonName = key
            }
        }
        return (names.sorted { describe(key: .string($0)) < describe(key: .string($1)) }, nonName)
    }

    /// The error for a field a record does not take, with the nearest name it does.
    /// - Parameters:
    ///   - name: the field's name.
    ///   - noun: what a field is called (`"setting"`).
    ///   - path: the field's path as text (`geofence.radus`).
    ///   - accepts: whether a name is one of the record's.
    /// - Returns: `unknown setting; did you mean 'radius'?` at `path`.
    package static func unknownField(_ name: String, noun: String, path: String, accepts: (String) -> Bool) -> LuaDecodingError {
        let hint = FieldSuggestion.nearest(to: name, accepted: accepts).map { "; did you mean '\($0)'?" } ?? ""
        return LuaDecodingError(path: path, message: "unknown \(noun)\(hint)")
    }

    /// The error for a record with a key that is no name: `settings are named fields; found key 3`.
    /// - Parameters:
    ///   - key: the least such key (``strays(in:accepts:)``).
    ///   - noun: what a field is called (`"setting"`).
    ///   - path: the record's path as text.
    package static func nonNameKey(_ key: LuaValue, noun: String, path: String) -> LuaDecodingError {
        LuaDecodingError(path: path, message: "\(noun)s are named fields; found key \(describe(key: key))")
    }

    /// A key as messages name it: `'name'`, `3`, `2.5`, or its type.
    static func describe(key: LuaValue) -> String {
        switch key {
        case .string(let s): return "'\(s)'"
        case .integer(let i): return "\(i)"
        case .number(let d): return "\(d)"
        default: return key.typeName
        }
    }
}
