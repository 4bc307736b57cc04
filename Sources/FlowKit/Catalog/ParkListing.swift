public import GeoKit

/// The park list: one row per park with its name, state, site count and centre, or the
/// error of a park that did not load. `flowrun parks --format json` prints it, and the
/// preview server's `GET /parks` answers with it, so both say the same thing.
public struct ParkListing: Sendable {
    /// One row: a park that loaded, or one that did not, with its error.
    public struct Entry: Encodable, Sendable, Equatable {
        /// The park's code (`GOGA`).
        public var code: String
        /// The park's name; nil for a park that did not load.
        public var name: String?
        /// The state or states it lies in.
        public var state: String?
        /// How many sites it has.
        public var sites: Int?
        /// Its centre as `[lon, lat]` (GeoJSON order).
        public var center: [Double]?
        /// Metres from the position asked about, rounded.
        public var distance_m: Double?
        /// Whether the position asked about is inside the park's boundary.
        public var inside: Bool?
        /// Why the park did not load (the first line of the error); nil for parks that did.
        public var error: String?
    }

    /// Parks that loaded, nearest first when a position was given (then at most `limit`),
    /// followed by the parks that did not load.
    public var entries: [Entry]
    /// What is wrong with the project's parks: folders that are not parks, and each park
    /// that did not load with its whole error. Empty when every park loaded.
    public var problems: [String]

    /// Lists the parks of `root`; each loads on its own, so a broken park.lua spoils only
    /// its own row.
    /// - Parameters:
    ///   - root: the project.
    ///   - position: sort by distance from here and keep the nearest `limit`; nil for all, by code.
    ///   - limit: how many parks to keep when a position is given.
    public init(root: ProjectRoot, at position: Coordinate? = nil, limit: Int = 20) {
        var entries: [Entry] = []
        var broken: [Entry] = []
        let catalog = ParkCatalog(root: root)
        var problems = catalog.problems
        for code in catalog.codes {
            do {
                entries.append(try Self.entry(code: code, root: root, at: position))
            } catch {
                let message = "\(error)"
                broken.append(Entry(code: code, error: String(message.prefix { $0 != "\n" })))
                problems.append("park \(code) does not load: \(message)")
            }
        }
        if position != nil {
            entries.sort { ($0.inside == true ? 0 : $0.distance_m ?? .infinity, $0.code) < ($1.inside == true ? 0 : $1.distance_m ?? .infinity, $1.code) }
            entries = Array(entries.prefix(limit))
        }
        // Broken parks have no position to sort by: they come last, outside the limit.
        self.entries = entries + broken
        self.problems = problems
    }

    static func entry(code: String, root: ProjectRoot, at: Coordinate?) throws -> Entry {
        let config = try ParkConfig.load(code: code, root: root)
        let runtimeContent = ParkContent(code: code, root: root, curation: SiteCuration(config.settings.sites))
        let center = Coordinate(latitude: config.center.lat, longitude: config.center.lon)
        var entry = Entry(
            code: code, name: config.name, state: config.state, sites: try runtimeContent.sites().count,
            center: [center.longitude, center.latitude])
        if let at {
            entry.distance_m = (at.distance(to: center)).rounded()
            entry.inside = try runtimeContent.boundary()?.contains(at)
        }
        return entry
    }
}
