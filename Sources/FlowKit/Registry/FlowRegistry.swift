import LuaKit

/// The flows of one park run: defaults from `flows/*.lua`, then the park's own from
/// `parks/<CODE>/flows/*.lua`. A registration under an existing name replaces it; the
/// replaced one stays reachable as the new flow's `super`.
public struct FlowRegistry {
    /// One `flow.register(name, fn)` call.
    public struct Registration {
        /// The flow's name, as registered.
        public let name: String
        let function: LuaFunctionRef
        /// Where it was registered: `parks/GOGA/flows/home.lua:3`.
        public let location: String
        /// The file, for messages about what the flow returns.
        public let file: String
        /// The arguments it declares, if it declares them.
        public let arguments: FlowArguments?
    }

    /// Registrations by name, newest first.
    private(set) var chains: [String: [Registration]] = [:]

    /// Registered flow names, sorted.
    public var names: [String] { chains.keys.sorted() }

    /// The chain for `name`, newest first: the flow and every flow it replaced.
    /// - Parameter name: a flow's name.
    /// - Returns: the registrations, never empty; nil when no flow has that name.
    public func chain(_ name: String) -> [Registration]? { chains[name] }

    /// The arguments flow `name` declares: its newest registration's that declares them
    /// (a park's flow that replaces a default one takes the default's unless it says).
    public func arguments(of name: String) -> FlowArguments? {
        chains[name]?.lazy.compactMap(\.arguments).first
    }

    mutating func add(_ registration: Registration) {
        chains[registration.name, default: []].insert(registration, at: 0)
    }
}
