/// A list of records with the same fields, every value a number: what a GPS track's fixes
/// are. Passed to Lua (``LuaArgument/records(_:)``) as `{{name = value, ...}, ...}`, like a
/// ``LuaTable`` of tables, but without building one per record: a replay's track is
/// thousands of them on every run.
public struct LuaRecordList: Sendable, Hashable {
    /// How a field's values are pushed.
    public enum Kind: Sendable, Hashable {
        /// A float (`lua_pushnumber`), as ``LuaValue/number(_:)``.
        case number
        /// An integer (`lua_pushinteger`), as ``LuaValue/integer(_:)``; values are whole
        /// numbers of at most 2^53 in magnitude (others push as floats).
        case integer
    }

    /// One field of every record.
    public struct Field: Sendable, Hashable {
        /// The field's name.
        public var name: String
        /// How its values are pushed.
        public var kind: Kind
        /// A field.
        /// - Parameters:
        ///   - name: its name in each record.
        ///   - kind: how its values are pushed.
        public init(_ name: String, _ kind: Kind = .number) {
            self.name = name
            self.kind = kind
        }
    }

    /// The fields, in the order of each record's values.
    public let fields: [Field]
    /// The values, record after record, `fields.count` to a record; nil leaves the field out
    /// of that record.
    public let values: [Double?]

    /// The number of records.
    public var count: Int { fields.isEmpty ? 0 : values.count / fields.count }

    /// `count` records with these fields, the value of field `j` of record `i` given by `value(i, j)`.
    /// - Parameters:
    ///   - fields: the fields of every record.
    ///   - count: the number of records.
    ///   - value: the value of a field of a record, nil to leave it out.
    public init(fields: [Field], count: Int, value: (Int, Int) -> Double?) {
        self.fields = fields
        var values: [Double?] = []
        values.reserveCapacity(max(count, 0) * fields.count)
        for i in 0..<max(count, 0) {
            for j in fields.indices { values.append(value(i, j)) }
        }
        self.values = values
    }

    /// The records as a ``LuaValue`` table of tables: what Lua gets, built the slow way.
    public var tableValue: LuaValue {
        .table(
            LuaTable(
                sequence: (0..<count).map { i in
                    var record = LuaTable(fieldCapacity: fields.count)
                    for (j, field) in fields.enumerated() {
                        guard let v = values[i * fields.count + j] else { continue }
                        record[field.name] = field.kind == .integer ? (Int64(exactly: v).map(LuaValue.integer) ?? .number(v)) : .number(v)
                    }
                    return .table(record)
                }))
    }
}

/// An argument of ``LuaState/call(_:arguments:)``.
public enum LuaArgument: Sendable {
    /// Any value, tables built anew in Lua.
    case value(LuaValue)
    /// Records pushed as a list of tables, without a LuaTable for each.
    case records(LuaRecordList)
}
