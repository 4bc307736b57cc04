import CLua
import CLuaSandbox

/// Lists of numbers crossing the boundary in bulk: read where they lie on Lua's stack into a
/// flat `[Double]`, and pushed back as one list, with no ``LuaValue`` per number. A batch of
/// a hundred thousand coordinates costs a few milliseconds this way, against a fifth of a
/// second decoded one table at a time.
extension LuaCall {
    /// The most items a bulk read takes by default (``numbers(_:name:limit:)``,
    /// ``records(_:name:fields:limit:)``): ten million, about 160 MB of Lua list.
    public static let maxListCount = 10_000_000

    /// Whether argument `i` is a table: how a batch form is told from a single one.
    /// - Parameter i: the argument's position, from 1.
    public func isTable(_ i: Int) -> Bool { i <= argumentCount && lua_type(L, Int32(i)) == LUA_TTABLE }

    /// Argument `i`, a list of numbers (integers are converted), read in place. Read-only
    /// tables are seen through. Charged as ``value(_:)`` charges, before the read.
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - name: what messages call the list (`lat1`).
    ///   - limit: the most numbers taken (default ``maxListCount``).
    /// - Returns: the numbers in list order.
    /// - Throws: ``LuaCallError`` naming the argument and the item at fault:
    ///   `bad argument #1 to 'inverse' (lat1[3]: number expected, got string)`, a hole
    ///   (`lat1: not a list: 4 entries but a length of 2 ...`), or more than `limit` items.
    public func numbers(_ i: Int, name: String, limit: Int = maxListCount) throws(LuaCallError) -> [Double] {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TTABLE else { throw argumentError(i, expected: "list of numbers") }
        guard lua_checkstack(L, 3) != 0 else { throw badArgument(i, "\(name): Lua stack overflow") }
        let target = try readOnlyTarget(i, name: name) ?? Int32(i)
        defer { if target != Int32(i) { lua_settop(L, -2) } }
        do { return try readNumbers(at: target, limit: limit) } catch { throw error.callError(self, argument: i, name: name) }
    }

    /// Pushes `values` as one list result, `{v1, v2, ...}`, built with the C API directly.
    /// - Parameter values: the numbers.
    public mutating func push(numbers values: [Double]) {
        guard reserve() else { return }
        lua_createtable(L, Int32(clamping: values.count), 0)
        values.withUnsafeBufferPointer { numbers in
            for (k, v) in numbers.enumerated() {
                lua_pushnumber(L, v)
                lua_rawseti(L, -2, lua_Integer(k + 1))
            }
        }
    }

    /// Pushes `values` as one list result of Lua integers (`#t` and `table.concat` read
    /// them as `3`, not `3.0`).
    /// - Parameter values: the integers.
    public mutating func push(integers values: [Int]) {
        guard reserve() else { return }
        lua_createtable(L, Int32(clamping: values.count), 0)
        for (k, v) in values.enumerated() {
            lua_pushinteger(L, lua_Integer(v))
            lua_rawseti(L, -2, lua_Integer(k + 1))
        }
    }

    // MARK: - Internal

    /// Where a bulk read stopped: the path below the argument (`[3]`, `[3].lat`) and what was
    /// wrong, or the budget, spent by the read's charge.
    struct ListReadError: Error {
        var path: String
        var message: String
        var budget: LuaCallError?

        /// The error for argument `i`, whose list messages call `name`.
        func callError(_ call: LuaCall, argument i: Int, name: String) -> LuaCallError {
            budget ?? call.badArgument(i, "\(name)\(path): \(message)")
        }
    }

    /// Charges `instructions` for a bulk read, as a ``ListReadError`` when the budget is spent.
    func chargeRead(_ instructions: Int) throws(ListReadError) {
        do { try charge(instructions) } catch { throw ListReadError(path: "", message: error.message, budget: error) }
    }

    /// The list at absolute `index` (a plain table) as numbers; charged before the read.
    func readNumbers(at index: Int32, limit: Int) throws(ListReadError) -> [Double] {
        let n = try listLength(at: index, limit: limit)
        // A number costs its key and its value, as a copy of the table would.
        try chargeRead(2 * n * Self.instructionsPerCopiedValue)
        var out = [Double](repeating: 0, count: n)
        if out.withUnsafeMutableBufferPointer({ readNumberEntries(at: index, into: $0) }) { return out }
        // Not a plain list of numbers: find the first item at fault, in list order.
        for k in 0..<n {
            let type = lua_rawgeti(L, index, lua_Integer(k + 1))
            defer { lua_settop(L, -2) }
            if type != LUA_TNUMBER { throw ListReadError(path: "[\(k + 1)]", message: "number expected, got \(luaTypeName(-1))") }
        }
        try checkNoExtraKeys(at: index, length: n)
        return out
    }

    /// Reads the table at absolute `index` in one traversal into `buffer` (its length is the
    /// table's): true when its entries are exactly the keys 1...count, each a number. One pass
    /// over the entries answers both what a read per key and a count of the keys would.
    private func readNumberEntries(at index: Int32, into buffer: UnsafeMutableBufferPointer<Double>) -> Bool {
        let n = buffer.count
        var entries = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            var isInteger: Int32 = 0
            let key = lua_type(L, -2) == LUA_TNUMBER ? lua_tointegerx(L, -2, &isInteger) : 0
            guard isInteger != 0, key >= 1, key <= n, lua_type(L, -1) == LUA_TNUMBER else {
                lua_settop(L, -3)
                return false
            }
            buffer[Int(key) - 1] = lua_tonumberx(L, -1, nil)
            entries += 1
            lua_settop(L, -2)
        }
        // n distinct keys, all within 1...n: the list, with no hole.
        return entries == n
    }

    /// The length of the list at absolute `index`, at most `limit`.
    func listLength(at index: Int32, limit: Int) throws(ListReadError) -> Int {
        let n = Int(lua_rawlen(L, index))
        guard n <= limit else { throw ListReadError(path: "", message: "\(n) items, more than the \(limit) one call takes") }
        return n
    }

    /// Fails unless the table at absolute `index` has exactly the keys 1...length: a hole
    /// lets Lua's length stop early, and the items after it would be dropped unseen.
    func checkNoExtraKeys(at index: Int32, length: Int) throws(ListReadError) {
        var entries = 0
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            entries += 1
            lua_settop(L, -2)
        }
        guard entries != length else { return }
        throw ListReadError(
            path: "", message: "not a list: \(entries) entries but a length of \(length) (a hole, or keys other than 1...\(length))")
    }

    /// Lua's type name of the value at `index`.
    func luaTypeName(_ index: Int32) -> String { String(cString: lua_typename(L, lua_type(L, index))) }
}
