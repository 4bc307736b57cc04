import LuaKit

/// One run's use of the visitor store: its transaction, begun by the run's first store call
/// (so a run that never calls `store` never opens the database), writing only in an act run,
/// and ended by the runtime: committed when an act run returned a valid screen, rolled back
/// otherwise. The first ``StoreError`` of the run is kept: the run fails with it even when
/// the flow caught the Lua error, and writes nothing.
final class StoreRun {
    let store: any VisitorStore
    /// The park whose data the run reads and writes.
    let park: String
    /// Whether the run may write (an act run).
    let acting: Bool
    /// The run's clock as ISO 8601 UTC text: every row the run writes gets it.
    let time: String
    /// The first store failure of the run.
    private(set) var failure: StoreError?
    private var began = false
    /// Whether the run called the store at all: a live session re-runs such a flow after an act.
    private(set) var used = false
    /// Rows per table of the run's park, counted once and kept current by its writes (the
    /// transaction keeps other processes' writes out), so a quota costs no count per write.
    private var counts: [StoreTable: Int] = [:]

    static let readOnlyAdvice = "the store is read-only in a view run; change it from an act action"

    init(store: any VisitorStore, park: String, acting: Bool, time: String) {
        (self.store, self.park, self.acting, self.time) = (store, park, acting, time)
    }

    /// Runs `body` on the store inside the run's transaction, begun if it is not yet.
    /// - Parameters:
    ///   - function: the Lua name for messages (`store.add_favorite`).
    ///   - writes: whether `body` writes: refused in a view run.
    /// - Throws: ``LuaCallError`` with the message of a store failure (kept for the run) or
    ///   of a write in a view run.
    func use<T>(_ function: String, writes: Bool = false, _ body: (any VisitorStore) throws(StoreError) -> T) throws(LuaCallError) -> T {
        if writes && !acting { throw LuaCallError("\(function): \(Self.readOnlyAdvice)") }
        if let failure { throw LuaCallError("\(function): \(failure.message)") }
        do {
            if !began {
                try store.begin(writing: acting)
                began = true
                used = true
            }
            return try body(store)
        } catch {
            failure = error
            throw LuaCallError("\(function): \(error.message)")
        }
    }

    /// Rows of `table` of the run's park: counted on first use, then kept by ``counted(_:_:)``.
    func count(_ table: StoreTable, for function: String) throws(LuaCallError) -> Int {
        if let known = counts[table] { return known }
        let counted = try use(function) { store throws(StoreError) in try store.count(table, park: park) }
        counts[table] = counted
        return counted
    }

    /// Notes `change` rows added to (or, negative, removed from) `table` by the run.
    func counted(_ table: StoreTable, _ change: Int) {
        if let known = counts[table] { counts[table] = known + change }
    }

    /// Ends the run's transaction: commits an act run's writes when `commit` is true and the
    /// run met no store failure, rolls back otherwise.
    /// - Throws: the run's store failure, or the commit's.
    func finish(commit: Bool) throws(StoreError) {
        defer { began = false }
        if let failure {
            if began { store.rollback() }
            throw failure
        }
        guard began else { return }
        guard commit && acting else {
            store.rollback()
            return
        }
        do {
            try store.commit()
        } catch {
            store.rollback()
            throw error
        }
    }
}
