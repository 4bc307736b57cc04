/// One GPX point: a track point (`<trkpt>`), a route point (`<rtept>`) or a waypoint (`<wpt>`).
///
/// Kept small because tracks have many: 56 bytes, with a missing time or elevation stored
/// as NaN rather than as an optional (which would pad each to 16 bytes). Setting `nil` or
/// NaN both read back as `nil`.
public struct TrackPoint: Sendable, Hashable {
    /// Where the point is (`lat` and `lon`).
    public var coordinate: Coordinate
    private var storedTime: Double
    private var storedElevation: Double
    /// The point's `<name>`, if any; waypoints usually have one, track points rarely.
    public var name: String?
    private var storedLine: Int32

    /// A point.
    /// - Parameters:
    ///   - coordinate: Where it is.
    ///   - time: Seconds since 1970-01-01T00:00:00Z, or `nil` (the default) for none.
    ///   - elevation: Metres, or `nil` (the default) for none.
    ///   - name: The point's name; default `nil`.
    ///   - line: The 1-based line of the point in its file; default 0, meaning none.
    public init(
        coordinate: Coordinate, time: Double? = nil, elevation: Double? = nil, name: String? = nil,
        line: Int = 0
    ) {
        self.coordinate = coordinate
        storedTime = time ?? .nan
        storedElevation = elevation ?? .nan
        self.name = name
        storedLine = Int32(clamping: line)
    }

    /// When the fix was taken (`<time>`), in seconds since 1970-01-01T00:00:00Z, if known.
    public var time: Double? {
        get { storedTime.isNaN ? nil : storedTime }
        set { storedTime = newValue ?? .nan }
    }

    /// Height above mean sea level in metres (`<ele>`), if known.
    public var elevation: Double? {
        get { storedElevation.isNaN ? nil : storedElevation }
        set { storedElevation = newValue ?? .nan }
    }

    /// The 1-based line where the point's start tag is, for messages such as
    /// "fix at line 812"; 0 for a point not read from a file.
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    // MARK: - Equatable and Hashable

    // By the public values: NaN marks "none", and two points without a time are equal.
    public static func == (lhs: TrackPoint, rhs: TrackPoint) -> Bool {
        lhs.coordinate == rhs.coordinate && lhs.time == rhs.time && lhs.elevation == rhs.elevation
            && lhs.name == rhs.name && lhs.storedLine == rhs.storedLine
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(coordinate)
        hasher.combine(time)
        hasher.combine(elevation)
        hasher.combine(name)
        hasher.combine(storedLine)
    }
}
