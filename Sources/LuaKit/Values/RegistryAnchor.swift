import CLua

/// A value of a Lua state kept alive from Swift: anchored in the registry until released.
/// What ``LuaFunctionRef`` and ``LuaTableRef`` hold.
final class RegistryAnchor {
    let handle: StateHandle
    let ref: Int32

    /// Takes the value at `index` of `L`'s stack into the registry.
    init(handle: StateHandle, L: OpaquePointer, index: Int32) {
        self.handle = handle
        lua_pushvalue(L, index)
        self.ref = luaL_ref(L, lua_registryindex())
    }

    deinit {
        // The last holder may be on any thread: the state's owner frees the slot (StateHandle).
        handle.drop(ref)
    }

    /// Pushes the anchored value onto `L`'s stack.
    func push(onto L: OpaquePointer) {
        lua_rawgeti(L, lua_registryindex(), lua_Integer(ref))
    }
}
