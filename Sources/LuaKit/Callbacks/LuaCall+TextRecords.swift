import CLua

/// Builds the records of a list ``LuaCall/push(recordsWith:_:)`` pushes, one at a time,
/// straight from UTF-8 bytes: no ``LuaValue``, no Swift `String` per value. A store listing
/// is ten thousand records read from SQLite's own buffers.
public struct LuaRecordWriter {
    let L: OpaquePointer
    /// Stack index of the list; its field names follow it.
    let list: Int32
    let fieldCount: Int
    /// Records added so far.
    public private(set) var count = 0

    /// Starts a record.
    public mutating func begin() {
        lua_createtable(L, 0, Int32(fieldCount))
    }

    /// Sets field `index` (of the names given to `push(recordsWith:)`) of the record begun.
    /// - Parameters:
    ///   - index: the field's position among the names, from 0.
    ///   - bytes: its value, UTF-8 text.
    public mutating func field(_ index: Int, _ bytes: UnsafeRawBufferPointer) {
        guard index >= 0, index < fieldCount else { return }
        lua_pushvalue(L, list + 1 + Int32(index))
        _ = lua_pushlstring(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        lua_rawset(L, -3)
    }

    /// Ends the record begun and appends it to the list.
    public mutating func end() {
        count += 1
        lua_rawseti(L, list, lua_Integer(count))
    }
}

extension LuaCall {
    /// Pushes a list of records with text fields as one result, `{ {name = value, ...}, ... }`,
    /// built by `body` with a ``LuaRecordWriter`` (`begin`, `field`, `end` per record).
    /// - Parameters:
    ///   - fields: the fields' names, the same for every record.
    ///   - body: adds the records; when it throws, the list holds those added before.
    /// - Returns: the number of records.
    /// - Throws: what `body` throws.
    @discardableResult
    public mutating func push<E: Error>(recordsWith fields: [String], _ body: (inout LuaRecordWriter) throws(E) -> Void) throws(E) -> Int {
        guard reserve() else { return 0 }
        // The list, its field names (each a Lua string once), and a record with a key and value.
        guard lua_checkstack(L, Int32(fields.count) + 4) != 0 else {
            lua_pushnil(L)
            failure = "result \(resultCount) is too large for Lua's stack"
            return 0
        }
        lua_createtable(L, 0, 0)
        let list = lua_gettop(L)
        for name in fields { stack.push(name) }
        var writer = LuaRecordWriter(L: L, list: list, fieldCount: fields.count)
        defer { lua_settop(L, list) }
        try body(&writer)
        return writer.count
    }
}
