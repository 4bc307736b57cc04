import CLua
import CLuaSandbox

/// A table argument read where it lies on Lua's stack, one named field at a time: nothing
/// is copied into Swift but the fields asked for, and no metamethod runs (read-only tables,
/// ``LuaTableRef``, are seen through). For native functions that a script calls thousands of
/// times, or with thousands of tables (a replay's fixes, the sites an AR view projects).
///
/// A reader only knows the shapes it takes: each accessor throws ``Mismatch`` for anything
/// else, and ``LuaCall/readFields(_:_:)`` then returns nil, so that the function reads the
/// argument the general way (``LuaCall/decode(_:_:)``), which takes the same values and says
/// what is wrong: `bad argument #2 to 'feed' (lat: expected number, got string 'x')`. Every
/// value a reader returns is the one the decoder would have returned; fields it does not
/// ask for are not read, so they are not checked either.
public struct LuaFieldReader {
    /// Thrown by an accessor for a field that is not of the shape it reads.
    public struct Mismatch: Error {}

    let L: OpaquePointer
    /// The table's absolute index: the target when the argument is read-only.
    let index: Int32
    /// Values read, a field counting its key and its value, the table itself one: what a
    /// copy of these fields would have copied, for the charge.
    private(set) var valuesRead = 1
    /// Whether a named field was present: a table with none may be a list, which the decoder
    /// refuses where a record is expected.
    private var sawNamedField = false

    init(L: OpaquePointer, index: Int32) {
        self.L = L
        self.index = index
    }

    // MARK: - Fields

    /// Field `key`, a number (an integer is converted, as the decoder converts it).
    /// - Parameter key: the field's name.
    /// - Throws: ``Mismatch`` when it is absent or not a number.
    public mutating func number(_ key: StaticString) throws(Mismatch) -> Double {
        guard let value = try optionalNumber(key) else { throw Mismatch() }
        return value
    }

    /// Field `key`, a number, or nil when it is absent.
    /// - Parameter key: the field's name.
    /// - Throws: ``Mismatch`` when it is present and not a number.
    public mutating func optionalNumber(_ key: StaticString) throws(Mismatch) -> Double? {
        var value = 0.0
        // One C call for the key, the lookup and the value: a replay reads four per fix.
        let type = luakit_raw_number(L, index, UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self), &value)
        switch type {
        case LUA_TNIL: return nil
        case LUA_TNUMBER:
            read()
            return value
        default: throw Mismatch()
        }
    }

    /// Field `key`, a string of UTF-8 text, or nil when it is absent.
    /// - Parameter key: the field's name.
    /// - Throws: ``Mismatch`` when it is present and not such a string.
    public mutating func optionalString(_ key: StaticString) throws(Mismatch) -> String? {
        defer { lua_pop(L, 1) }
        switch field(key) {
        case LUA_TNIL: return nil
        case LUA_TSTRING:
            var length = 0
            guard let bytes = lua_tolstring(L, -1, &length),
                let text = String(validating: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
            else {
                throw Mismatch()
            }
            return text
        default: throw Mismatch()
        }
    }

    /// Field `key`, a list (keys exactly 1...n, or an empty table) of tables, each read by
    /// `element`.
    /// - Parameters:
    ///   - key: the field's name.
    ///   - element: reads one element, as a record.
    /// - Throws: ``Mismatch`` when the field is absent, not such a list, or an element does
    ///   not read.
    @inlinable
    public mutating func list<T>(_ key: StaticString, _ element: (inout LuaFieldReader) throws(Mismatch) -> T) throws(Mismatch) -> [T] {
        var items: [T] = []
        try forEachElement(of: key) { (record: inout LuaFieldReader) throws(Mismatch) in items.append(try element(&record)) }
        return items
    }

    /// Reads each element of list field `key` with `element` (the non-generic core of
    /// ``list(_:_:)``: a generic function called across modules is not specialized, and its
    /// overhead was most of the cost of reading a small record).
    /// - Parameters:
    ///   - key: the field's name.
    ///   - element: reads one element, as a record.
    /// - Throws: as ``list(_:_:)``.
    public mutating func forEachElement(of key: StaticString, _ element: (inout LuaFieldReader) throws(Mismatch) -> Void) throws(Mismatch) {
        guard field(key) == LUA_TTABLE else {
            lua_pop(L, 1)
            throw Mismatch()
        }
        defer { lua_pop(L, 1) }
        try Self.within(L, lua_gettop(L)) { (list: inout LuaFieldReader) throws(Mismatch) in
            try list.elements(element)
            valuesRead += list.valuesRead
        }
    }

    // MARK: - Private

    /// Pushes field `key` (raw access) and returns its type; counts it as read.
    private mutating func field(_ key: StaticString) -> Int32 {
        lua_pushstring(L, UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self))
        let type = lua_rawget(L, index)
        if type != LUA_TNIL { read() }
        return type
    }

    /// Counts a present field: its key and its value.
    private mutating func read() {
        valuesRead += 2
        sawNamedField = true
    }

    /// The elements of this table, a list, each read by `element`.
    private mutating func elements(_ element: (inout LuaFieldReader) throws(Mismatch) -> Void) throws(Mismatch) {
        let count = Int(lua_rawlen(L, index))
        // Keys exactly 1...count: as many entries as the length, none of them nil.
        var entries = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            entries += 1
            lua_pop(L, 1)
        }
        guard entries == count else { throw Mismatch() }
        for i in 0..<count {
            guard lua_rawgeti(L, index, lua_Integer(i + 1)) == LUA_TTABLE else {
                lua_pop(L, 1)
                throw Mismatch()
            }
            defer { lua_pop(L, 1) }
            valuesRead += 1  // the key; the element counts itself
            try Self.within(L, lua_gettop(L)) { (record: inout LuaFieldReader) throws(Mismatch) in
                try element(&record)
                try record.checkRecord()
                valuesRead += record.valuesRead
            }
        }
    }

    /// The decoder reads a record from a table with named fields, or from an empty one.
    mutating func checkRecord() throws(Mismatch) {
        if !sawNamedField && lua_rawlen(L, index) > 0 { throw Mismatch() }
    }

    /// Runs `body` with a reader of the table at absolute `index` (its target when it is
    /// read-only), which must be a table; the stack is as it was afterwards.
    static func within(_ L: OpaquePointer, _ index: Int32, _ body: (inout LuaFieldReader) throws(Mismatch) -> Void) throws(Mismatch) {
        guard lua_checkstack(L, 4) != 0, lua_type(L, index) == LUA_TTABLE else { throw Mismatch() }
        switch luakit_readonly_push_target(L, index) {
        case 0: break
        case 1:
            defer { lua_pop(L, 1) }
            var reader = LuaFieldReader(L: L, index: lua_gettop(L))
            return try body(&reader)
        default:
            lua_pop(L, 1)  // a lazy list whose elements could not be made: no record either
            throw Mismatch()
        }
        var reader = LuaFieldReader(L: L, index: index)
        try body(&reader)
    }
}

extension LuaCall {
    /// Reads table argument `i` in place with `body` (see ``LuaFieldReader``), charging the
    /// run for the values read as ``value(_:)`` charges for the values it copies.
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - body: reads the fields; throws ``LuaFieldReader/Mismatch`` for a shape it does not take.
    /// - Returns: what `body` returned, or nil when the argument is not a table or `body`
    ///   met a field of another shape: read the argument with ``decode(_:_:)`` then, which
    ///   takes the same values and fails naming the field at fault.
    /// - Throws: ``LuaCallError`` once the charge spends the budget.
    @inlinable
    public func readFields<T>(_ i: Int, _ body: (inout LuaFieldReader) throws(LuaFieldReader.Mismatch) -> T) throws(LuaCallError) -> T? {
        var value: T?
        let read = try readFields(at: i) { (reader: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in value = try body(&reader) }
        return read ? value : nil
    }

    /// The non-generic core of ``readFields(_:_:)``: whether `body` read argument `i`.
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - body: reads the fields.
    /// - Throws: ``LuaCallError`` once the charge spends the budget.
    public func readFields(at i: Int, _ body: (inout LuaFieldReader) throws(LuaFieldReader.Mismatch) -> Void) throws(LuaCallError) -> Bool {
        guard i <= argumentCount else { return false }
        var read = 0
        do {
            try LuaFieldReader.within(L, Int32(i)) { (reader: inout LuaFieldReader) throws(LuaFieldReader.Mismatch) in
                try body(&reader)
                try reader.checkRecord()
                read = reader.valuesRead
            }
        } catch {
            return false
        }
        try charge(read * Self.instructionsPerCopiedValue)
        return true
    }
}
