import Formats
/// What a flow returns: a titled page of components for one park, as plain data.
///
/// JSON shape (version ``schemaID``):
/// `{"schema": "flowrun/screen@1", "park": "GOGA", "flow": "home", "title": "…",
///   "subtitle": "…", "theme": {…}, "sections": [component, …]}` — `subtitle` and `theme`
///   are omitted when nil.
public struct Screen: Hashable, Sendable {
    /// The version tag every screen of this model carries: `"flowrun/screen@1"`.
    public static let schemaID = "flowrun/screen@1"

    /// The version tag; ``ScreenValidator`` requires it to equal ``schemaID`` (the default).
    public var schema: String
    /// The park's four-letter code, like `GOGA`.
    public var park: String
    /// The name of the flow that produced the screen, like `home`.
    public var flow: String
    /// The screen's title.
    public var title: String
    /// A line under the title (default `nil`: none).
    public var subtitle: String?
    /// The components, top to bottom (default `[]`).
    public var sections: [Component]
    /// The park's colors (default `nil`; the runtime sets the park's).
    public var theme: Theme?

    /// Creates a screen.
    /// - Parameters:
    ///   - park: the park's code.
    ///   - flow: the flow's name.
    ///   - title: the screen's title.
    ///   - subtitle: a line under the title (default `nil`).
    ///   - sections: the components (default `[]`).
    ///   - schema: the version tag (default ``schemaID``).
    ///   - theme: the park's colors (default `nil`).
    public init(
        park: String, flow: String, title: String, subtitle: String? = nil,
        sections: [Component] = [], schema: String = Screen.schemaID, theme: Theme? = nil
    ) {
        self.theme = theme
        self.schema = schema
        self.park = park
        self.flow = flow
        self.title = title
        self.subtitle = subtitle
        self.sections = sections
    }
}

// MARK: - Codable

extension Screen: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case schema, park, flow, title, subtitle, theme, sections
    }

    /// Decodes a screen from any Decoder; `sections` may be an empty keyed container.
    /// - Throws: `DecodingError` for a missing, misspelt or mistyped field.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "screen")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        schema = try c.decode(String.self, forKey: .schema)
        park = try c.decode(String.self, forKey: .park)
        flow = try c.decode(String.self, forKey: .flow)
        title = try c.decode(String.self, forKey: .title)
        subtitle = try c.decodeIfPresent(String.self, forKey: .subtitle)
        theme = try c.decodeIfPresent(Theme.self, forKey: .theme)
        sections = try c.decodeList(Component.self, forKey: .sections)
    }

    /// Encodes the JSON shape above, omitting `subtitle` when nil.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(schema, forKey: .schema)
        try c.encode(park, forKey: .park)
        try c.encode(flow, forKey: .flow)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(subtitle, forKey: .subtitle)
        try c.encodeIfPresent(theme, forKey: .theme)
        try c.encode(sections, forKey: .sections)
    }
}

// MARK: - Walking

extension Screen: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if schema != Screen.schemaID {
            check.report("schema", "expected '\(Screen.schemaID)', got \(Excerpt.quoted(schema))")
        }
        check.requireNonEmpty(park, at: "park")
        check.currentPark = park
        check.requireNonEmpty(flow, at: "flow")
        check.requireNonEmpty(title, at: "title")
        theme?.validate(at: "theme", into: &check)
        sections.validate(at: "sections", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        sections.forEachAction(at: "sections", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let screen = SchemaDefinition(
        "screen",
        .object(
            [
                .required("schema", .constant("flowrun/screen@1", "The version tag.")),
                .required("park", .string(minLength: 1, "The park's four-letter code, like GOGA.")),
                .required("flow", .string(minLength: 1, "The flow that produced the screen.")),
                .required("title", .string(minLength: 1)),
                .optional("subtitle", .string()),
                .optional("theme", .reference("theme")),
                .required("sections", .array(of: .reference("component"))),
            ],
            "What a flow returns and app clients render. Generated by flowrun stubs from the screen contract (Sources/ScreenModel/Contract/ScreenContract.swift); do not edit. Optional keys are omitted, never null. ScreenValidator also checks what this schema cannot: unique action ids, annotation ids, AR site ids and z values, known flows, whitespace-only text, south < north, closed rings; for timelines end >= start, entries within start...end and in time order, unique region ids, a known time zone."
        ))
}
