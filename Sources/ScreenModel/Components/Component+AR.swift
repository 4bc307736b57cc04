import Formats
extension Component {
    /// A camera overlay: sites drawn over what the phone's camera sees.
    /// `{"type": "ar", "camera": {…}, "size": {"width": 390, "height": 844}, "max_distance": 5000,
    /// "pins": [pin, …], "off_screen": [hint, …], "empty": "…"}`. Coordinates are
    /// `[longitude, latitude]`, distances meters, angles degrees. The flow has already
    /// projected every pin (GeoKit's `ARProjector` and `ARLabelLayout`), so clients only draw.
    public struct AR: Hashable, Sendable {
        /// The AR view's identifier (default `nil`).
        public var id: String?
        /// Where the phone is and how it is held.
        public var camera: Camera
        /// The screen the pins were laid out for, in points.
        public var size: Component.Map.Size
        /// Sites farther than this many meters are left out; more than 0.
        public var maximumDistance: Double
        /// Sites on screen, in the flow's order; `z` says which is drawn in front. May be empty.
        public var pins: [Pin]
        /// Sites just beside the view, with the way to turn to see them; may be empty.
        public var offScreen: [OffScreen]
        /// What to say when there are no pins, like "Nothing within 5 km this way" (default `nil`).
        public var empty: String?

        /// Creates an AR view.
        /// - Parameters:
        ///   - camera: the phone's position and pose.
        ///   - size: the screen in points.
        ///   - maximumDistance: the farthest site shown, meters (more than 0).
        ///   - pins: sites on screen (default `[]`).
        ///   - offScreen: sites just beside the view (default `[]`).
        ///   - empty: the message for no pins (default `nil`).
        ///   - id: an identifier (default `nil`).
        public init(
            camera: Camera, size: Component.Map.Size, maximumDistance: Double, pins: [Pin] = [],
            offScreen: [OffScreen] = [], empty: String? = nil, id: String? = nil
        ) {
            self.id = id
            self.camera = camera
            self.size = size
            self.maximumDistance = maximumDistance
            self.pins = pins
            self.offScreen = offScreen
            self.empty = empty
        }

        /// The pins from the front (`z` 0, the nearest) to the back; pins sharing a `z`
        /// (which validation reports) keep their order. Draw them in reverse.
        public var pinsFrontToBack: [Pin] {
            pins.enumerated().sorted { ($0.element.z, $0.offset) < ($1.element.z, $1.offset) }.map(\.element)
        }
    }
}

extension Component.AR: Codable, ComponentPayload {
    static let type = "ar"
    var component: Component { .ar(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .ar(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, camera, size
        case maximumDistance = "max_distance"
        case pins
        case offScreen = "off_screen"
        case empty
    }

    /// Decodes the AR view's fields from any Decoder; `pins` and `off_screen` may be
    /// empty keyed containers (an empty Lua table).
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "ar")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        camera = try c.decode(Camera.self, forKey: .camera)
        size = try c.decode(Component.Map.Size.self, forKey: .size)
        maximumDistance = try c.decode(Double.self, forKey: .maximumDistance)
        pins = try c.decodeList(Pin.self, forKey: .pins)
        offScreen = try c.decodeList(OffScreen.self, forKey: .offScreen)
        empty = try c.decodeIfPresent(String.self, forKey: .empty)
    }

    /// Encodes the AR view's fields, omitting nil values; `pins` and `off_screen` are always written.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(camera, forKey: .camera)
        try c.encode(size, forKey: .size)
        try c.encode(maximumDistance, forKey: .maximumDistance)
        try c.encode(pins, forKey: .pins)
        try c.encode(offScreen, forKey: .offScreen)
        try c.encodeIfPresent(empty, forKey: .empty)
    }

    /// Site ids are unique across `pins` and `off_screen` (a site is either in view or
    /// beside it); `z` values are unique across `pins`.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        camera.validate(at: "\(path()).camera", into: &check)
        size.validate(at: "\(path()).size", into: &check)
        check.requireAtLeast(0, maximumDistance, strictly: true, at: "\(path()).max_distance")
        var firstUse: [String: String] = [:]
        var firstZ: [Int: String] = [:]
        for (index, pin) in pins.enumerated() {
            let pinPath = "\(path()).pins[\(index + 1)]"
            Self.claim(pin.id, at: pinPath, in: &firstUse, into: &check)
            pin.validate(at: pinPath, into: &check)
            if pin.z >= 0 {
                if let first = firstZ[pin.z] {
                    check.report("\(pinPath).z", "z \(pin.z) is already used by \(first); each pin needs its own drawing order")
                } else {
                    firstZ[pin.z] = pinPath
                }
            }
        }
        for (index, hint) in offScreen.enumerated() {
            let hintPath = "\(path()).off_screen[\(index + 1)]"
            Self.claim(hint.id, at: hintPath, in: &firstUse, into: &check)
            hint.validate(at: hintPath, into: &check)
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        pins.forEachAction(at: "\(path()).pins", body)
    }

    /// Reports an empty id, or one an earlier pin or hint already used.
    private static func claim(_ id: String, at path: @autoclosure () -> String, in firstUse: inout [String: String], into check: inout ScreenCheck) {
        if id.allSatisfy(\.isWhitespace) {
            check.report("\(path()).id", "must not be empty")
        } else if let first = firstUse[id] {
            check.report("\(path()).id", "site id \(Excerpt.quoted(id)) is already used by \(first)")
        } else {
            firstUse[id] = path()
        }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let arComponent = SchemaDefinition.component(
        "ar",
        [
            .optional("id", .string()),
            .required("camera", .reference("arCamera")),
            .required("size", .reference("size")),
            .required("max_distance", .number(exclusiveMinimum: 0, "Sites farther than this many meters are left out.")),
            .required("pins", .array(of: .reference("arPin"), "Sites on screen; z says which is drawn in front.")),
            .required("off_screen", .array(of: .reference("offScreenHint"), "Sites just beside the view.")),
            .optional("empty", .string("Shown when pins is empty, like \"Nothing within 5 km this way\".")),
        ],
        "A camera overlay: sites the flow has already projected onto the screen, and hints for the sites just beside the view. Coordinates are [longitude, latitude], distances meters, angles degrees. ScreenValidator also checks that site ids are unique across pins and off_screen, and z values across pins."
    )
}
