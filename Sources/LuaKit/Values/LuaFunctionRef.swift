import CLua

/// A Lua function held by Swift, anchored in the registry until the reference is released.
///
/// A `LuaState` and its references belong to one thread at a time; the conformance to
/// `Sendable` lets values cross `async` boundaries of that one owner, nothing more.
public final class LuaFunctionRef: Hashable, @unchecked Sendable, CustomStringConvertible {
    let handle: StateHandle
    let ref: Int32

    /// Takes the value at `index` of `L`'s stack into the registry.
    init(handle: StateHandle, L: OpaquePointer, index: Int32) {
        self.handle = handle
        lua_pushvalue(L, index)
        self.ref = luaL_ref(L, lua_registryindex())
    }

    deinit {
        // luaL_unref only writes existing registry slots: it neither allocates nor raises.
        if !handle.isClosed { luaL_unref(handle.L, lua_registryindex(), ref) }
    }

    func push(onto L: OpaquePointer) {
        lua_rawgeti(L, lua_registryindex(), lua_Integer(ref))
    }

    /// Whether `a` and `b` are the same reference (two references to one function are not equal).
    public static func == (a: LuaFunctionRef, b: LuaFunctionRef) -> Bool { a === b }
    /// Hashes the reference's identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `function (ref 12)`, for debugging.
    public var description: String { "function (ref \(ref))" }
}
