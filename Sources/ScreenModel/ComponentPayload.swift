/// What each component file implements: the data of one `Component` case, its
/// `type` string, and the way into and out of the enum. `Component` finds payloads
/// through ``Component/registry`` only, so a new component is its own file plus
/// one `case` and one registry entry.
protocol ComponentPayload: ScreenNode, Codable, Sendable {
    /// The `type` string that selects this payload in JSON ("text").
    static var type: String { get }

    /// Decodes the payload, also accepting `extraKeys` (the enclosing `type`).
    init(from decoder: any Decoder, allowing extraKeys: [String]) throws

    /// This payload wrapped in its `Component` case.
    var component: Component { get }

    /// The payload of `component` when it is this payload's case. An existential, not
    /// `Self?`: in the registry's unspecialized loop each `Optional<Self>` is metadata to look up.
    static func payload(of component: Component) -> (any ComponentPayload)?

    /// The component's optional identifier.
    var id: String? { get }
}
