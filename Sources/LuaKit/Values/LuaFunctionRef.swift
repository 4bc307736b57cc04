/// A Lua function held by Swift, anchored in the registry until the reference is released.
///
/// Sendable because nothing it does touches the state from the wrong thread: its fields are
/// immutable, it is used (called, pushed) only through its `LuaState`, whose owner is the one
/// thread that has the state's stack, and the last holder, on whatever thread, only queues its
/// registry slot for the owner to free (`StateHandle.drop(_:)`).
public final class LuaFunctionRef: Hashable, @unchecked Sendable, CustomStringConvertible {
    let anchor: RegistryAnchor
    var handle: StateHandle { anchor.handle }
    var ref: Int32 { anchor.ref }

    /// Takes the value at `index` of `L`'s stack into the registry.
    init(handle: StateHandle, L: OpaquePointer, index: Int32) {
        anchor = RegistryAnchor(handle: handle, L: L, index: index)
    }

    func push(onto L: OpaquePointer) { anchor.push(onto: L) }

    /// Whether `a` and `b` are the same reference (two references to one function are not equal).
    public static func == (a: LuaFunctionRef, b: LuaFunctionRef) -> Bool { a === b }
    /// Hashes the reference's identity, consistently with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    /// `function (ref 12)`, for debugging.
    public var description: String { "function (ref \(ref))" }
}
