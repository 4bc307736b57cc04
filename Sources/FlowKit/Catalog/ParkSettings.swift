import GeoKit

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

    /// Instructions and memory a park's flows may use.
    public struct Budgets: Decodable, Sendable {
        /// Instructions one flow run may execute.
        public var instructions: Int
        /// Memory cap of the park's Lua state in MiB.
        public var memory_mb: Int
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
}
