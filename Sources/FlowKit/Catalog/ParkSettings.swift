public import GeoKit

/// A park's settings, typed: `parks/defaults.lua` deep-merged with `parks/<CODE>/park.lua`,
/// decoded strictly (an unknown field at any depth is an error with a suggestion). Every
/// default lives in defaults.lua; nothing here has one, so the two cannot disagree. Field
/// names are the Lua ones, so a decoding path reads as the author wrote it. The LuaLS stubs
/// (`meta/park.gen.lua`) are read off this decoding; a new field needs its line for Lua
/// authors in `ParkSettingsCatalog.docs` (a test names a field without one).
public struct ParkSettings: Decodable, Sendable {
    /// The park's name for people (required, not empty).
    public var name: String
    /// The state or region the park is in.
    public var state: String
    /// IANA time zone, for `ctx.time`.
    public var timezone: String
    /// A short description; the home screen shows it when present.
    public var description: String?
    /// The park's website; the home screen links it when present.
    public var website: String?
    /// The park's phone number; the home screen offers a call when present.
    public var phone: String?
    /// The park's address, for directions; the home screen shows it when present.
    public var address: AddressSetting?
    /// Where the map centers by default (required).
    public var center: Center
    /// Map zoom that shows the park, 0-22.
    public var zoom: Double
    /// The park's colors.
    public var theme: Theme
    /// The onboarding flow's pages.
    public var onboarding: Onboarding
    /// What the home screen shows.
    public var home: Home
    /// Flows switched on or off for the park, by name.
    public var flows: [String: Bool]
    /// What the park asks of the script budgets (the host's limits may lower it).
    public var budgets: Budgets
    /// How sites are listed and grouped.
    public var sites: Sites
    /// The map's default size and clustering.
    public var map: Map
    /// Geofence monitoring: regions, timing and callouts.
    public var geofence: Geofence
    /// The AR view's defaults.
    public var ar: AR
    /// When a fix counts as found, and how long the search lasts.
    public var location: Location
    /// Whom the emergency flow calls and which sites it lists.
    public var emergency: Emergency

    /// A latitude and longitude in degrees.
    public struct Center: Decodable, Sendable {
        /// Latitude, degrees north, in [-90, 90].
        public var lat: Double
        /// Longitude, degrees east, in [-180, 180].
        public var lon: Double
    }

    /// Colors as `#RRGGBB`.
    public struct Theme: Decodable, Sendable {
        /// The park's main color.
        public var primary: String
        /// The color for what should stand out.
        public var accent: String
        /// The background color.
        public var background: String
    }

    /// The onboarding flow's content.
    public struct Onboarding: Decodable, Sendable {
        /// The pages in order; with none, the onboarding flow shows one welcome page.
        public var pages: [Page]
        /// Which site categories `flowrun art` draws as what in the onboarding pictures.
        public var art: Art
    }
    /// The site categories the onboarding pictures are drawn from: content's words, so a
    /// park with categories of its own (`volcano`) names them here.
    public struct Art: Decodable, Sendable {
        /// Categories that stand up from the land: their sites become the skylines' summits.
        public var relief: [String]
        /// Categories of open water: with any site of one, the foreground is a lake or bay.
        public var water: [String]
        /// Categories drawn as plumes on the foreground.
        public var geyser: [String]
        /// Categories drawn as towers on the foreground.
        public var lighthouse: [String]
    }
    /// One onboarding page.
    public struct Page: Decodable, Sendable {
        /// The page's title.
        public var title: String
        /// The page's text.
        public var body: String
        /// The parallax pictures behind the text.
        public var background: [Layer]
    }
    /// One parallax layer: position and depth in [0, 1].
    public struct Layer: Decodable, Sendable {
        /// Where the picture is.
        public var image: String
        /// Where the picture's center sits on the page.
        public var position: Position
        /// Parallax: 0 stays fixed (far away), 1 moves with the finger.
        public var depth: Double
        /// A `#RRGGBB` color shown while the picture loads.
        public var placeholder: String?
    }
    /// A point on the page in unit coordinates: (0, 0) top left, (1, 1) bottom right.
    public struct Position: Decodable, Sendable {
        /// From the left edge (0) to the right edge (1).
        public var x: Double
        /// From the top edge (0) to the bottom edge (1).
        public var y: Double
    }

    /// What the home screen shows, in what order.
    public struct Home: Decodable, Sendable {
        /// Sections in order, by the names the home flow builds: content, not Swift, owns them.
        public var sections: [String]
        /// How many sites the highlights carousel shows.
        public var highlights: Int
        /// The categories the highlights come from, most wanted first.
        public var highlight_categories: [String]
        /// Extra links to other flows.
        public var links: [Link]
    }
    /// A link on the home screen to another flow.
    public struct Link: Decodable, Sendable {
        /// The link's text.
        public var label: String
        /// The flow it opens.
        public var flow: String
        /// The flow's `ctx.args`, if any.
        public var args: [String: String]?
    }

    /// Instructions and memory a park's flows may use.
    public struct Budgets: Decodable, Sendable {
        /// Instructions one flow run may execute.
        public var instructions: Int
        /// Memory cap of the park's Lua state in MiB.
        public var memory_mb: Int
    }

    /// How sites are listed and grouped.
    public struct Sites: Decodable, Sendable {
        /// Sites listed per collection, and when ranked by position.
        public var nearby_limit: Int
        /// Groups of sites by category; a category in none of them lands in "More places".
        public var collections: [Collection]
        /// How each category reads on screens, or that visitors never see it.
        public var categories: [String: Category]
        /// Ids of sites visitors never see (staff housing, utilities, duplicates).
        public var hidden: [String]
        /// The name visitors see for a site, by id, where the data's is wrong.
        public var names: [String: String]
        /// Whether names written in capitals only read in title case.
        public var title_case: Bool
        /// Words title case keeps in capitals (`NRA`).
        public var acronyms: [String]
        /// How lib.scoring weighs numeric site properties against distance, by property name.
        public var ranking: [String: RankingWeight]
    }
    /// What one numeric site property adds to a site's distance when sites are ranked:
    /// `weight × (value − neutral)` metres.
    public struct RankingWeight: Decodable, Sendable {
        /// Metres added per unit above ``neutral`` (negative: the site ranks nearer).
        public var weight: Double
        /// The value that adds nothing.
        public var neutral: Double
    }
    /// How one category reads: `{ name = "Bench", plural = "Benches" }`, or `{ hidden = true }`.
    public struct Category: Decodable, Sendable {
        /// One site's category, as a subtitle ("Picnic area").
        public var name: String?
        /// A list of them, as a title ("Picnic areas").
        public var plural: String?
        /// Whether visitors never see sites of this category (lists, map, AR, alerts).
        public var hidden: Bool?
    }
    /// A group of sites by category.
    public struct Collection: Decodable, Sendable {
        /// The collection's id, unique in the park.
        public var id: String
        /// Its title for people.
        public var title: String
        /// The site categories it holds.
        public var categories: [String]
    }

    /// The map's default size and clustering.
    public struct Map: Decodable, Sendable {
        /// Screen points when a request gives no size (`"390x844"` in Lua).
        public var size: SizeSetting
        /// How the map clusters its sites.
        public var cluster: Cluster
    }

    /// An address written as one string or a list of lines, checked by GeoKit's
    /// `SiteFacts.addressLines(_:single:)`, the rule sites' addresses follow.
    public struct AddressSetting: Decodable, Sendable {
        /// The lines, at least one.
        public var lines: [String]
        /// Reads and checks the string or list.
        /// - Throws: `DecodingError.dataCorrupted` saying what is wrong.
        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let lines: [String], single: Bool
            if let line = try? container.decode(String.self) {
                (lines, single) = ([line], true)
            } else if let list = try? container.decode([String].self) {
                (lines, single) = (list, false)
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a string or a list of lines (strings)")
            }
            do { self.lines = try SiteFacts.addressLines(lines, single: single) } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
            }
        }
        init(lines: [String]) { self.lines = lines }
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
