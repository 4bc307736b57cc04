extension Component {
    /// Introductory pages, swiped through: `{"type": "onboarding", "pages": [page, …]}`.
    public struct Onboarding: Hashable, Sendable {
        /// One page: `{"title": "…", "body": "…", "background": [layer, …], "action": {…}}`.
        public struct Page: Hashable, Sendable {
            /// The page's title; must not be empty.
            public var title: String
            /// The page's text.
            public var body: String
            /// Background layers, back to front; may be empty.
            public var background: [Layer]
            /// What the page's button does (default `nil`: swipe on).
            public var action: Action?

            /// Creates a page.
            /// - Parameters:
            ///   - title: the title.
            ///   - body: the text.
            ///   - background: layers, back to front (default `[]`).
            ///   - action: the page's button (default `nil`).
            public init(title: String, body: String, background: [Layer] = [], action: Action? = nil) {
                self.title = title
                self.body = body
                self.background = background
                self.action = action
            }
        }

        /// The component's identifier (default `nil`).
        public var id: String?
        /// The pages, first to last; at least one.
        public var pages: [Page]

        /// Creates an onboarding.
        /// - Parameters:
        ///   - pages: the pages; ``ScreenValidator`` requires at least one.
        ///   - id: an identifier (default `nil`).
        public init(pages: [Page], id: String? = nil) {
            self.id = id
            self.pages = pages
        }
    }
}

extension Component.Onboarding: Codable, ComponentPayload {
    static let type = "onboarding"
    var component: Component { .onboarding(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .onboarding(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, pages
    }

    /// Decodes the onboarding from any Decoder; `pages` may be an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "onboarding")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        pages = try c.decodeList(Page.self, forKey: .pages)
    }

    /// Encodes the onboarding's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(pages, forKey: .pages)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if pages.isEmpty { check.report("\(path()).pages", "an onboarding needs at least one page") }
        pages.validate(at: "\(path()).pages", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        pages.forEachAction(at: "\(path()).pages", body)
    }
}

extension Component.Onboarding.Page: Codable, ScreenNode {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, body, background, action
    }

    /// Decodes a page from any Decoder; `background` may be an empty keyed container.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "onboarding page")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        body = try c.decode(String.self, forKey: .body)
        background = try c.decodeList(Component.Onboarding.Layer.self, forKey: .background)
        action = try c.decodeIfPresent(Action.self, forKey: .action)
    }

    /// Encodes the page's fields, omitting a nil action.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encode(body, forKey: .body)
        try c.encode(background, forKey: .background)
        try c.encodeIfPresent(action, forKey: .action)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.requireNonEmpty(title, at: "\(path()).title")
        background.validate(at: "\(path()).background", into: &check)
        action.validate(at: "\(path()).action", into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        action.forEachAction(at: "\(path()).action", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let onboardingComponent = SchemaDefinition.component(
        "onboarding",
        [
            .optional("id", .string()),
            .required("pages", .array(of: .reference("page"), minItems: 1)),
        ])

    static let page = SchemaDefinition(
        "page",
        .object(
            [
                .required("title", .string(minLength: 1)),
                .required("body", .string()),
                .required("background", .array(of: .reference("layer"), "Layers, back to front.")),
                .optional("action", .reference("action")),
            ], "One onboarding page: a title and text over layers of pictures."))
}
