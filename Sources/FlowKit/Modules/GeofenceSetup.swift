import Formats
import GeoKit
import LuaKit

/// The park's geofences: a circle per site (radius from the site's `geofence_radius`
/// property, else the park's `geofence.radius`), the boundary as the presence region, and
/// the monitor and callout settings from `geofence` in park.lua over the defaults.
final class GeofenceSetup {
    /// The site regions and the boundary, shared by every monitor that watches the sites alone.
    let regions: MonitoredRegions
    /// Per region: the site it stands for.
    let sites: [Site]
    /// The park's code, for messages.
    let parkCode: String

    static let cacheKey = "geofence.setup"

    init(context: ModuleContext) throws {
        let park = context.park
        parkCode = park.code
        let radius = park.settings.geofence.radius
        var regions: [GeofenceRegion] = []
        var sites: [Site] = []
        for site in try context.sites() {
            var r = radius
            if case .number(let value) = site.properties["geofence_radius"] ?? .null { r = value }
            do {
                regions.append(try GeofenceRegion(id: site.id, name: site.name, center: site.coordinate, radius: r))
                sites.append(site)
            } catch {
                throw context.contentFault("parks/\(park.code)/sites.geojson: site \(Excerpt.quoted(site.id)): \(error.message)")
            }
        }
        self.sites = sites
        var presence: GeofenceRegion?
        if let boundary = try context.boundary() {
            do {
                presence = try GeofenceRegion(id: "park", name: park.name, boundary: boundary)
            } catch {
                throw context.contentFault("parks/\(park.code)/boundary.geojson: \(error.message)")
            }
        }
        self.regions = MonitoredRegions(index: RegionIndex(regions), presence: presence, parkCode: park.code, shared: true)
    }

    /// What a monitor is made with: settings, throttle, and the flow's own regions if any.
    struct MonitorSpec {
        var settings: GeofenceSettings
        var throttle: CalloutThrottle
        /// The flow's regions (`settings.regions`), nil when it gave none.
        var regions: [RegionSpec]?
        /// Whether the park's sites are watched too (`settings.sites`, default true).
        var sites = true
    }

    /// The park's own settings, decoded once (most monitors take them as they are).
    private var parkSpec: MonitorSpec?

    /// ``spec(_:_:call:argument:)`` with no overrides, decoded on first use.
    func parkSpec(_ context: ModuleContext, call: LuaCall, argument: Int) throws -> MonitorSpec {
        if let parkSpec { return parkSpec }
        let made = try Self.spec(context, nil, call: call, argument: argument)
        parkSpec = made
        return made
    }

    static func shared(_ context: ModuleContext) throws -> GeofenceSetup {
        try context.cached(cacheKey) { try GeofenceSetup(context: context) }
    }

    /// The park's `geofence` settings (defaults.lua merged with park.lua, checked when the
    /// park loaded), then `overrides` (a flow's table, decoded strictly: a misspelt field
    /// is an error with a suggestion), with the flow's `regions` and `sites` if given.
    static func spec(
        _ context: ModuleContext, _ overrides: LuaValue?, call: LuaCall? = nil,
        argument: Int = 0
    ) throws -> MonitorSpec {
        struct Spec: Decodable {
            var cap: Int?, refresh_distance: Double?, hysteresis: Double?
            var enter_delay: Double?, exit_delay: Double?, enter_margin: Double?, exit_margin: Double?
            var dwell_delay: Double?, report_missed: Bool?, callout_interval: Double?, site_callout_interval: Double?
            var regions: [RegionSpec]?, sites: Bool?
        }
        let park = context.park.settings.geofence
        var s = park.monitor
        var throttle = CalloutThrottle(minimumInterval: park.callout_interval, siteInterval: park.site_callout_interval)
        guard let overrides, overrides != .nil else { return MonitorSpec(settings: s, throttle: throttle) }
        // "settings.regions[2].lat: ..." for a field, "settings: cap 0 ..." for the whole.
        func failure(_ message: String, field: Bool = false) -> Error {
            let text = "settings\(field ? "." : ": ")\(message)"
            return call.map { $0.badArgument(argument, text) } ?? LuaCallError(text)
        }
        let spec: Spec
        do { spec = try LuaValueDecoder(unknownFieldNoun: "setting").decode(Spec.self, from: overrides) } catch {
            let described = LuaDecodingError.describe(error)
            throw failure(described.description, field: !described.path.isEmpty)
        }
        if let v = spec.cap { s.cap = v }
        if let v = spec.refresh_distance { s.refreshDistance = v }
        if let v = spec.hysteresis { s.hysteresis = v }
        if let v = spec.enter_delay { s.enterDelay = v }
        if let v = spec.exit_delay { s.exitDelay = v }
        if let v = spec.enter_margin { s.enterMargin = v }
        if let v = spec.exit_margin { s.exitMargin = v }
        if let v = spec.dwell_delay { s.dwellDelay = v }
        if let v = spec.report_missed { s.reportMissed = v }
        if let v = spec.callout_interval { throttle.minimumInterval = v }
        if let v = spec.site_callout_interval { throttle.siteInterval = v }
        if let problem = s.problem() { throw failure(problem) }
        for (name, v) in [("callout_interval", throttle.minimumInterval), ("site_callout_interval", throttle.siteInterval)]
        where !v.isFinite || v < 0 {
            throw failure("\(name) \(v) must be a number ≥ 0")
        }
        if spec.sites == false && spec.regions == nil { throw failure("sites: false needs regions to watch") }
        return MonitorSpec(settings: s, throttle: throttle, regions: spec.regions, sites: spec.sites ?? true)
    }
}
