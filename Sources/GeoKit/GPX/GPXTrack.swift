/// A GPX track (`<trk>`): a recorded path, split into segments where the recording paused
/// or lost the signal.
public struct GPXTrack: Sendable, Hashable {
    /// The track's `<name>`, if any.
    public var name: String?
    /// The `<trkseg>`s in file order, each with its `<trkpt>`s in file order. A segment may be empty.
    public var segments: [[TrackPoint]]

    /// A track.
    /// - Parameters:
    ///   - name: The track's name; default `nil`.
    ///   - segments: Its segments of points; default none.
    public init(name: String? = nil, segments: [[TrackPoint]] = []) {
        self.name = name
        self.segments = segments
    }

    /// How many points the track has over all its segments.
    public var pointCount: Int {
        segments.reduce(0) { $0 + $1.count }
    }
}
