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
    ///   - values: what the visitor typed into the form the action submits, by field name
    ///     (default none: the fields' own values).
    /// - Throws: ``FlowError/unknownAction(id:flow:known:)`` when the screen has no such
    ///   action, ``FlowError/badArgument(name:message:)`` for a value the form refuses, ``FlowError/badArgument(name:message:)`` for view args that do not parse,
    ///   and what ``run(_:)`` throws for the flow it leads to.
    public func follow(
        _ id: String, from screen: Screen, at: Coordinate?, size: ScreenSize? = nil,
        location: LocationState? = nil, connectivity: Connectivity = .online,
        party: PartyRun? = nil, values: [String: String] = [:]
    ) throws(FlowError) -> FollowOutcome {
        switch try actionTarget(id, from: screen, at: at, size: size, values: values) {
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

    /// Where action `id` of `screen` leads (``follow(_:from:at:size:location:connectivity:party:values:)``'s first half).
    /// A form's submit sends its fields' `values` (what was typed, by field name; a field not
    /// given sends what it holds), checked by the form before anything runs
    /// (``ScreenModel/Component/Form/submission(_:)``); values for an action that submits no
    /// form are refused.
    func actionTarget(
        _ id: String, from screen: Screen, at: Coordinate?, size: ScreenSize?, values: [String: String] = [:]
    ) throws(FlowError)
        -> ActionTarget
    {
        guard let located = screen.action(withID: id) else {
            throw .unknownAction(id: id, flow: screen.flow, known: screen.actions.compactMap(\.action.id))
        }
        guard let (flow, actionArgs, other) = located.action.flowTarget else {
            if !values.isEmpty { throw Self.noForm(id, on: screen) }
            return .external(located.action)
        }
        let args = try Self.submitted(values, with: id, on: screen) ?? actionArgs
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

    /// The action that sending `values` with the form action `id` submits: the form's `go`
    /// or `act` with the submitted arguments, each value checked by the form and the
    /// arguments as the run they lead to checks them. The preview page asks for it before it
    /// runs the action as it runs any link.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for a value refused or an action
    ///   that submits no form; ``FlowError/unknownAction(id:flow:known:)``.
    public func submission(_ id: String, from screen: Screen, values: [String: String]) throws(FlowError) -> Action {
        guard let (_, form) = screen.form(submitting: id) else {
            guard screen.action(withID: id) != nil else { throw .unknownAction(id: id, flow: screen.flow, known: screen.actions.compactMap(\.action.id)) }
            throw Self.noForm(id, on: screen)
        }
        let args = try Self.submitted(values, with: id, on: screen) ?? [:]
        // The run it leads to checks its arguments as a link's (a view's zoom, say).
        _ = try actionTarget(id, from: screen, at: nil, size: nil, values: values)
        var action = form.submit
        switch action.target {
        case .go(let flow, _, let park): action.target = .go(flow: flow, args: args, park: park)
        case .act(let flow, _): action.target = .act(flow: flow, args: args)
        case .url, .call, .directions: break
        }
        return action
    }

    /// The arguments of action `id` when it submits a form of `screen` with `values`, or nil
    /// when it submits none (and no values were given).
    private static func submitted(_ values: [String: String], with id: String, on screen: Screen) throws(FlowError) -> [String: String]? {
        guard let (path, form) = screen.form(submitting: id) else {
            if values.isEmpty { return nil }
            throw noForm(id, on: screen)
        }
        do {
            return try form.submission(values)
        } catch {
            let label = error.label.map { " (\(Excerpt.text($0)))" } ?? ""
            throw .badArgument(name: "\(path) field \(Excerpt.quoted(error.field))\(label)", message: error.message)
        }
    }

    /// Values sent with action `id`, which submits no form of `screen`.
    private static func noForm(_ id: String, on screen: Screen) -> FlowError {
        let submits = screen.sections.compactMap { section -> String? in
            if case .form(let form) = section { return form.submit.id } else { return nil }
        }
        let which = submits.isEmpty ? "the screen has no form" : "the screen's forms are sent by \(submits.joined(separator: ", "))"
        return .badArgument(name: "--field", message: "action \(Excerpt.quoted(id)) of flow \(Excerpt.quoted(screen.flow)) submits no form; \(which)")
    }
}
