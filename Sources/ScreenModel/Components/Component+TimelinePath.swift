extension Component.Timeline {
    /// Another person's path drawn with the timeline's, such as a party member's:
    /// `{"id": "ana", "name": "Ana", "points": [[lon, lat], …]}`.
    public struct Path: Hashable, Sendable {
        /// Who or what it is, like "ana"; must not be empty.
        public var id: String
        /// What people call it, like "Ana"; must not be empty.
        public var name: String
        /// The path, already thinned for drawing.
        public var points: [Component.Coordinate]

        /// Creates a path.
        /// - Parameters:
        ///   - id: its identifier.
        ///   - name: its name.
        ///   - points: the positions, in time order.
        public init(id: String, name: String, points: [Component.Coordinate]) {
            self.id = id
            self.name = name
            self.points = points
        }
    }
}

extension Component.Timeline.Path: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, points
    }

    /// Decodes `id`, `name` and `points` from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "timeline path")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        points = try c.decodeList(Component.Coordinate.self, forKey: .points)
    }
}

extension Component.Timeline.Path: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(id, at: "\(path()).id")
        check.requireNonEmpty(name, at: "\(path()).name")
        points.validate(at: "\(path()).points", into: &check)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let timelinePath = SchemaDefinition(
        "timelinePath",
        .object(
            [
                .required("id", .string(minLength: 1)),
                .required("name", .string(minLength: 1)),
                .required("points", .array(of: .reference("coordinate"))),
            ], "A person's path, thinned for drawing."))
}
