/// One exhibit of an indoor place: what a visitor standing at it is shown, where it is, and
/// the beacons that mark it.
public struct Exhibit: Sendable, Hashable {
    /// One beacon of an exhibit, with how its signal fades.
    public struct Beacon: Sendable, Hashable {
        /// What the beacon advertises.
        public var id: BeaconID
        /// Its calibration (defaults: ``BeaconCalibration``).
        public var calibration: BeaconCalibration

        /// A beacon.
        /// - Parameters:
        ///   - id: what it advertises.
        ///   - calibration: how its signal fades (default: the model's defaults).
        public init(id: BeaconID, calibration: BeaconCalibration = BeaconCalibration()) {
            self.id = id
            self.calibration = calibration
        }
    }

    /// Unique within the park's exhibits (`geyser-science`).
    public var id: String
    /// The exhibit's title.
    public var title: String
    /// What it says.
    public var text: String
    /// A picture: a path inside the park's `assets/` or an `https://` URL; nil: none.
    public var picture: String?
    /// What the picture shows, for screen readers (`""`: it only decorates); set with a picture.
    public var pictureAlt: String?
    /// The building it is in (`Old Faithful Visitor Education Center`).
    public var building: String
    /// Where it stands.
    public var coordinate: Coordinate
    /// Its floor: 0 is the ground floor, negative below it.
    public var floor: Int
    /// Its beacons, at least one.
    public var beacons: [Beacon]

    /// An exhibit; each parameter sets the property of the same name.
    public init(
        id: String, title: String, text: String, picture: String? = nil, pictureAlt: String? = nil, building: String,
        coordinate: Coordinate, floor: Int = 0, beacons: [Beacon]
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.picture = picture
        self.pictureAlt = pictureAlt
        self.building = building
        self.coordinate = coordinate
        self.floor = floor
        self.beacons = beacons
    }
}
