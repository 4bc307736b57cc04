public import GeoKit
package import LuaKit

/// The native modules' settings: the map, geofences, location, emergency, AR.
extension ParkSettings {
    /// The map's default size and clustering.
    public struct Map: SettingRecord, Sendable {
        /// Screen points when a request gives no size (`"390x844"` in Lua).
        public var size: SizeSetting
        /// How the map clusters its sites.
        public var cluster: Cluster

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            size = try t.read("size")
            cluster = try t.read("cluster")
        }
    }

    /// A screen size written as `"WIDTHxHEIGHT"`, read with GeoKit's `ScreenSize.parse(_:)`.
    public struct SizeSetting: Decodable, SettingValue, Sendable {
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

        package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Self {
            let text = try String.read(value, reader)
            do { return Self(try ScreenSize.parse(text)) } catch { throw reader.problem(error.message) }
        }
    }

    /// Cluster index options (GeoKit's `ClusterOptions` with Lua's names).
    public struct Cluster: SettingRecord, Sendable {
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

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            radius = try t.read("radius")
            extent = try t.read("extent")
            min_zoom = try t.read("min_zoom")
            max_zoom = try t.read("max_zoom")
            min_points = try t.read("min_points")
            node_size = try t.read("node_size")
        }

        /// The options in GeoKit's names, not yet validated.
        public var options: ClusterOptions {
            ClusterOptions(radius: radius, extent: extent, minZoom: min_zoom, maxZoom: max_zoom, minPoints: min_points, nodeSize: node_size)
        }
    }

    /// Geofence monitoring: regions, timing and callouts.
    public struct Geofence: SettingRecord, Sendable {
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

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            radius = try t.read("radius")
            cap = try t.read("cap")
            refresh_distance = try t.read("refresh_distance")
            hysteresis = try t.read("hysteresis")
            enter_delay = try t.read("enter_delay")
            exit_delay = try t.read("exit_delay")
            enter_margin = try t.read("enter_margin")
            exit_margin = try t.read("exit_margin")
            dwell_delay = try t.read("dwell_delay")
            report_missed = try t.read("report_missed")
            callout_interval = try t.read("callout_interval")
            site_callout_interval = try t.read("site_callout_interval")
            callouts = try t.read("callouts")
        }

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
    public struct Callouts: SettingRecord, Sendable {
        /// On entering the park.
        public var park_enter: String
        /// On leaving the park.
        public var park_exit: String
        /// On entering a site's region.
        public var enter: String
        /// On staying at a site.
        public var dwell: String

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            park_enter = try t.read("park_enter")
            park_exit = try t.read("park_exit")
            enter = try t.read("enter")
            dwell = try t.read("dwell")
        }
    }

    /// When a fix counts as found, and how long the search lasts (GeoKit's `LocationSettings`).
    public struct Location: SettingRecord, Sendable {
        /// Metres: a fix at most this uncertain is found.
        public var accuracy: Double
        /// Seconds: a found fix this old no longer counts.
        public var max_age: Double
        /// Seconds without a good fix before searching longer.
        public var searching_longer_after: Double
        /// Seconds without a good fix, from the search's start, before the error timed out.
        public var timeout: Double

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            accuracy = try t.read("accuracy")
            max_age = try t.read("max_age")
            searching_longer_after = try t.read("searching_longer_after")
            timeout = try t.read("timeout")
        }

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
    public struct Emergency: SettingRecord, Sendable {
        /// The number "Call for help" dials (911 unless the park has a dispatch number).
        public var phone: String
        /// The site categories listed: ways out, trailheads, ranger stations.
        public var categories: [String]
        /// Places listed per category when the visitor's position is known, nearest first.
        public var limit: Int

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            phone = try t.read("phone")
            categories = try t.read("categories")
            limit = try t.read("limit")
        }
    }

    /// The AR view's defaults.
    public struct AR: SettingRecord, Sendable {
        /// Metres: sites farther away are not shown.
        public var max_distance: Double
        /// Horizontal field of view in degrees when the request gives none.
        public var fov: Double
        /// Screen points when a request gives no size.
        public var size: SizeSetting
        /// Most pins shown, nearest first.
        public var limit: Int

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            max_distance = try t.read("max_distance")
            fov = try t.read("fov")
            size = try t.read("size")
            limit = try t.read("limit")
        }
    }
}
