import CLua
import CLuaShim

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

    /// Closes the state with the budgets still on: a finalizer that loops forever is stopped
    /// by the count hook, one that allocates without end by the cap.
    func close(finalizerInstructions: Int) {
        guard !isClosed else { return }
        isClosed = true
        budget.pointee.instruction_limit = Int64(finalizerInstructions)
        luakit_arm(L)
        budget.pointee.enforcing = 1
        lua_close(L)
        budget.deallocate()
    }
}
