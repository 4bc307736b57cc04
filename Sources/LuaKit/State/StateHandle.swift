import CLua
import CLuaSandbox

/// The raw state and its budget, shared by a `LuaState` and the references it hands out,
/// so a reference that outlives its state knows not to touch it.
final class StateHandle {
    let L: OpaquePointer
    let budget: UnsafeMutablePointer<luakit_budget>
    private(set) var isClosed = false

    init(L: OpaquePointer, budget: UnsafeMutablePointer<luakit_budget>) {
        self.L = L
        self.budget = budget
    }

    /// Closes the state. Scripts cannot set `__gc` (the sandbox refuses it), so only the
    /// host's own finalizers run, which release Swift objects.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        lua_close(L)
        budget.deallocate()
    }
}
