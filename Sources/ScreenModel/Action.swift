/// Something a visitor can do, as data, selected in JSON by its `kind` key:
/// `{"kind": "go", "flow": "sites", "args": {"category": "viewpoint"}}`,
/// `{"kind": "url", "url": "https://…"}`, `{"kind": "call", "phone": "+1 415-561-4700"}`,
/// `{"kind": "act", "flow": "favorites", "args": {"add": "nps-poi:goga:0005"}}`.
/// Every action may carry an `id` (``Screen/assigningActionIDs()`` numbers the
/// rest) and a `label`.
public struct Action: Hashable, Sendable {
    /// Where an action leads.
    public enum Target: Hashable, Sendable {
        /// Run another flow with string arguments (default `[:]`: none).
        case go(flow: String, args: [String: String] = [:])
        /// Change the visitor's store, then show the screen: run `flow` once as an act run
        /// (its `store` writes commit together when it returns a valid screen), like a form's
        /// POST. An app sends it once, on the visitor's tap; Back, reload and links never repeat it.
        case act(flow: String, args: [String: String] = [:])
        /// Open a web page: an absolute http(s) URL.
        case url(String)
        /// Call a phone number, like `+1 415-561-4700`.
        case call(phone: String)
    }

    /// The `kind` strings this model decodes: `go, url, call, act`.
    public static let knownKinds = ["go", "url", "call", "act"]

    /// The id used with `flowrun --follow ID` (default `nil`: numbered by ``Screen/assigningActionIDs()``).
    public var id: String?
    /// What the action says, like "Call the visitor center" (default `nil`: the context's label).
    public var label: String?
    /// Where the action leads.
    public var target: Target

    /// Creates an action.
    /// - Parameters:
    ///   - target: where it leads.
    ///   - label: what it says (default `nil`).
    ///   - id: its id (default `nil`).
    public init(_ target: Target, label: String? = nil, id: String? = nil) {
        self.target = target
        self.label = label
        self.id = id
    }

    /// An action that runs `flow` with `args` (default `[:]`).
    public static func go(_ flow: String, args: [String: String] = [:], label: String? = nil, id: String? = nil) -> Action {
        Action(.go(flow: flow, args: args), label: label, id: id)
    }

    /// An action that performs `flow` with `args` (default `[:]`) as an act run.
    public static func act(_ flow: String, args: [String: String] = [:], label: String? = nil, id: String? = nil) -> Action {
        Action(.act(flow: flow, args: args), label: label, id: id)
    }

    /// An action that opens `url`.
    public static func url(_ url: String, label: String? = nil, id: String? = nil) -> Action {
        Action(.url(url), label: label, id: id)
    }

    /// An action that calls `phone`.
    public static func call(_ phone: String, label: String? = nil, id: String? = nil) -> Action {
        Action(.call(phone: phone), label: label, id: id)
    }

    /// This action's `kind` string: `go`, `url`, `call` or `act`.
    public var kind: String {
        switch target {
        case .go: "go"
        case .url: "url"
        case .call: "call"
        case .act: "act"
        }
    }

    /// The flow and args of a `go` or `act` action (nil for one the app performs itself).
    public var flowTarget: (flow: String, args: [String: String])? {
        switch target {
        case .go(let flow, let args), .act(let flow, let args): (flow, args)
        case .url, .call: nil
        }
    }
}

// MARK: - Codable

extension Action: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, id, label, flow, args, url, phone
    }

    /// The keys each kind accepts besides `kind`, `id` and `label`.
    private static func targetKeys(of kind: String) -> [CodingKeys] {
        switch kind {
        case "go", "act": [.flow, .args]
        case "url": [.url]
        default: [.phone]
        }
    }

    /// Decodes an action from any Decoder; `args` may be an empty container of either kind.
    /// - Throws: `DecodingError.dataCorrupted` for an unknown `kind`, listing the known ones.
    public init(from decoder: any Decoder) throws {
        let kind = try decoder.discriminator("kind", choosing: Self.knownKinds, by: { $0 }, naming: "action kind")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let allowed = [CodingKeys.kind, .id, .label] + Self.targetKeys(of: kind)
        try decoder.rejectUnknownKeys(allowed: allowed.map(\.stringValue), in: "\(kind) action")
        id = try c.decodeIfPresent(String.self, forKey: .id)
        label = try c.decodeIfPresent(String.self, forKey: .label)
        switch kind {
        case "go": target = .go(flow: try c.decode(String.self, forKey: .flow), args: try c.decodeMapIfPresent(forKey: .args))
        case "act": target = .act(flow: try c.decode(String.self, forKey: .flow), args: try c.decodeMapIfPresent(forKey: .args))
        case "url": target = .url(try c.decode(String.self, forKey: .url))
        default: target = .call(phone: try c.decode(String.self, forKey: .phone))
        }
    }

    /// Encodes `kind`, `id`, `label` and the target's fields; empty `args` are omitted.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(label, forKey: .label)
        switch target {
        case .go(let flow, let args), .act(let flow, let args):
            try c.encode(flow, forKey: .flow)
            if !args.isEmpty { try c.encode(args, forKey: .args) }
        case .url(let url):
            try c.encode(url, forKey: .url)
        case .call(let phone):
            try c.encode(phone, forKey: .phone)
        }
    }
}

// MARK: - Walking

extension Action: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if let id {
            if id.isEmpty { check.report("\(path()).id", "must not be empty") }
            else { check.claimActionID(id, at: "\(path()).id") }
        }
        switch target {
        case .go(let flow, _), .act(let flow, _):
            if flow.isEmpty {
                check.report("\(path()).flow", "must not be empty")
            } else if let known = check.knownFlows, !known.contains(flow) {
                check.reportUnknownFlow(flow, at: path(), known: known)
            }
        case .url(let url):
            if let problem = ScreenRules.urlProblem(url) { check.report("\(path()).url", problem) }
        case .call(let phone):
            if let problem = ScreenRules.phoneProblem(phone) { check.report("\(path()).phone", problem) }
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        // The path is built only if the body asks for it (numbering actions never does).
        withoutActuallyEscaping(path) { path in body(&self, path) }
    }
}
