import Formats
public import GeoKit
public import ScreenModel

/// Following a screen's actions: where one leads, and running it there.
extension FlowRuntime {
    /// Follows action `id` of `screen`: runs the flow a `go` action leads to, or performs an
    /// `act` action (an act run: it writes the store) and shows its screen, keeping the
    /// visitor's position and the screen's size (see ``FlowRequest/init(flow:actionArgs:at:size:acting:)``);
    /// returns the request of a `go` to another park for that park's runtime to run, or
    /// returns a URL, phone or directions action for the app to perform.
    /// - Parameters:
    ///   - id: the action's id, as ``run(_:)`` numbered it.
    ///   - screen: the screen the action is on.
    ///   - at: the visitor's position, carried over to the next request.
    ///   - size: the screen's size, carried over unless the action gives one.
    ///   - location: the location state, carried over (default nil: derived from `at`).
    ///   - connectivity: the network's state, carried over (default online).
    ///   - party: the party and the member the run acts as, carried over (default none).
    /// - Throws: ``FlowError/unknownAction(id:flow:known:)`` when the screen has no such
    ///   action, ``FlowError/badArgument(name:message:)`` for view args that do not parse,
    ///   and what ``run(_:)`` throws for the flow it leads to.
    public func follow(
        _ id: String, from screen: Screen, at: Coordinate?, size: ScreenSize? = nil,
        location: LocationState? = nil, connectivity: Connectivity = .online,
        party: PartyRun? = nil
    ) throws(FlowError) -> FollowOutcome {
        switch try actionTarget(id, from: screen, at: at, size: size) {
        case .external(let action):
            return .external(action)
        case .park(let code, var request):
            (request.location, request.connectivity, request.party) = (location, connectivity, party)
            return .park(code, request)
        case .request(var request):
            (request.location, request.connectivity, request.party) = (location, connectivity, party)
            return .screen(try run(request))
        }
    }

    /// Where action `id` of `screen` leads, without running anything.
    enum ActionTarget {
        /// A `go` or `act` in this park: the request to run.
        case request(FlowRequest)
        /// A URL, phone or directions action, for the app.
        case external(Action)
        /// A `go` to another park, whose own runtime runs it.
        case park(String, FlowRequest)
    }

    /// Where action `id` of `screen` leads (``follow(_:from:at:size:location:connectivity:party:)``'s first half).
    func actionTarget(_ id: String, from screen: Screen, at: Coordinate?, size: ScreenSize?) throws(FlowError) -> ActionTarget {
        guard let located = screen.action(withID: id) else {
            throw .unknownAction(id: id, flow: screen.flow, known: screen.actions.compactMap(\.action.id))
        }
        guard let (flow, args, other) = located.action.flowTarget else { return .external(located.action) }
        let acting = located.action.kind == "act"
        // Checked with the screen when the flow returned it; a screen built elsewhere may not be.
        let request: FlowRequest
        do {
            request = try FlowRequest(flow: flow, actionArgs: args, at: at, size: size, acting: acting)
        } catch {
            throw .badArgument(name: "--follow \(Excerpt.text(id))", message: "\(located.path).args.\(error.key): \(error.message)")
        }
        // Another park's flows run in its own runtime, never in this park's Lua state.
        if let other, other != park.code { return .park(other, request) }
        return .request(request)
    }
}
