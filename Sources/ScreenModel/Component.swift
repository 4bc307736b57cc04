/// One section of a screen, selected in JSON by its `type` key:
/// `{"type": "text", "text": "…"}`. Every case carries an optional `id`.
///
/// Adding a component (`ar`): write `Components/Component+AR.swift`
/// with the payload type and its `ComponentPayload` conformance, then add the
/// `case` below and the payload's type to ``registry``.
public enum Component: Hashable, Sendable {
    /// A paragraph or heading.
    case text(Text)
    /// A picture with alt text, a placeholder color and a load priority.
    case image(Image)
    /// A titled block with optional body, picture, badges and action.
    case card(Card)
    /// Rows of items, with a message for when there are none.
    case list(List)
    /// Cards side by side, swiped through.
    case carousel(Carousel)
    /// A single action as a button.
    case button(Button)
    /// Fields a visitor fills in, sent with a go or act action.
    case form(Form)
    /// Introductory pages with parallax background layers.
    case onboarding(Onboarding)
    /// A map: camera, visible box, clusters and pins, the park's outline.
    case map(Map)
    /// Geofence events along a replayed track, with the regions they concern.
    case timeline(Timeline)
    /// A camera overlay: sites placed on what the camera sees, and hints beside the view.
    case ar(AR)

    /// Every payload type, in the order error messages list them.
    static let registry: [any ComponentPayload.Type] = [
        Text.self, Image.self, Card.self, List.self, Carousel.self, Button.self, Form.self, Onboarding.self, Map.self,
        Timeline.self,
        AR.self,
    ]
}

extension Component {
    /// The `type` strings this model decodes, in registry order:
    /// `text, image, card, list, carousel, button, form, onboarding, map, timeline, ar`.
    public static var knownTypes: [String] { registry.map { $0.type } }

    /// This component's `type` string ("text").
    public var type: String { payload.map { Swift.type(of: $0).type } ?? "" }

    /// This component's optional identifier.
    public var id: String? { payload?.id }

    /// The case's payload, found through the registry.
    var payload: (any ComponentPayload)? {
        for payloadType in Self.registry {
            if let payload = payloadType.payload(of: self) { return payload }
        }
        return nil
    }
}

// MARK: - Codable

extension Component: Codable {
    /// Decodes the payload named by `type` from any Decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an unknown `type`, listing the known ones.
    public init(from decoder: any Decoder) throws {
        let payloadType = try decoder.discriminator("type", choosing: Self.registry, by: { $0.type }, naming: "component type")
        self = try payloadType.init(from: decoder, allowing: ["type"]).component
    }

    /// Encodes `type` and the payload's fields into one object.
    /// - Throws: `EncodingError` when the case's payload is missing from the registry.
    public func encode(to encoder: any Encoder) throws {
        guard let payload else {
            throw EncodingError.invalidValue(
                self,
                .init(
                    codingPath: encoder.codingPath,
                    debugDescription: "this Component case has no payload type in Component.registry"
                ))
        }
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(Swift.type(of: payload).type, forKey: "type")
        try payload.encode(to: encoder)
    }
}

// MARK: - Walking

extension Component: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        payload?.validate(at: path(), into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        guard var payload else { return }
        payload.forEachAction(at: path(), body)
        self = payload.component
    }
}
