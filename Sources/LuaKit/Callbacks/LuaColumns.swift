import CLua
import CLuaSandbox

/// Records read in bulk from one Lua argument into a column per field: what a batch of
/// points or fixes is. The argument may be a list of records, `{{lat = 1, lon = 2}, ...}`
/// (`ctx.sites` too: read-only tables are seen through), or a table of columns,
/// `{lat = {1, ...}, lon = {2, ...}}`, the fastest way in. Fields not asked for are ignored,
/// as ``LuaValueDecoder`` ignores them. Read by ``LuaCall/records(_:name:fields:limit:)``.
public struct LuaColumns {
    /// What a field holds.
    public enum Kind: Sendable {
        /// A number in every record.
        case number
        /// A number, or nothing.
        case optionalNumber
        /// UTF-8 text, or nothing.
        case optionalString
    }

    /// A field asked for.
    public struct Field: Sendable {
        /// Its name in each record, and the column's in a table of columns.
        public var name: String
        /// What it holds.
        public var kind: Kind
        /// A field.
        /// - Parameters:
        ///   - name: its name (at most 40 bytes: a short string, which Lua interns).
        ///   - kind: what it holds.
        public init(_ name: String, _ kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// The number of records.
    public internal(set) var count = 0
    var numbers: [[Double]]
    var optionalNumbers: [[Double?]?]
    var strings: [[String?]?]

    init(fieldCount: Int) {
        numbers = Array(repeating: [], count: fieldCount)
        optionalNumbers = Array(repeating: nil, count: fieldCount)
        strings = Array(repeating: nil, count: fieldCount)
    }

    /// Field `j`'s values, a ``Kind/number`` field (empty for another kind).
    /// - Parameter j: the field's position among those asked for.
    public func numbers(_ j: Int) -> [Double] { numbers[j] }
    /// Field `j`'s values, an ``Kind/optionalNumber`` field; nil when no record has it.
    /// - Parameter j: the field's position among those asked for.
    public func optionalNumbers(_ j: Int) -> [Double?]? { optionalNumbers[j] }
    /// Field `j`'s values, an ``Kind/optionalString`` field; nil when no record has it.
    /// - Parameter j: the field's position among those asked for.
    public func strings(_ j: Int) -> [String?]? { strings[j] }
}

extension LuaCall {
    /// Argument `i`, records or columns (see ``LuaColumns``), read in place: no ``LuaValue``
    /// and no decoder. Charged as ``value(_:)`` charges for the fields asked for, before the read.
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - name: what messages call the argument (`points`).
    ///   - fields: the fields to read; the first must be a ``LuaColumns/Kind/number`` (it
    ///     tells a table of columns from a list).
    ///   - limit: the most records taken (default ``maxListCount``).
    /// - Throws: ``LuaCallError`` naming the argument and the item at fault:
    ///   `bad argument #1 to 'index' (points[3].lat: number expected, got string)`,
    ///   `(lon has 99 items but lat has 100)`, a hole, or more than `limit` records.
    public func records(_ i: Int, name: String, fields: [LuaColumns.Field], limit: Int = maxListCount) throws(LuaCallError) -> LuaColumns {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TTABLE else {
            throw argumentError(i, expected: "list of records or table of columns")
        }
        guard let first = fields.first, first.kind == .number else { return LuaColumns(fieldCount: fields.count) }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, Int32(fields.count) + 6) != 0 else { throw badArgument(i, "\(name): Lua stack overflow") }
        let table = try readOnlyTarget(i, name: name) ?? Int32(i)
        do throws(ListReadError) {
            // A list has an item 1; a table of columns has the first field's column.
            let listed = lua_rawgeti(L, table, 1) != LUA_TNIL
            lua_settop(L, -2)
            if listed { return try readRecords(at: table, fields: fields, limit: limit) }
            if try column(table, first.name) != nil { return try readColumns(at: table, fields: fields, limit: limit) }
            lua_pushnil(L)
            guard lua_next(L, table) != 0 else { return LuaColumns(fieldCount: fields.count) }
            throw ListReadError(path: "", message: "expected a list of records or a table of columns {\(first.name) = {...}, ...}")
        } catch {
            throw error.callError(self, argument: i, name: name)
        }
    }

    // MARK: - Private

    private func readRecords(at list: Int32, fields: [LuaColumns.Field], limit: Int) throws(ListReadError) -> LuaColumns {
        let n = try listLength(at: list, limit: limit)
        let required = fields.indices.filter { fields[$0].kind == .number }
        // A record costs itself and the key and value of each field read, as readFields
        // charges: the required ones now, the optional ones found once read.
        try chargeRead(n * (1 + 2 * required.count) * Self.instructionsPerCopiedValue)
        var optionalRead = 0
        // Field names are short strings, which Lua interns: a key is a field's when it is
        // the same string object, so a record is read in one pass over its entries.
        let keys = Int(lua_gettop(L)) + 1
        var pointers: [UnsafeRawPointer?] = []
        for field in fields {
            lua_pushstring(L, field.name)
            pointers.append(lua_topointer(L, -1))
        }
        var out = LuaColumns(fieldCount: fields.count)
        out.count = n
        for (j, field) in fields.enumerated() {
            switch field.kind {
            case .number: out.numbers[j] = Array(repeating: 0, count: n)
            case .optionalNumber, .optionalString: break
            }
        }
        for k in 0..<n {
            let type = lua_rawgeti(L, list, lua_Integer(k + 1))
            guard type == LUA_TTABLE else { throw ListReadError(path: "[\(k + 1)]", message: "table expected, got \(luaTypeName(-1))") }
            var record = lua_gettop(L)
            switch luakit_readonly_push_target(L, record) {
            case 0: break
            case 1: record = lua_gettop(L)
            default: throw ListReadError(path: "[\(k + 1)]", message: LuaStack.poppedMessage(L))
            }
            var seen: UInt64 = 0
            lua_pushnil(L)
            while lua_next(L, record) != 0 {
                if lua_type(L, -2) == LUA_TSTRING, let j = pointers.firstIndex(of: lua_topointer(L, -2)) {
                    seen |= 1 << UInt64(j)
                    try store(&out, fields[j], j, k, n: n, path: "[\(k + 1)].")
                }
                lua_settop(L, -2)
            }
            optionalRead += seen.nonzeroBitCount - required.count
            for j in required where seen & (1 << UInt64(j)) == 0 {
                throw ListReadError(path: "[\(k + 1)].\(fields[j].name)", message: "number expected, got nil")
            }
            lua_settop(L, Int32(keys - 1) + Int32(fields.count))
        }
        try checkNoExtraKeys(at: list, length: n)
        try chargeRead(2 * optionalRead * Self.instructionsPerCopiedValue)
        return out
    }

    /// Stores the value on the stack top as field `j` of record `k`.
    private func store(_ out: inout LuaColumns, _ field: LuaColumns.Field, _ j: Int, _ k: Int, n: Int, path: String) throws(ListReadError) {
        switch field.kind {
        case .number, .optionalNumber:
            guard lua_type(L, -1) == LUA_TNUMBER else {
                throw ListReadError(path: path + field.name, message: "number expected, got \(luaTypeName(-1))")
            }
            let v = lua_tonumberx(L, -1, nil)
            if field.kind == .number {
                out.numbers[j][k] = v
            } else {
                if out.optionalNumbers[j] == nil { out.optionalNumbers[j] = Array(repeating: nil, count: n) }
                out.optionalNumbers[j]?[k] = v
            }
        case .optionalString:
            let text = try string(at: -1, path: path + field.name)
            if out.strings[j] == nil { out.strings[j] = Array(repeating: nil, count: n) }
            out.strings[j]?[k] = text
        }
    }

    private func readColumns(at table: Int32, fields: [LuaColumns.Field], limit: Int) throws(ListReadError) -> LuaColumns {
        var out = LuaColumns(fieldCount: fields.count)
        var length: Int?
        for (j, field) in fields.enumerated() {
            guard let column = try column(table, field.name) else {
                if field.kind == .number {
                    throw ListReadError(path: "", message: "\(field.name): list of numbers expected, got nil")
                }
                continue
            }
            defer { lua_settop(L, -2) }
            let values: Int
            switch field.kind {
            case .number:
                out.numbers[j] = try prefixed(field.name) { () throws(ListReadError) in try readNumbers(at: column, limit: limit) }
                values = out.numbers[j].count
            case .optionalNumber:
                let numbers = try prefixed(field.name) { () throws(ListReadError) in try readNumbers(at: column, limit: limit) }
                out.optionalNumbers[j] = numbers.map { Optional($0) }
                values = numbers.count
            case .optionalString:
                let strings = try prefixed(field.name) { () throws(ListReadError) in try readStrings(at: column, limit: limit) }
                out.strings[j] = strings
                values = strings.count
            }
            if let length, values != length {
                throw ListReadError(path: "", message: "\(field.name) has \(values) items but \(fields[0].name) has \(length)")
            }
            length = values
        }
        out.count = length ?? 0
        return out
    }

    /// Pushes field `name` of the table at absolute `table` and returns its index, when it is
    /// a table (its target, if read-only); pushes nothing when it is nil.
    private func column(_ table: Int32, _ name: String) throws(ListReadError) -> Int32? {
        lua_pushstring(L, name)
        let type = lua_rawget(L, table)
        if type == LUA_TNIL {
            lua_settop(L, -2)
            return nil
        }
        guard type == LUA_TTABLE else {
            defer { lua_settop(L, -2) }
            throw ListReadError(path: "", message: "\(name): list expected, got \(luaTypeName(-1))")
        }
        let pushed = lua_gettop(L)
        switch luakit_readonly_push_target(L, pushed) {
        case 0: break
        case 1: lua_remove(L, pushed)
        default:
            let message = LuaStack.poppedMessage(L)
            lua_settop(L, -2)
            throw ListReadError(path: "", message: "\(name): \(message)")
        }
        return lua_gettop(L)
    }

    /// `body`'s error with `name` before its path (`lat[3]`).
    private func prefixed<T>(_ name: String, _ body: () throws(ListReadError) -> T) throws(ListReadError) -> T {
        do { return try body() } catch {
            throw error.budget == nil ? ListReadError(path: "", message: "\(name)\(error.path): \(error.message)") : error
        }
    }

    /// The list at absolute `index` as text; charged before the read.
    private func readStrings(at index: Int32, limit: Int) throws(ListReadError) -> [String?] {
        let n = try listLength(at: index, limit: limit)
        try chargeRead(2 * n * Self.instructionsPerCopiedValue)
        var out: [String?] = []
        out.reserveCapacity(n)
        for k in 0..<n {
            lua_rawgeti(L, index, lua_Integer(k + 1))
            defer { lua_settop(L, -2) }
            out.append(try string(at: -1, path: "[\(k + 1)]"))
        }
        try checkNoExtraKeys(at: index, length: n)
        return out
    }

    /// The string at `index`, UTF-8 text (bytes that are not are refused, never replaced).
    private func string(at index: Int32, path: String) throws(ListReadError) -> String {
        var length = 0
        guard lua_type(L, index) == LUA_TSTRING, let bytes = lua_tolstring(L, index, &length) else {
            throw ListReadError(path: path, message: "string expected, got \(luaTypeName(index))")
        }
        guard let text = String(validating: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self) else {
            throw ListReadError(path: path, message: "string is not UTF-8 text")
        }
        return text
    }
}
