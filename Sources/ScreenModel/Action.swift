/// Something a visitor can do, as data, selected in JSON by its `kind` key:
/// `{"kind": "go", "flow": "sites", "args": {"category": "viewpoint"}}` (with `"park": "YELL"`
/// to open another park's flow),
/// `{"kind": "url", "url": "https://…"}`, `{"kind": "call", "phone": "+1 415-561-4700"}`,
/// `{"kind": "directions", "lat": 37.81058, "lon": -122.477, "name": "Fort Point"}`,
/// `{"kind": "act", "flow": "favorites", "args": {"add": "nps-poi:goga:0005"}}`.
/// Every action may carry an `id` (``Screen/assigningActionIDs()`` numbers the
/// rest) and a `label`.
public struct Action: Hashable, Sendable {
    /// Where an action leads.
    public enum Target: Hashable, Sendable {
        /// Run another flow with string arguments (default `[:]`: none), in another park when
        /// `park` names one (default `nil`: this screen's park).
        case go(flow: String, args: [String: String] = [:], park: String? = nil)
        /// Change the visitor's store, then show the screen: run `flow` once as an act run
        /// (its `store` writes commit together when it returns a valid screen), like a form's
        /// POST. An app sends it once, on the visitor's tap; Back, reload and links never repeat it.
        case act(flow: String, args: [String: String] = [:])
        /// Open a web page: an absolute http(s) URL.
        case url(String)
        /// Call a phone number, like `+1 415-561-4700`.
        case call(phone: String)
        /// Open the device's navigation to a place.
        case directions(Destination)
    }

    /// Where a `directions` action leads: a position, with the name (and address) the
    /// navigation app shows.
    public struct Destination: Hashable, Sendable {
        /// Latitude in degrees, -90...90.
        public var latitude: Double
        /// Longitude in degrees, -180...180.
        public var longitude: Double
        /// The place's name, like "Fort Point"; not empty.
        public var name: String
        /// Its address on one line, like "Marine Dr, San Francisco, CA" (default `nil`: none).
        public var address: String?

        /// Creates a destination.
        /// - Parameters:
        ///   - latitude: degrees north.
        ///   - longitude: degrees east.
        ///   - name: what the place is called.
        ///   - address: its address on one line (default `nil`).
        public init(latitude: Double, longitude: Double, name: String, address: String? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.name = name
            self.address = address
        }
    }

    /// The `kind` strings this model decodes: `go, url, call, directions, act`.
    public static let knownKinds = ["go", "url", "call", "directions", "act"]

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

    /// An action that runs `flow` with `args` (default `[:]`), in park `park` (default `nil`: this one).
    public static func go(_ flow: String, args: [String: String] = [:], park: String? = nil, label: String? = nil, id: String? = nil) -> Action {
        Action(.go(flow: flow, args: args, park: park), label: label, id: id)
    }

    /// An action that performs `flow` with `args` (default `[:]`) as an act run.
    public static func act(_ flow: String, args: [String: String] = [:], label: String? = nil, id: String? = nil) -> Action {
        Action(.act(flow: flow, args: args), label: label, id: id)
    }

    /// An action that opens `url`.
    public static func url(_ url: String, label: String? = nil, id: String? = nil) -> Action {
        Action(.url(url), label: label, id: id)
    }

    /// Why a `call` action could not call `phone`, or nil when it can: 7 to 15 digits with
    /// spaces and `+ - ( ) .`, or a 3-digit emergency number (`911`, `112`).
    /// - Parameter phone: the number as written.
    /// - Returns: a sentence quoting the number, or nil.
    public static func phoneProblem(_ phone: String) -> String? { ScreenRules.phoneProblem(phone) }

    /// Why a `url` action could not open `url`, or nil when it can: an absolute http(s) URL
    /// with a host, without whitespace or control characters.
    /// - Parameter url: the address as written.
    /// - Returns: a sentence quoting the address (cut when long), or nil.
    public static func urlProblem(_ url: String) -> String? { ScreenRules.urlProblem(url) }

    /// An action that calls `phone`.
    public static func call(_ phone: String, label: String? = nil, id: String? = nil) -> Action {
        Action(.call(phone: phone), label: label, id: id)
    }

    /// An action that opens navigation to `destination`.
    public static func directions(_ destination: Destination, label: String? = nil, id: String? = nil) -> Action {
        Action(.directions(destination), label: label, id: id)
    }

    /// This action's `kind` string: `go`, `url`, `call`, `directions` or `act`.
    public var kind: String {
        switch target {
        case .go: "go"
        case .url: "url"
        case .call: "call"
        case .directions: "directions"
        case .act: "act"
        }
    }

    /// The flow, args and park (nil: this screen's) of a `go` or `act` action; nil for one
    /// the app performs itself.
    public var flowTarget: (flow: String, args: [String: String], park: String?)? {
        switch target {
        case .go(let flow, let args, let park): (flow, args, park)
        case .act(let flow, let args): (flow, args, nil)
        case .url, .call, .directions: nil
        }
    }
}

// MARK: - Codable

extension Action: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, id, label, flow, args, park, url, phone, lat, lon, name, address
    }

    /// The keys each kind accepts besides `kind`, `id` and `label`.
    private static func targetKeys(of kind: String) -> [CodingKeys] {
        switch kind {
        case "go": [.flow, .args, .park]
        case "act": [.flow, .args]
        case "url": [.url]
        case "call": [.phone]
        default: [.lat, .lon, .name, .address]
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
        case "go":
            target = .go(
                flow: try c.decode(String.self, forKey: .flow), args: try c.decodeMapIfPresent(forKey: .args),
                park: try c.decodeIfPresent(String.self, forKey: .park))
        case "act": target = .act(flow: try c.decode(String.self, forKey: .flow), args: try c.decodeMapIfPresent(forKey: .args))
        case "url": target = .url(try c.decode(String.self, forKey: .url))
        case "call": target = .call(phone: try c.decode(String.self, forKey: .phone))
        default:
            target = .directions(
                Destination(
                    latitude: try c.decode(Double.self, forKey: .lat), longitude: try c.decode(Double.self, forKey: .lon),
                    name: try c.decode(String.self, forKey: .name), address: try c.decodeIfPresent(String.self, forKey: .address)))
        }
    }

    /// Encodes `kind`, `id`, `label` and the target's fields; empty `args` are omitted.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(label, forKey: .label)
        switch target {
        case .go(let flow, let args, let park):
            try c.encode(flow, forKey: .flow)
            if !args.isEmpty { try c.encode(args, forKey: .args) }
            try c.encodeIfPresent(park, forKey: .park)
        case .act(let flow, let args):
            try c.encode(flow, forKey: .flow)
            if !args.isEmpty { try c.encode(args, forKey: .args) }
        case .url(let url):
            try c.encode(url, forKey: .url)
        case .call(let phone):
            try c.encode(phone, forKey: .phone)
        case .directions(let place):
            try c.encode(place.latitude, forKey: .lat)
            try c.encode(place.longitude, forKey: .lon)
            try c.encode(place.name, forKey: .name)
            try c.encodeIfPresent(place.address, forKey: .address)
        }
    }
}

// MARK: - Walking

extension Action: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if let id {
            if id.isEmpty { check.report("\(path()).id", "must not be empty") } else { check.claimActionID(id, at: "\(path()).id") }
        }
        switch target {
        case .go(let flow, _, let park):
            if let park { check.checkPark(park, at: "\(path()).park") }
            // Another park's flows are that park's to know: following the action finds out.
            let here = park == nil || park == check.currentPark
            if flow.isEmpty {
                check.report("\(path()).flow", "must not be empty")
            } else if here, let known = check.knownFlows, !known.contains(flow) {
                check.reportUnknownFlow(flow, at: path(), known: known)
            }
        case .act(let flow, _):
            if flow.isEmpty {
                check.report("\(path()).flow", "must not be empty")
            } else if let known = check.knownFlows, !known.contains(flow) {
                check.reportUnknownFlow(flow, at: path(), known: known)
            }
        case .url(let url):
            if let problem = ScreenRules.urlProblem(url) { check.report("\(path()).url", problem) }
        case .call(let phone):
            if let problem = ScreenRules.phoneProblem(phone) { check.report("\(path()).phone", problem) }
        case .directions(let place):
            check.checkRange(place.latitude, within: -90...90, at: "\(path()).lat", named: "latitude")
            check.checkRange(place.longitude, within: -180...180, at: "\(path()).lon", named: "longitude")
            check.requireNonEmpty(place.name, at: "\(path()).name")
            if let address = place.address { check.requireNonEmpty(address, at: "\(path()).address") }
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        // The path is built only if the body asks for it (numbering actions never does).
        withoutActuallyEscaping(path) { path in body(&self, path) }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let action = SchemaDefinition(
        "action",
        .oneOf(["goAction", "urlAction", "callAction", "directionsAction", "actAction"], "Something a visitor can do, selected by its kind."))

    static let goAction = SchemaDefinition(
        "goAction",
        .object([
            .required("kind", .constant("go")),
            .optional("id", .reference("actionID")),
            .optional("label", .string()),
            .required("flow", .string(minLength: 1)),
            .optional("args", .map(of: .string())),
            .optional(
                "park",
                .string(minLength: 1, "Another park's code: the app switches to that park and opens its flow. ScreenValidator checks that the park exists.")),
        ]))

    static let urlAction = SchemaDefinition(
        "urlAction",
        .object([
            .required("kind", .constant("url")),
            .optional("id", .reference("actionID")),
            .optional("label", .string()),
            .required(
                "url", .string(pattern: "^https?://[^\\s/?#]+([/?#]\\S*)?$", example: "https://www.nps.gov/goga/", "An absolute http(s) URL with a host.")),
        ]))

    static let callAction = SchemaDefinition(
        "callAction",
        .object([
            .required("kind", .constant("call")),
            .optional("id", .reference("actionID")),
            .optional("label", .string()),
            .required(
                "phone",
                .string(
                    pattern: "^(?:(?:[ +().-]*[0-9]){7,15}[ +().-]*|[0-9]{3})$", example: "(415) 561-4700",
                    "7 to 15 digits, with spaces and + - ( ) . allowed, or a 3-digit emergency number such as 911.")),
        ]))

    static let directionsAction = SchemaDefinition(
        "directionsAction",
        .object(
            [
                .required("kind", .constant("directions")),
                .optional("id", .reference("actionID")),
                .optional("label", .string()),
                .required("lat", .reference("latitude")),
                .required("lon", .reference("longitude")),
                .required("name", .string(minLength: 1, "The place's name, as the navigation app shows it.")),
                .optional("address", .string(minLength: 1, "The place's address on one line, when known.")),
            ], "Opens the device's navigation to a place: its position, with the name and address the navigation app shows."))

    static let actAction = SchemaDefinition(
        "actAction",
        .object(
            [
                .required("kind", .constant("act")),
                .optional("id", .reference("actionID")),
                .optional("label", .string()),
                .required("flow", .string(minLength: 1)),
                .optional("args", .map(of: .string())),
            ],
            "Change the visitor's store, then show the screen: the app runs flow once as an act run (its store writes commit together when it returns a valid screen), like a form's POST; Back, reload and links never repeat it."
        ))

    static let actionID = SchemaDefinition(
        "actionID",
        .string(minLength: 1, "Unique across the screen; flowrun --follow ID."))
}
