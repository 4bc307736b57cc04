import GeoKit
package import LuaKit

/// A park's settings, typed: `parks/defaults.lua` deep-merged with `parks/<CODE>/park.lua`,
/// decoded strictly (an unknown field at any depth is an error with a suggestion). Every
/// default lives in defaults.lua; nothing here has one, so the two cannot disagree. Field
/// names are the Lua ones, so a decoding path reads as the author wrote it.
///
/// Each record reads itself in its initializer (`SettingRecord`), and that is the one
/// description of the settings: `SettingReader` decodes park.lua with it, and the LuaLS
/// stubs (`meta/park.gen.lua`) and the park.lua reference are read off it. A new field
/// needs its `t.read("name")` (the compiler asks for it) and its line for Lua authors in
/// `ParkSettingsCatalog.docs` (a test names a field without one).
public struct ParkSettings: SettingRecord, Sendable {
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
    /// The language screens speak by default, and the park's own strings.
    public var language: Language

    package init(_ t: inout SettingTable) throws(LuaDecodingError) {
        name = try t.read("name")
        state = try t.read("state")
        timezone = try t.read("timezone")
        description = try t.read("description")
        website = try t.read("website")
        phone = try t.read("phone")
        address = try t.read("address")
        center = try t.read("center")
        zoom = try t.read("zoom")
        theme = try t.read("theme")
        onboarding = try t.read("onboarding")
        home = try t.read("home")
        flows = try t.read("flows")
        budgets = try t.read("budgets")
        sites = try t.read("sites")
        map = try t.read("map")
        geofence = try t.read("geofence")
        ar = try t.read("ar")
        location = try t.read("location")
        emergency = try t.read("emergency")
        language = try t.read("language")
    }

    /// A latitude and longitude in degrees.
    public struct Center: SettingRecord, Sendable {
        /// Latitude, degrees north, in [-90, 90].
        public var lat: Double
        /// Longitude, degrees east, in [-180, 180].
        public var lon: Double

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            lat = try t.read("lat")
            lon = try t.read("lon")
        }
    }

    /// Colors as `#RRGGBB`.
    public struct Theme: SettingRecord, Sendable {
        /// The park's main color.
        public var primary: String
        /// The color for what should stand out.
        public var accent: String
        /// The background color.
        public var background: String

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            primary = try t.read("primary")
            accent = try t.read("accent")
            background = try t.read("background")
        }
    }

    /// Instructions and memory a park's flows may use.
    public struct Budgets: SettingRecord, Sendable {
        /// Instructions one flow run may execute.
        public var instructions: Int
        /// Memory cap of the park's Lua state in MiB.
        public var memory_mb: Int

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            instructions = try t.read("instructions")
            memory_mb = try t.read("memory_mb")
        }
    }

    /// An address written as one string or a list of lines, checked by GeoKit's
    /// `SiteFacts.addressLines(_:single:)`, the rule sites' addresses follow.
    public struct AddressSetting: SettingValue, Sendable {
        /// The lines, at least one.
        public var lines: [String]

        package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Self {
            let lines: [String], single: Bool
            if case .string(let line) = value {
                (lines, single) = ([line], true)
            } else if let list = try? [String].read(value, reader) {
                (lines, single) = (list, false)
            } else {
                throw reader.problem("expected a string or a list of lines (strings)")
            }
            do { return Self(lines: try SiteFacts.addressLines(lines, single: single)) } catch { throw reader.problem(error.message) }
        }
        init(lines: [String]) { self.lines = lines }
    }
}
