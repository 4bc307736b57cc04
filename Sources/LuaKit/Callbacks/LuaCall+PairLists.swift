import CLua

extension LuaCall {
    /// Pushes lists of number pairs as one result: each inner array, flat `x0, y0, x1, y1,
    /// ...`, becomes `{ {x0, y0}, {x1, y1}, ... }`. Built with the C API directly, without a
    /// ``LuaValue`` per pair: a park's outline on a map is a thousand pairs in every run.
    /// An odd count leaves the last number out.
    /// - Parameter lists: the lists, each flat.
    public mutating func push(pairLists lists: [[Double]]) {
        guard reserve() else { return }
        guard lua_checkstack(L, 3) != 0 else {
            lua_pushnil(L)
            failure = "result \(resultCount) is too large for Lua's stack"
            return
        }
        lua_createtable(L, Int32(clamping: lists.count), 0)
        for (i, list) in lists.enumerated() {
            let pairs = list.count / 2
            lua_createtable(L, Int32(clamping: pairs), 0)
            list.withUnsafeBufferPointer { numbers in
                for p in 0..<pairs {
                    lua_createtable(L, 2, 0)
                    lua_pushnumber(L, numbers[2 * p])
                    lua_rawseti(L, -2, 1)
                    lua_pushnumber(L, numbers[2 * p + 1])
                    lua_rawseti(L, -2, 2)
                    lua_rawseti(L, -2, lua_Integer(p + 1))
                }
            }
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }
}
