public import GeoKit

/// The native modules' settings: the map, geofences, location, emergency, AR.
extension ParkSettings {
    /// The map's default size and clustering.
    public struct Map: Decodable, Sendable {
        /// Screen points when a request gives no size (`"390x844"` in Lua).
        public var size: SizeSetting
        /// How the map clusters its sites.
        public var cluster: Cluster
    }

    /// A screen size written as `"WIDTHxHEIGHT"`, read with GeoKit's `ScreenSize.parse(_:)`.
    public struct SizeSetting: Decodable, Sendable {
        /// The size, checked.
        public var value: ScreenSize
        /// Reads and checks the text.
        /// - Throws: `DecodingError.dataCorrupted` with GeoKit's message when the text is
        ///   not a size or is out of range.
        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do { value = try ScreenSize.parse(text) } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
            }
        }
    }

    /// Cluster index options (GeoKit's `ClusterOptions` with Lua's names).
    public struct Cluster: Decodable, Sendable {
        /// Cluster radius, pixels.
        public var radius: Double
        /// Tile extent the radius is relative to, pixels.
        public var extent: Double
        /// The lowest zoom that clusters.
        public var min_zoom: Int
        /// The highest zoom that clusters; above it every site shows as a pin.
        public var max_zoom: Int
        /// The fewest points that form a cluster.
        public var min_points: Int
        /// The KD-tree's leaf size.
        public var node_size: Int
        /// The options in GeoKit's names, not yet validated.
        public var options: ClusterOptions {
            ClusterOptions(radius: radius, extent: extent, minZoom: min_zoom, maxZoom: max_zoom, minPoints: min_points, nodeSize: node_size)
        }
    }

    /// Geofence monitoring: regions, timing and callouts.
    public struct Geofence: Decodable, Sendable {
        /// Metres around a site without its own `geofence_radius`.
        public var radius: Double
        /// Regions monitored at once, the park's boundary included (iOS allows 20).
        public var cap: Int
        /// Metres moved before the monitored regions are chosen again.
        public var refresh_distance: Double
        /// Metres nearer a newcomer must be to take a monitored region's slot.
        public var hysteresis: Double
        /// Seconds inside, from the first fix inside, before an enter.
        public var enter_delay: Double
        /// Seconds outside before an exit.
        public var exit_delay: Double
        /// Metres inside the edge a fix must be to count towards an enter.
        public var enter_margin: Double
        /// Metres outside the edge a fix must be to count towards an exit (GPS jitter).
        public var exit_margin: Double
        /// Seconds after an enter before a dwell.
        public var dwell_delay: Double
        /// Whether to report, too, the enters a phone's cap would have missed.
        public var report_missed: Bool
        /// Seconds between any two callouts.
        public var callout_interval: Double
        /// Seconds between two callouts for the same site.
        public var site_callout_interval: Double
        /// What the callouts say.
        public var callouts: Callouts

        /// The monitor's settings (GeoKit's names).
        public var monitor: GeofenceSettings {
            var s = GeofenceSettings()
            s.cap = cap
            s.refreshDistance = refresh_distance
            s.hysteresis = hysteresis
            s.enterDelay = enter_delay
            s.exitDelay = exit_delay
            s.enterMargin = enter_margin
            s.exitMargin = exit_margin
            s.dwellDelay = dwell_delay
            s.reportMissed = report_missed
            return s
        }
    }

    /// Callout texts; `%s` is the site's (or the park's) name.
    public struct Callouts: Decodable, Sendable {
        /// On entering the park.
        public var park_enter: String
        /// On leaving the park.
        public var park_exit: String
        /// On entering a site's region.
        public var enter: String
        /// On staying at a site.
        public var dwell: String
    }

    /// When a fix counts as found, and how long the search lasts (GeoKit's `LocationSettings`).
    public struct Location: Decodable, Sendable {
        /// Metres: a fix at most this uncertain is found.
        public var accuracy: Double
        /// Seconds: a found fix this old no longer counts.
        public var max_age: Double
        /// Seconds without a good fix before searching longer.
        public var searching_longer_after: Double
        /// Seconds without a good fix, from the search's start, before the error timed out.
        public var timeout: Double

        /// The settings in GeoKit's names, not yet checked.
        public var machine: LocationSettings {
            var s = LocationSettings()
            s.accuracy = accuracy
            s.maxAge = max_age
            s.searchingLongerAfter = searching_longer_after
            s.timeout = timeout
            return s
        }
    }

    /// Whom the emergency flow calls and which sites it lists with directions.
    public struct Emergency: Decodable, Sendable {
        /// The number "Call for help" dials (911 unless the park has a dispatch number).
        public var phone: String
        /// The site categories listed: ways out, trailheads, ranger stations.
        public var categories: [String]
        /// Places listed per category when the visitor's position is known, nearest first.
        public var limit: Int
    }

    /// The AR view's defaults.
    public struct AR: Decodable, Sendable {
        /// Metres: sites farther away are not shown.
        public var max_distance: Double
        /// Horizontal field of view in degrees when the request gives none.
        public var fov: Double
        /// Screen points when a request gives no size.
        public var size: SizeSetting
        /// Most pins shown, nearest first.
        public var limit: Int
    }
}
