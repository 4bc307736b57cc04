/// A Lua function held by Swift, anchored in the registry until the reference is released.
///
/// A `LuaState` and its references belong to one thread at a time; the conformance to
/// `Sendable` lets values cross `async` boundaries of that one owner, nothing more.
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
