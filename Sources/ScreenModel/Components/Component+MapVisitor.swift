import Formats

extension Component.Map {
    /// Where the visitor is on the map, "you are here": `{"coordinate": [lon, lat], "accuracy": 12}`.
    public struct Visitor: Hashable, Sendable {
        /// The position.
        public var coordinate: Component.Coordinate
        /// How far off it may be, in metres (more than 0): drawn as a circle around it.
        public var accuracy: Double

        /// Creates the visitor's mark.
        public init(coordinate: Component.Coordinate, accuracy: Double) {
            self.coordinate = coordinate
            self.accuracy = accuracy
        }
    }
}

extension Component.Map.Visitor: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case coordinate, accuracy
    }

    /// Decodes the mark, refusing other keys.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "map visitor")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(coordinate: try c.decode(Component.Coordinate.self, forKey: .coordinate), accuracy: try c.decode(Double.self, forKey: .accuracy))
    }
}

extension Component.Map.Visitor: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        coordinate.validate(at: "\(path()).coordinate", into: &check)
        if !(accuracy.isFinite && accuracy > 0) {
            check.report("\(path()).accuracy", "\(NumberText.message(accuracy)) metres; an accuracy must be more than 0")
        }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let mapVisitor = SchemaDefinition(
        "mapVisitor",
        .object(
            [
                .required("coordinate", .reference("coordinate")),
                .required("accuracy", .number(exclusiveMinimum: 0, "Metres: drawn as a circle around the position.")),
            ], "Where the visitor is: \"you are here\"."))
}
