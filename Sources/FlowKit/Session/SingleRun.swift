public import ScreenModel

/// A flow run once, and the actions followed from its screen, through a session standing
/// where the request puts the visitor (``FlowSession/init(runtime:standing:)``): how
/// `flowrun --park P FLOW [--follow ID]...`, a scenario and the preview run a flow, so a
/// single run and a live session run it one way.
public struct SingleRun {
    /// The session the screen is shown in (the last park's, after a `go` to another park).
    public private(set) var session: FlowSession
    /// The screen's handle in ``session``.
    public private(set) var handle: Int
    /// The screen shown now: the session's under ``handle``, which a run that returned always
    /// left there.
    public var screen: Screen {
        session.screen(handle) ?? Screen(park: session.runtime.park.code, flow: session.request(handle)?.flow ?? "", title: "")
    }

    /// Runs `request` on `runtime` (an act run when ``FlowRequest/acting`` is set).
    /// - Throws: what ``FlowRuntime/run(_:)`` throws.
    public init(_ request: FlowRequest, on runtime: FlowRuntime) throws(FlowError) {
        let session = FlowSession(runtime: runtime, standing: request)
        (self.session, handle) = (session, try session.open(request, acting: request.acting).handle)
    }

    /// Follows action `id` of the screen: a `go` shows its flow, an `act` is performed (it
    /// writes the store) and shows its screen, a `go` to another park runs there on the
    /// runtime `park(code)` gives, standing where the visitor stood. A URL, call or directions
    /// action changes nothing and is returned, for the caller to say what the app would do.
    /// - Parameters:
    ///   - id: the action's id on the screen.
    ///   - values: what the visitor typed into the form the action submits (default none).
    ///   - park: the runtime of another park, by code.
    /// - Returns: the external action, or nil when a screen is shown.
    /// - Throws: ``FlowError/unknownAction(id:flow:known:)``, ``FlowError/badArgument(name:message:)``
    ///   for a value the form refuses, and what the runs throw.
    public mutating func follow(
        _ id: String, values: [String: String] = [:], park: (String) throws(FlowError) -> FlowRuntime
    ) throws(FlowError) -> Action? {
        switch try session.perform(id, on: handle, values: values).external {
        case .external(let action)?:
            return action
        case .park(let code, let request)?:
            self = try SingleRun(request, on: try park(code))
        case .screen?, nil:
            break
        }
        return nil
    }
}
