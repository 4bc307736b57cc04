public import GeoKit

/// A park's settings, typed: `parks/defaults.lua` deep-merged with `parks/<CODE>/park.lua`,
/// decoded strictly (an unknown field at any depth is an error with a suggestion). Every
/// default lives in defaults.lua; nothing here has one, so the two cannot disagree. Field
/// names are the Lua ones, so a decoding path reads as the author wrote it.
public struct ParkSettings: Decodable, Sendable {
    public var name: String
    public var state: String
    /// IANA time zone, for `ctx.time`.
    public var timezone: String
    public var description: String?
    public var website: String?
    public var phone: String?
    public var center: Center
    /// Map zoom that shows the park, 0-22.
    public var zoom: Double
    public var theme: Theme
    public var onboarding: Onboarding
    public var home: Home
    /// Flows switched on or off for the park, by name.
    public var flows: [String: Bool]
    public var budgets: Budgets
    public var sites: Sites
    public var map: Map
    public var geofence: Geofence
    public var ar: AR

    public struct Center: Decodable, Sendable { public var lat: Double; public var lon: Double }

    /// Colors as `#RRGGBB`.
    public struct Theme: Decodable, Sendable { public var primary: String; public var accent: String; public var background: String }

    public struct Onboarding: Decodable, Sendable { public var pages: [Page] }
    public struct Page: Decodable, Sendable { public var title: String; public var body: String; public var background: [Layer] }
    /// One parallax layer: position and depth in [0, 1].
    public struct Layer: Decodable, Sendable {
        public var image: String
        public var position: Position
        public var depth: Double
        public var placeholder: String?
    }
    public struct Position: Decodable, Sendable { public var x: Double; public var y: Double }

    public struct Home: Decodable, Sendable {
        /// Sections in order, from ``Home/knownSections``.
        public var sections: [String]
        /// How many sites the highlights carousel shows.
        public var highlights: Int
        public var highlight_categories: [String]
        public var links: [Link]
        public static let knownSections: Set<String> = ["welcome", "highlights", "collections", "links", "contact"]
    }
    public struct Link: Decodable, Sendable { public var label: String; public var flow: String; public var args: [String: String]? }

    public struct Budgets: Decodable, Sendable {
        /// Instructions one flow run may execute.
        public var instructions: Int
        /// Memory cap of the park's Lua state in MiB.
        public var memory_mb: Int
    }

    public struct Sites: Decodable, Sendable {
        /// Sites listed per collection, and when ranked by position.
        public var nearby_limit: Int
        public var collections: [Collection]
    }
    public struct Collection: Decodable, Sendable { public var id: String; public var title: String; public var categories: [String] }

    public struct Map: Decodable, Sendable {
        /// Screen points when a request gives no size (`"390x844"` in Lua).
        public var size: SizeSetting
        public var cluster: Cluster
    }

    /// A screen size written as `"WIDTHxHEIGHT"`, read with ``GeoKit/ScreenSize/parse(_:)``.
    public struct SizeSetting: Decodable, Sendable {
        public var value: ScreenSize
        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            do { value = try ScreenSize.parse(text) } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
            }
        }
    }
    /// Cluster index options (``GeoKit/ClusterOptions`` with Lua's names).
    public struct Cluster: Decodable, Sendable {
        public var radius: Double, extent: Double, min_zoom: Int, max_zoom: Int, min_points: Int, node_size: Int
        public var options: ClusterOptions {
            ClusterOptions(radius: radius, extent: extent, minZoom: min_zoom, maxZoom: max_zoom, minPoints: min_points, nodeSize: node_size)
        }
    }

    public struct Geofence: Decodable, Sendable {
        /// Metres around a site without its own `geofence_radius`.
        public var radius: Double
        public var cap: Int
        public var refresh_distance: Double, hysteresis: Double
        public var enter_delay: Double, exit_delay: Double, enter_margin: Double, exit_margin: Double, dwell_delay: Double
        public var report_missed: Bool
        public var callout_interval: Double, site_callout_interval: Double
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
    public struct Callouts: Decodable, Sendable { public var park_enter: String, park_exit: String, enter: String, dwell: String }

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
