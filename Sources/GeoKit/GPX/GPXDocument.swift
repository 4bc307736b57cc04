/// The content of a GPX 1.0 or 1.1 file that GeoKit uses: tracks, routes and waypoints.
///
/// Read one with ``GPXReader``. Metadata, links, extensions and other elements are skipped.
/// For a replay, ``fixes`` gives all track points in order and ``timedFixes()`` checks
/// that they can be replayed.
public struct GPXDocument: Sendable, Hashable {
    /// The `<trk>`s in file order.
    public var tracks: [GPXTrack]
    /// The `<rte>`s in file order.
    public var routes: [GPXRoute]
    /// The `<wpt>`s in file order.
    public var waypoints: [TrackPoint]
    /// The path shown in errors about this document (`tracks/yose.gpx`), if any.
    public var displayPath: String?

    /// A document.
    /// - Parameters:
    ///   - tracks: Its tracks; default none.
    ///   - routes: Its routes; default none.
    ///   - waypoints: Its waypoints; default none.
    ///   - displayPath: The path shown in errors from ``timedFixes()``; default `nil`.
    public init(
        tracks: [GPXTrack] = [], routes: [GPXRoute] = [], waypoints: [TrackPoint] = [],
        displayPath: String? = nil
    ) {
        self.tracks = tracks
        self.routes = routes
        self.waypoints = waypoints
        self.displayPath = displayPath
    }
}
