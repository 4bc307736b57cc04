import CLua
import CLuaSandbox
import Synchronization

/// The raw state and its budget, shared by a `LuaState` and the references it hands out,
/// so a reference that outlives its state knows not to touch it.
///
/// A state belongs to one thread at a time (its owner's), but a reference (``LuaFunctionRef``,
/// ``LuaTableRef``) may be dropped on any thread. Dropping one never touches the state: it
/// queues the registry slot under ``shared``'s lock, and the owner unrefs the queued slots the
/// next time it calls into Lua (``releaseDropped()``). The lock guards `dropped` and `closed`
/// only; `L` and `budget` are the owner's alone (so the class is unchecked Sendable).
final class StateHandle: @unchecked Sendable {
    let L: OpaquePointer
    let budget: UnsafeMutablePointer<luakit_budget>
    private let shared = Mutex(Shared())

    /// What any thread may touch.
    private struct Shared {
        var closed = false
        var dropped: [Int32] = []
    }

    init(L: OpaquePointer, budget: UnsafeMutablePointer<luakit_budget>) {
        self.L = L
        self.budget = budget
    }

    /// Whether the state is closed; a closed state's registry is gone with it.
    var isClosed: Bool { shared.withLock { $0.closed } }

    /// Queues registry slot `ref` for release by the state's owner; from any thread.
    func drop(_ ref: Int32) {
        shared.withLock { if !$0.closed { $0.dropped.append(ref) } }
    }

    /// Frees the registry slots of the references dropped since the last call. The owner
    /// calls it before it runs Lua: luaL_unref only writes existing registry slots, so it
    /// neither allocates nor raises.
    func releaseDropped() {
        let refs: [Int32] = shared.withLock { shared in
            defer { shared.dropped.removeAll(keepingCapacity: true) }
            return shared.dropped
        }
        for ref in refs { luaL_unref(L, lua_registryindex(), ref) }
    }

    /// Closes the state. Scripts cannot set `__gc` (the sandbox refuses it), so only the
    /// host's own finalizers run, which release Swift objects.
    func close() {
        let wasClosed: Bool = shared.withLock { shared in
            defer { shared = Shared(closed: true) }
            return shared.closed
        }
        guard !wasClosed else { return }
        lua_close(L)
        budget.deallocate()
    }
}
