/// A read-only Lua table held by Swift, anchored in the registry until the reference is
/// released: data built once and handed to many runs (a park's sites), which no run can
/// change for the next.
///
/// Make one with ``LuaCall/pushReadOnly(_:message:)``, hand it out again with
/// ``LuaCall/push(_:)-(LuaTableRef)``. Lua has no frozen tables, so the table and every
/// table inside it are empty proxies of the real ones (CLuaSandbox's `readonly.c`): reading
/// (`t.k`, `t[i]`, `#t`, `ipairs`, `pairs`, `next`, `rawget`, `rawlen`, the table library's
/// reads) sees the content; changing (`t.k = v`, `rawset`, `table.insert`/`remove`/`sort`/
/// `move` into it, `setmetatable`) fails with the table's message after the `file:line:` of
/// the change; `getmetatable` returns `false`. Copying it to Swift (a result, an argument
/// read with ``LuaCall/value(_:)``) copies the content.
///
/// Sendable on the same proof as ``LuaFunctionRef``: immutable fields, used only through its
/// state's owner, and released by queueing its registry slot for that owner to free.
public final class LuaTableRef: @unchecked Sendable {
    let anchor: RegistryAnchor
    var handle: StateHandle { anchor.handle }
    var ref: Int32 { anchor.ref }

    /// Takes the value at `index` of `L`'s stack into the registry.
    init(handle: StateHandle, L: OpaquePointer, index: Int32) {
        anchor = RegistryAnchor(handle: handle, L: L, index: index)
    }

    func push(onto L: OpaquePointer) { anchor.push(onto: L) }
}
