/// A track point known to have a time, in the order a replay feeds them: the result of
/// ``GPXDocument/timedFixes()``.
public struct TimedFix: Sendable, Hashable {
    /// Where the fix is.
    public var coordinate: Coordinate
    /// When it was taken, in seconds since 1970-01-01T00:00:00Z; never earlier than the
    /// fix before it.
    public var time: Double
    /// Height above mean sea level in metres, if known.
    public var elevation: Double?
    /// The 1-based line of the fix's `<trkpt>` in its file (0 when not read from a file).
    public var line: Int
    /// Which segment the fix belongs to: 0-based over all `<trkseg>`s of all tracks in file
    /// order. A change from one fix to the next marks a gap in the recording.
    public var segment: Int

    /// A fix.
    /// - Parameters:
    ///   - coordinate: Where it is.
    ///   - time: Seconds since 1970-01-01T00:00:00Z.
    ///   - elevation: Metres, or `nil` (the default).
    ///   - line: The 1-based line in its file; default 0, meaning none.
    ///   - segment: The 0-based segment number; default 0.
    public init(coordinate: Coordinate, time: Double, elevation: Double? = nil, line: Int = 0, segment: Int = 0) {
        self.coordinate = coordinate
        self.time = time
        self.elevation = elevation
        self.line = line
        self.segment = segment
    }
}
