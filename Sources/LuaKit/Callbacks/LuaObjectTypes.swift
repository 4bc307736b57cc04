/// A Swift class whose instances Lua holds as userdata (a cluster index, a geofence
/// monitor). Register its methods once with ``LuaState/defineType(_:methods:)``; push
/// instances with ``LuaCall/push(object:)``. Lua's `__gc` releases the instance.
public protocol LuaObject: AnyObject {
    /// The type's name in Lua messages and as its metatable key, e.g. `"cluster.Index"`.
    static var luaTypeName: String { get }
    /// Bytes the object holds outside Lua (arrays, indexes), roughly. They count against
    /// the state's memory cap and drive garbage collection; re-read after every method call.
    var nativeByteCount: Int { get }
}

extension LuaObject {
    /// None: an object that holds little outside Lua need not say.
    public var nativeByteCount: Int { 0 }
}

/// A method of a ``LuaObject``: `self` is argument 1 (`obj:method(...)`), already checked;
/// its own arguments start at 2.
public typealias LuaMethod<T: LuaObject> = (T, inout LuaCall) throws -> Void
