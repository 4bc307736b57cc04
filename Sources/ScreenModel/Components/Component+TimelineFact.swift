extension Component.Timeline {
    /// A summary line under the events: `{"label": "missed enters", "value": "1"}`.
    public struct Fact: Hashable, Sendable {
        /// What is counted or measured, like "fixes"; must not be empty.
        public var label: String
        /// Its value as shown, like "1,722"; must not be empty.
        public var value: String

        /// Creates a fact.
        /// - Parameters:
        ///   - label: what is counted or measured.
        ///   - value: its value as shown.
        public init(_ label: String, value: String) {
            self.label = label
            self.value = value
        }
    }
}

extension Component.Timeline.Fact: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case label, value
    }

    /// Decodes `label` and `value` from any Decoder.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "timeline fact")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decode(String.self, forKey: .label)
        value = try c.decode(String.self, forKey: .value)
    }
}

extension Component.Timeline.Fact: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(label, at: "\(path()).label")
        check.requireNonEmpty(value, at: "\(path()).value")
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let timelineFact = SchemaDefinition(
        "timelineFact",
        .object(
            [
                .required("label", .string(minLength: 1)),
                .required("value", .string(minLength: 1)),
            ], "A summary line of a timeline, as label and value."))
}
