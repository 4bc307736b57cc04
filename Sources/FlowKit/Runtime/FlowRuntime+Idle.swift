import LuaKit

extension FlowRuntime {
    /// Does the work of the park's Lua collector that would otherwise fall inside later runs:
    /// call it when the app is idle between screens (after showing one, say). It collects in
    /// full only when that is due (LuaKit's `LuaState.collectIfDue()`), so calling it often costs
    /// little. Flows see no difference: `collectgarbage` answers as in stock Lua, and the
    /// memory cap holds.
    /// - Returns: whether it collected.
    @discardableResult
    public func idle() -> Bool {
        lua.collectIfDue()
    }
}
