import CLua
import CLuaSandbox

/// A value on Lua's stack, read where it lies: for a reader that knows the structure it
/// expects (a flow's screen) and would otherwise copy every table into a ``LuaValue``
/// first. Given to the closure of ``LuaState/call(_:arguments:textLimit:reading:)``, and valid only
/// inside it.
///
/// Reads are raw (no metamethod runs, nothing can raise: docs/architecture.md, rule 1) and answer nil
/// for anything not of the shape asked, so that the caller can fall back to the copy, which
/// says what is wrong. A read-only table (``LuaCall/pushReadOnly(_:message:)``) is not a
/// plain table here: the copy reads its content. Every value read counts against the limit
/// the copy has (a million values, and the text limit the caller gave); past it ``isSpent``
/// is true, reads answer nil, and ``LuaState/call(_:arguments:textLimit:reading:)`` drops
/// what the reader made of it.
public struct LuaSlot {
    /// What one read may still take, shared by every slot of the read.
    struct Allowance {
        var values: Int
        var textBytes: Int
    }

    let L: OpaquePointer
    /// Absolute stack index.
    let index: Int32
    let budget: UnsafeMutablePointer<Allowance>

    init(L: OpaquePointer, index: Int32, budget: UnsafeMutablePointer<Allowance>) {
        self.L = L
        self.index = lua_absindex(L, index)
        self.budget = budget
    }

    /// Whether the read has gone past the limit a copy has: the caller must give up.
    public var isSpent: Bool { budget.pointee.values < 0 || budget.pointee.textBytes < 0 }

    /// Whether the value is nil (an absent field).
    public var isNil: Bool { lua_type(L, index) <= LUA_TNIL }

    /// The value as UTF-8 text, or nil when it is not a string or not text.
    public func string() -> String? {
        guard spend(1), lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
        budget.pointee.textBytes -= length
        guard !isSpent, spend(length / ConversionLimits.bytesPerValue), UTF8Text.firstInvalidByte(buffer) == nil else { return nil }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The value as a number (an integer converted), or nil when it is not a number.
    public func number() -> Double? {
        guard spend(1), lua_type(L, index) == LUA_TNUMBER else { return nil }
        return lua_tonumberx(L, index, nil)
    }

    /// The value as an integer (a float with an integral value converted), or nil.
    public func integer() -> Int? {
        guard spend(1), lua_type(L, index) == LUA_TNUMBER else { return nil }
        if lua_isinteger(L, index) != 0 { return Int(exactly: lua_tointegerx(L, index, nil)) }
        return Int(exactly: lua_tonumberx(L, index, nil))
    }

    /// The value as a boolean, or nil when it is not one (Lua's truthiness is not a boolean).
    public func boolean() -> Bool? {
        guard spend(1), lua_type(L, index) == LUA_TBOOLEAN else { return nil }
        return lua_toboolean(L, index) != 0
    }

    /// Whether the value is a table without a metatable, or one whose metatable is not the
    /// read-only kind (metatables are not consulted: reads are raw, as the copy's are).
    public var isPlainTable: Bool {
        guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 2) != 0 else { return false }
        return luakit_is_readonly(L, index) == 0
    }

    /// The raw length of a table (`#t` without `__len`); 0 for other values.
    public var length: Int { lua_type(L, index) == LUA_TTABLE ? Int(lua_rawlen(L, index)) : 0 }

    /// Calls `body` with field `key` of this table (a nil slot when absent, or when this is
    /// not a table), then takes the field off the stack.
    public func withField<T, E: Error>(_ key: String, _ body: (LuaSlot) throws(E) -> T) throws(E) -> T {
        guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 2) != 0 else { return try withNil(body) }
        _ = spend(1)
        var key = key
        key.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        lua_rawget(L, index)
        defer { lua_pop(L, 1) }
        return try body(LuaSlot(L: L, index: -1, budget: budget))
    }

    /// Calls `body` with element `i` (from 1) of this table, then takes it off the stack.
    public func withElement<T, E: Error>(_ i: Int, _ body: (LuaSlot) throws(E) -> T) throws(E) -> T {
        guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 1) != 0 else { return try withNil(body) }
        lua_rawgeti(L, index, lua_Integer(i))
        defer { lua_pop(L, 1) }
        return try body(LuaSlot(L: L, index: -1, budget: budget))
    }

    /// Calls `body` with each entry of this table, key and value, in Lua's order (`next`),
    /// until it returns false. A key's slot must only be read, never converted.
    /// - Returns: false when `body` stopped the walk, or this is not a table.
    @discardableResult
    public func forEachEntry(_ body: (_ key: LuaSlot, _ value: LuaSlot) -> Bool) -> Bool {
        guard lua_type(L, index) == LUA_TTABLE, lua_checkstack(L, 3) != 0 else { return false }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            let keep = spend(2) && body(LuaSlot(L: L, index: -2, budget: budget), LuaSlot(L: L, index: -1, budget: budget))
            lua_pop(L, 1)
            if !keep {
                lua_pop(L, 1)
                return false
            }
        }
        return true
    }

    // MARK: - Private

    private func spend(_ values: Int) -> Bool {
        budget.pointee.values -= values
        return budget.pointee.values >= 0
    }

    /// A nil slot for `body`; if the stack cannot grow, the read is spent (its result will
    /// be dropped) and `body` reads this slot instead.
    private func withNil<T, E: Error>(_ body: (LuaSlot) throws(E) -> T) throws(E) -> T {
        guard lua_checkstack(L, 1) != 0 else {
            budget.pointee.values = -1
            return try body(self)
        }
        lua_pushnil(L)
        defer { lua_pop(L, 1) }
        return try body(LuaSlot(L: L, index: -1, budget: budget))
    }
}
