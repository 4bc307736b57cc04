import CLua
import CLuaSandbox

/// Lazy lists: read-only lists whose elements are made on first read (CLuaSandbox's
/// `lazylist.c`). A park's sites are one: a hundred thousand of them as Lua tables would
/// outgrow the memory cap, while a screen reads a handful.
///
/// A list reads as a read-only list of its length (``LuaTableRef``): `#`, `t[i]`, `ipairs`,
/// `pairs`, `next`, `rawget`, `rawlen` and the table library's reads see elements 1...n;
/// writes fail with its message. Element i is made by calling the list's `make` function
/// with i, once while anything holds it. A view lists elements of a list by position (the
/// sites of some categories), and reads them through it, so both hand out the same tables.
extension LuaState {
    /// Makes a lazy list of `count` elements, element i made by `make(i)`; push it with
    /// ``LuaCall/push(_:)-(LuaTableRef)``.
    /// - Parameters:
    ///   - count: the number of elements.
    ///   - make: a function of this state returning element i, read-only if it should be.
    ///   - message: what a script that tries to change the list is told.
    /// - Returns: the reference, or nil when `make` belongs to another state.
    public func lazyList(count: Int, make: LuaFunctionRef, message: String) -> LuaTableRef? {
        guard make.handle === handle, lua_checkstack(L, 8) != 0 else { return nil }
        stack.push(message)
        make.push(onto: L)
        luakit_lazy_list(L, -1, Int64(count), -2)
        defer { lua_settop(L, -4) }
        return LuaTableRef(handle: handle, L: L, index: -1)
    }
}

extension LuaCall {
    /// Pushes a view of `source`, a list made by ``LuaState/lazyList(count:make:message:)``:
    /// element j is `source[positions[j]]`.
    /// - Parameters:
    ///   - source: the lazy list.
    ///   - positions: positions in it, from 1.
    ///   - message: what a script that tries to change the view is told.
    public mutating func pushLazyView(of source: LuaTableRef, positions: [Int], message: String) {
        guard source.handle === handle, lua_checkstack(L, 8) != 0, reserve() else {
            failure = failure ?? "a lazy view needs a list of the same Lua state and room on the stack"
            return
        }
        stack.push(message)
        source.push(onto: L)
        let made = positions.map(Int64.init).withUnsafeBufferPointer { buffer in
            luakit_lazy_view(L, -1, buffer.baseAddress, Int64(buffer.count), -2)
        }
        if made == 0 {
            lua_settop(L, -3)
            lua_pushnil(L)
            failure = "a lazy view's positions must be in 1...#source, of a lazy list"
            return
        }
        lua_rotate(L, -3, 1)
        lua_settop(L, -3)
    }

    /// Where the elements of list argument `i` are in `source`, a list made by
    /// ``LuaState/lazyList(count:make:message:)``: `.all(n)` for `source` itself, its positions
    /// for a view of it, and for any other list each element's position, 0 for an element
    /// that is not one of source's (a table the script made).
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - source: the lazy list.
    ///   - name: the argument's name, for errors.
    /// - Throws: ``LuaCallError`` when the argument is not a list, or has more than
    ///   ``maxListCount`` elements.
    public func positions(_ i: Int, in source: LuaTableRef, name: String) throws(LuaCallError) -> LazyPositions {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TTABLE else { throw argumentError(i, expected: "list") }
        guard source.handle === handle, lua_checkstack(L, 6) != 0 else { throw badArgument(i, "\(name): Lua stack overflow") }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        source.push(onto: L)
        let sourceIndex = lua_gettop(L)
        var pointer: UnsafePointer<Int64>?
        var count: Int64 = 0
        if luakit_lazy_positions(L, Int32(i), sourceIndex, &pointer, &count) != 0 {
            guard let pointer else { return .all(Int(count)) }
            return .positions(UnsafeBufferPointer(start: pointer, count: Int(count)).map { Int($0) })
        }
        let list = try readOnlyTarget(i, name: name) ?? Int32(i)
        let length = Int(lua_rawlen(L, list))
        guard length <= LuaCall.maxListCount else { throw badArgument(i, "\(name): more than \(LuaCall.maxListCount) items") }
        var positions: [Int] = []
        positions.reserveCapacity(length)
        for k in 1...max(length, 1) where k <= length {
            lua_rawgeti(L, list, lua_Integer(k))
            positions.append(Int(luakit_lazy_position_of(L, sourceIndex, -1)))
            lua_settop(L, -2)
        }
        return .positions(positions)
    }

    /// Where field `key` of table argument `i` is in `source`, when it is `source` itself or a
    /// view of it (see ``positions(_:in:name:)``); nil for anything else, read as usual.
    /// - Parameters:
    ///   - key: the field's name.
    ///   - i: the argument's position, from 1.
    ///   - source: a lazy list made by ``LuaState/lazyList(count:make:message:)``.
    public func positions(ofField key: String, in i: Int, source: LuaTableRef) -> LazyPositions? {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TTABLE, source.handle === handle, lua_checkstack(L, 6) != 0 else {
            return nil
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        source.push(onto: L)
        let sourceIndex = lua_gettop(L)
        let table = luakit_readonly_push_target(L, Int32(i)) == 1 ? lua_gettop(L) : Int32(i)
        stack.push(key)
        lua_rawget(L, table)
        var pointer: UnsafePointer<Int64>?
        var count: Int64 = 0
        guard luakit_lazy_positions(L, -1, sourceIndex, &pointer, &count) != 0 else { return nil }
        guard let pointer else { return .all(Int(count)) }
        return .positions(UnsafeBufferPointer(start: pointer, count: Int(count)).map { Int($0) })
    }

    /// Pushes element `k` of `list`, a lazy list, made if it has not been.
    /// - Parameters:
    ///   - k: the position, from 1 (`nil` outside the list).
    ///   - list: a list made by ``LuaState/lazyList(count:make:message:)``.
    /// - Throws: ``LuaCallError`` with the error of making the element (a budget).
    public mutating func pushElement(_ k: Int, of list: LuaTableRef) throws(LuaCallError) {
        guard list.handle === handle, lua_checkstack(L, 4) != 0, reserve() else {
            throw LuaCallError(failure ?? "a lazy list's element needs a list of the same Lua state and room on the stack")
        }
        list.push(onto: L)
        let made = luakit_lazy_get(L, -1, Int64(k))
        lua_remove(L, -2)
        if made == 0 { throw LuaCallError(LuaStack.poppedMessage(L)) }
    }

    /// The target of read-only argument `i` pushed (a lazy list's made in full), or nil
    /// when it is a plain table.
    /// - Throws: ``LuaCallError`` when a lazy list's elements could not be made.
    func readOnlyTarget(_ i: Int, name: String) throws(LuaCallError) -> Int32? {
        switch luakit_readonly_push_target(L, Int32(i)) {
        case 0: return nil
        case 1: return lua_gettop(L)
        default: throw badArgument(i, "\(name): \(LuaStack.poppedMessage(L))")
        }
    }
}

/// Which elements of a lazy list a list holds (``LuaCall/positions(_:in:name:)``).
public enum LazyPositions: Equatable, Sendable {
    /// The list itself: positions 1...count.
    case all(Int)
    /// These positions, from 1; 0 for an element that is not one of the list's.
    case positions([Int])

    /// Every position, in order: 1...count for the list itself.
    public var list: [Int] {
        switch self {
        case .all(let count): return count > 0 ? Array(1...count) : []
        case .positions(let positions): return positions
        }
    }
}

extension LuaStack {
    /// The error message on the stack top, popped ("error" when it is not a string).
    static func poppedMessage(_ L: OpaquePointer) -> String {
        defer { lua_settop(L, -2) }
        guard lua_type(L, -1) == LUA_TSTRING, let text = lua_tolstring(L, -1, nil) else { return "error" }
        return String(cString: text)
    }
}
