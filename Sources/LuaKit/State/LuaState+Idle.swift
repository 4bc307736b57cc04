import CLuaSandbox

extension LuaState {
    /// Does the collector's work between runs, when it is due: a full collection once the
    /// next run would otherwise take collector steps (Lua's next cycle, or the memory cap,
    /// within twice what was allocated between two calls lately), nothing otherwise. Call it
    /// while the host is idle; runs then rarely meet the collector. What `collectgarbage`
    /// answers a script, and the memory cap, are as without it.
    /// - Returns: whether it collected; false while a run is in progress (from a native
    ///   function), where it does nothing.
    @discardableResult
    public func collectIfDue() -> Bool {
        handle.releaseDropped()
        return luakit_collect_if_due(L) != 0
    }
}
