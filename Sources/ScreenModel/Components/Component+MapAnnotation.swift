extension Component.Map {
    /// Something drawn on the map at a coordinate, selected in JSON by its `type` key:
    /// a `cluster` of sites or a single `pin`. Ids are unique within their map.
    ///
    /// Adding a kind: write `Component+Map<Kind>.swift` with the payload type and its
    /// `AnnotationPayload` conformance, then add the `case` below, the type to ``registry``
    /// and the case to `payload` (the compiler points there).
    public enum Annotation: Hashable, Sendable {
        /// Several sites drawn as one bubble, split apart by zooming in.
        case cluster(Cluster)
        /// One site.
        case pin(Pin)

        /// Every payload type, in the order error messages list them.
        static let registry: [any AnnotationPayload.Type] = [Cluster.self, Pin.self]
    }
}

/// What each annotation kind implements, like ``ComponentPayload`` for components.
protocol AnnotationPayload: ScreenNode, Codable, Sendable {
    /// The `type` string that selects this payload in JSON ("pin").
    static var type: String { get }

    /// Decodes the payload, also accepting `extraKeys` (the enclosing `type`).
    init(from decoder: any Decoder, allowing extraKeys: [String]) throws

    /// This payload wrapped in its `Annotation` case.
    var annotation: Component.Map.Annotation { get }

    /// The annotation's identifier, unique within its map.
    var id: String { get }
    /// Where the annotation sits.
    var coordinate: Component.Coordinate { get }
    /// What tapping it does, if anything.
    var action: Action? { get }
}

extension Component.Map.Annotation {
    /// The `type` strings this model decodes, in registry order: `cluster, pin`.
    public static var knownTypes: [String] { registry.map { $0.type } }

    /// This annotation's `type` string ("cluster").
    public var type: String { Swift.type(of: payload).type }

    /// This annotation's identifier, unique within its map.
    public var id: String { payload.id }

    /// Where this annotation sits.
    public var coordinate: Component.Coordinate { payload.coordinate }

    /// What tapping it does (`nil`: nothing).
    public var action: Action? { payload.action }

    /// The case's payload; a switch, so a new case cannot be forgotten here.
    var payload: any AnnotationPayload {
        switch self {
        case .cluster(let cluster): cluster
        case .pin(let pin): pin
        }
    }
}

// MARK: - Codable

extension Component.Map.Annotation: Codable {
    /// Decodes the payload named by `type` from any Decoder.
    /// - Throws: `DecodingError.dataCorrupted` for an unknown `type`, listing the known ones.
    public init(from decoder: any Decoder) throws {
        let payloadType = try decoder.discriminator("type", choosing: Self.registry, by: { $0.type }, naming: "annotation type")
        self = try payloadType.init(from: decoder, allowing: ["type"]).annotation
    }

    /// Encodes `type` and the payload's fields into one object.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: AnyCodingKey.self)
        try c.encode(type, forKey: "type")
        try payload.encode(to: encoder)
    }
}

// MARK: - Walking

extension Component.Map.Annotation: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        payload.validate(at: path(), into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        var payload = self.payload
        payload.forEachAction(at: path(), body)
        self = payload.annotation
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let annotation = SchemaDefinition(
        "annotation",
        .oneOf(["clusterAnnotation", "pinAnnotation"], "Something drawn on a map, selected by its type."))

    static let annotationID = SchemaDefinition(
        "annotationID",
        .string(minLength: 1, "Unique within its map."))
}
