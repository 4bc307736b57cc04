import CLua
import CLuaSandbox

/// Moving `LuaValue`s on and off a Lua stack. Only raw, non-raising API calls are used
/// (no metamethods run), so this is safe inside Swift callbacks (docs/architecture.md, rule 1); the
/// callers make sure no memory cap is enforced meanwhile.
struct LuaStack {
    let L: OpaquePointer
    let handle: StateHandle

    /// Nesting deeper than this is refused: it is a cycle or a mistake.
    static let maxDepth = 100

    // MARK: - Reading

    /// The value at `index` copied to Swift, within fresh limits sized by the state's cap.
    func value(at index: Int32) throws(LuaError) -> LuaValue {
        var limits = ConversionLimits(memoryBytes: Int(handle.budget.pointee.memory_limit))
        return try value(at: index, limits: &limits)
    }

    /// The value at `index` copied to Swift, counting what it copies against `limits`.
    func value(at index: Int32, depth: Int = 0, limits: inout ConversionLimits) throws(LuaError) -> LuaValue {
        let index = lua_absindex(L, index)
        try limits.spend(nodes: 1, bytes: ConversionLimits.bytesPerValue)
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(lua_tointegerx(L, index, nil)) }
            return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING:
            try limits.spend(text: Int(lua_rawlen(L, index)))
            return .string(try text(at: index) ?? "")
        case LUA_TTABLE: return .table(try table(at: index, depth: depth, limits: &limits))
        case LUA_TFUNCTION: return .function(LuaFunctionRef(handle: handle, L: L, index: index))
        default: return .opaque(String(cString: lua_typename(L, lua_type(L, index))))
        }
    }

    /// The string at `index` as Swift text; `nil` for other types (numbers are not
    /// converted in place).
    /// - Throws: `.conversion` naming the first byte that is not UTF-8: Lua strings are
    ///   bytes, and where a value must be text the bytes are refused, never replaced.
    func text(at index: Int32) throws(LuaError) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        let buffer = UnsafeRawBufferPointer(start: bytes, count: length)
        // Checked by our own scan, then decoded: `String(validating:as:)` on a raw buffer
        // runs the standard library's generic validation, a tenth of a warm run's time.
        guard UTF8Text.firstInvalidByte(buffer) == nil else { throw .conversion(Self.notText(buffer)) }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// "string is not UTF-8 text (byte 0xFF at position 3)", positions 1-based as in Lua.
    static func notText(_ bytes: UnsafeRawBufferPointer) -> String {
        let position = UTF8Text.firstInvalidByte(bytes) ?? bytes.count
        let byte = position < bytes.count ? bytes[position] : 0
        return "\(notTextPrefix) (byte 0x\(String(byte, radix: 16, uppercase: true)) at position \(position + 1))"
    }

    static let notTextPrefix = "string is not UTF-8 text"

    /// The bytes of the string at `index` as they are; `nil` for other types.
    func bytes(at index: Int32) -> [UInt8]? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The string at `index` for a message: bytes that are not UTF-8 show as U+FFFD.
    /// `nil` for other types (numbers are not converted in place).
    func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = lua_tolstring(L, index, &length) else { return nil }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The table at `index` copied to Swift, within fresh limits sized by the state's cap.
    func table(at index: Int32) throws(LuaError) -> LuaTable {
        var limits = ConversionLimits(memoryBytes: Int(handle.budget.pointee.memory_limit))
        return try table(at: index, depth: 0, limits: &limits)
    }

    func table(at index: Int32, depth: Int, limits: inout ConversionLimits) throws(LuaError) -> LuaTable {
        guard depth < Self.maxDepth else {
            throw .conversion("table nested deeper than \(Self.maxDepth) levels (is it cyclic?)")
        }
        guard lua_checkstack(L, 4) != 0 else { throw .conversion("Lua stack overflow while reading a table") }
        // A read-only table (LuaCall.pushReadOnly) is an empty proxy: copy its target.
        let index = lua_absindex(L, index)
        switch luakit_readonly_push_target(L, index) {
        case 0: break
        case 1:
            defer { lua_pop(L, 1) }
            return try entries(at: lua_gettop(L), depth: depth, limits: &limits)
        default: throw .conversion(Self.poppedMessage(L))
        }
        return try entries(at: index, depth: depth, limits: &limits)
    }

    /// The entries of the plain table at absolute `index`: its list first, by position (as
    /// LuaTable keeps it), then every other entry.
    private func entries(at index: Int32, depth: Int, limits: inout ConversionLimits) throws(LuaError) -> LuaTable {
        var table = LuaTable()
        let length = lua_rawlen(L, index)
        table.reserveList(Int(length))
        var listed: Int64 = 0
        while listed < length {
            guard lua_rawgeti(L, index, lua_Integer(listed + 1)) != LUA_TNIL else { lua_pop(L, 1); break }
            let value: LuaValue
            do {
                // The key counts as read, as lua_next would have read it.
                try limits.spend(nodes: 1, bytes: ConversionLimits.bytesPerValue)
                value = try self.value(at: -1, depth: depth + 1, limits: &limits)
            } catch {
                lua_pop(L, 1)
                throw Self.locating(error, under: .integer(listed + 1))
            }
            lua_pop(L, 1)
            table.appendFromLua(value)
            listed += 1
        }
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            if lua_isinteger(L, -2) != 0, case let i = lua_tointegerx(L, -2, nil), i >= 1, i <= listed {
                lua_pop(L, 1)  // in the list already
                continue
            }
            // Read the key from a copy: lua_tolstring on the original would confuse lua_next.
            lua_pushvalue(L, -2)
            let key: LuaValue
            let value: LuaValue
            do {
                key = try self.value(at: -1, depth: depth + 1, limits: &limits)
            } catch {
                lua_pop(L, 3)
                throw error
            }
            do {
                value = try self.value(at: -2, depth: depth + 1, limits: &limits)
            } catch {
                lua_pop(L, 3)
                throw Self.locating(error, under: key)
            }
            lua_pop(L, 2)
            table.insertFromLua(key, value)
        }
        return table
    }

    /// A text error inside a table names the path to it: `items[2].name: string is not UTF-8 text ...`.
    static func locating(_ error: LuaError, under key: LuaValue) -> LuaError {
        guard case .conversion(let message) = error, message.contains(notTextPrefix) else { return error }
        let segment: String
        switch key {
        case .string(let name)
        where name.first.map({ $0.isLetter || $0 == "_" }) == true
            && name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }):
            segment = name
        case .integer(let i): segment = "[\(i)]"
        case .string(let name): segment = "[\"\(name.prefix(40))\"]"
        default: segment = "[\(key.typeName)]"
        }
        if message.hasPrefix(notTextPrefix) { return .conversion("\(segment): \(message)") }
        return .conversion(segment + (message.hasPrefix("[") ? "" : ".") + message)
    }

    // MARK: - Pushing

    /// Pushes `value`; returns false (pushing nothing) when the stack cannot grow. With
    /// `readOnly`, the index of a message string, every table is pushed read-only
    /// (readonly.c), inner ones first, each raising that message when changed.
    @discardableResult
    func push(_ value: LuaValue, depth: Int = 0, readOnly message: Int32? = nil) -> Bool {
        guard lua_checkstack(L, 3) != 0, depth < Self.maxDepth else { return false }
        switch value {
        case .nil, .opaque: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, i)
        case .number(let d): lua_pushnumber(L, d)
        case .string(let s): push(s)
        case .function(let f): f.push(onto: L)
        case .table(let t):
            let list = t.sequence
            lua_createtable(L, Int32(clamping: list.count), Int32(clamping: t.count - list.count))
            for (i, element) in list.enumerated() {
                guard push(element, depth: depth + 1, readOnly: message) else { lua_pop(L, 1); return false }
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            var pushed = true
            t.forEachField { key, element in
                guard pushed else { return }
                // nil and NaN keys make lua_rawset raise, and a raise here would unwind
                // through Swift frames: skip them (opaque values push as nil).
                switch key {
                case .nil, .opaque: return
                case .number(let d) where d.isNaN: return
                default: break
                }
                guard push(key, depth: depth + 1, readOnly: message) else { pushed = false; return }
                guard push(element, depth: depth + 1, readOnly: message) else { lua_pop(L, 1); pushed = false; return }
                lua_rawset(L, -3)
            }
            guard pushed else { lua_pop(L, 1); return false }
            if let message { luakit_readonly_wrap(L, message) }
        }
        return true
    }

    /// Pushes `records` as a list of tables; returns false (pushing nothing) when the stack
    /// cannot grow. Each field's name is pushed once and copied into every record.
    func push(_ records: LuaRecordList) -> Bool {
        let width = records.fields.count
        guard lua_checkstack(L, Int32(clamping: width + 4)) != 0 else { return false }
        lua_createtable(L, Int32(clamping: records.count), 0)
        let list = lua_gettop(L)
        for field in records.fields { push(field.name) }
        records.values.withUnsafeBufferPointer { values in
            for i in 0..<records.count {
                lua_createtable(L, 0, Int32(clamping: width))
                for (j, field) in records.fields.enumerated() {
                    guard let v = values[i * width + j] else { continue }
                    lua_pushvalue(L, list + 1 + Int32(j))
                    if field.kind == .integer, let n = Int64(exactly: v) { lua_pushinteger(L, n) } else { lua_pushnumber(L, v) }
                    lua_rawset(L, -3)
                }
                lua_rawseti(L, list, lua_Integer(i + 1))
            }
        }
        lua_settop(L, list)
        return true
    }

    func push(_ string: String) {
        if string.isEmpty { lua_pushstring(L, ""); return }
        var string = string
        string.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = lua_pushlstring(L, chars.baseAddress, chars.count)
            }
        }
    }
}

/// Bounds on copying one Lua value into Swift. A table referenced from many places is
/// copied once per reference, so a graph of 40 tables each referencing the next twice
/// would expand to 2^40 nodes: copies are bounded in nodes and in bytes (the state's
/// memory cap: the copy may not hold more than the state itself may), and, when the caller
/// says so, in bytes of text (what the host will lay out: a screen).
struct ConversionLimits {
    /// Values one copy may hold. Default 1,000,000.
    static let maxNodes = 1_000_000
    /// What one copied value costs in Swift, roughly (an enum payload and a table slot).
    static let bytesPerValue = 64

    private(set) var nodesLeft: Int
    private(set) var bytesLeft: Int
    private(set) var textBytesLeft: Int
    let memoryBytes: Int
    let textBytes: Int

    init(memoryBytes: Int, textBytes: Int = .max) {
        self.memoryBytes = memoryBytes
        self.textBytes = textBytes
        nodesLeft = Self.maxNodes
        bytesLeft = memoryBytes
        textBytesLeft = textBytes
    }

    /// Values copied so far.
    var nodesCopied: Int { Self.maxNodes - nodesLeft }

    mutating func spend(nodes: Int, bytes: Int) throws(LuaError) {
        nodesLeft -= nodes
        bytesLeft -= bytes
        if nodesLeft < 0 {
            throw .conversion(
                "value too large to copy out of Lua: more than \(Self.maxNodes) values (a table referenced from several places is copied once per reference)")
        }
        if bytesLeft < 0 {
            throw .conversion(
                "value too large to copy out of Lua: more than the memory cap of \(memoryBytes / 1024) KiB (a table or string referenced from several places is copied once per reference)"
            )
        }
    }

    /// Spends a string of `bytes` bytes.
    mutating func spend(text bytes: Int) throws(LuaError) {
        textBytesLeft -= bytes
        if textBytesLeft < 0 { throw .textLimit(limitBytes: textBytes) }
        try spend(nodes: 0, bytes: bytes)
    }
}
