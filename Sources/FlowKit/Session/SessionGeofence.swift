import GeoKit
import ScreenModel

/// A live session's geofences: the park's sites and boundary, monitored as the `geofence`
/// flow's replay monitors them (flows/geofence.lua, `M.replay`: the park's settings, the same
/// callout throttle), turned into events as that replay turns them into timeline entries.
final class SessionGeofence {
    private let regions: MonitoredRegions
    private let controller: GeofenceController
    /// The park's words for callouts: a new content version may change them without touching the monitor.
    var callouts: ParkSettings.Callouts
    /// What the monitor was made of.
    let basis: Basis
    /// Whether the visitor is in the park, as the presence region's events last said: false
    /// from a fix outside before any event (the monitor starts outside, so no event says it),
    /// true or false from each enter or exit; nil before (a fix inside waits for its enter).
    private(set) var present: Bool?

    /// What a park's monitor is made of: a new content version with the same basis keeps the
    /// monitor and its state (inside the park, at a site, the callouts' throttle), so nobody
    /// is welcomed to the park again because a flow changed.
    struct Basis: Equatable {
        var sites: [Site]
        var boundary: String?
        var settings: GeofenceSettings
        /// The radius of a site without its own, metres, and the callouts' intervals.
        var numbers: [Double]

        /// - Throws: ``FlowError/invalidContent(_:)`` when the park's sites do not read.
        init(_ runtime: FlowRuntime) throws(FlowError) {
            let geofence = runtime.park.settings.geofence
            sites = try runtime.sites()
            boundary = try? runtime.root.read("parks/\(runtime.park.code)/boundary.geojson")
            settings = geofence.monitor
            numbers = [geofence.radius, geofence.callout_interval, geofence.site_callout_interval]
        }
    }

    /// - Throws: ``FlowError/invalidContent(_:)`` when the park's sites or boundary do not read.
    init(runtime: FlowRuntime) throws(FlowError) {
        basis = try Basis(runtime)
        let context = runtime.moduleContext
        let settings = context.park.settings.geofence
        do {
            let setup = try GeofenceSetup.shared(context)
            regions = setup.regions
            controller = GeofenceController(
                monitor: try RegionMonitor(index: regions.index, presence: regions.presence, settings: settings.monitor),
                throttle: CalloutThrottle(minimumInterval: settings.callout_interval, siteInterval: settings.site_callout_interval),
                regionIDs: regions.regionIDs)
        } catch let error as FlowError {
            throw error
        } catch {
            throw .invalidContent("\(error)")
        }
        callouts = settings.callouts
    }

    /// Feeds one fix and appends what it caused: a change of the monitored set, then each
    /// region event, each followed by its callout, shown or held back.
    func feed(_ fix: GeofenceFix, into events: inout [SessionEvent]) {
        if present == nil, let park = regions.presence, !park.contains(fix.coordinate) { present = false }
        guard let step = try? controller.feed(fix) else { return }
        if !step.added.isEmpty || !step.removed.isEmpty {
            var change = SessionEvent(.monitor, at: fix.time)
            change.added = step.added.map(regions.id)
            change.removed = step.removed.map(regions.id)
            change.position = fix.coordinate
            events.append(change)
        }
        for region in step.events {
            let presence = region.region == GeofenceEvent.presence
            let kind: Component.Timeline.Entry.Kind
            switch (region.kind, presence) {
            case (.enter, true):
                kind = .presenceEnter
                present = true
            case (.exit, true):
                kind = .presenceExit
                present = false
            // Staying in the park is not news: the replay's timeline leaves it out too.
            case (.dwell, true): continue
            case (.enter, false): kind = .enter
            case (.exit, false): kind = .exit
            case (.dwell, false): kind = .dwell
            case (.missedEnter, _): kind = .missedEnter
            }
            var event = SessionEvent(kind, at: region.time)
            event.region = regions.id(region.region)
            event.name = regions.name(region.region)
            event.position = fix.coordinate
            events.append(event)
            guard kind != .missedEnter, let template = template(kind), let site = event.region, let name = event.name else { continue }
            var callout = event
            callout.text = Self.format(template, name)
            if let hold = controller.callout(site: site, at: region.time) {
                callout.kind = .calloutHeld
                callout.detail = hold.description
            } else {
                callout.kind = .callout
            }
            events.append(callout)
        }
    }

    /// The park's words for a callout of `kind` (`callouts` in park.lua): none for an exit.
    private func template(_ kind: Component.Timeline.Entry.Kind) -> String? {
        switch kind {
        case .presenceEnter: callouts.park_enter
        case .presenceExit: callouts.park_exit
        case .enter: callouts.enter
        case .dwell: callouts.dwell
        default: nil
        }
    }

    /// `template` with `%s` replaced by `name` and `%%` by `%`, as Lua's `string.format`
    /// does for the callouts' one conversion.
    static func format(_ template: String, _ name: String) -> String {
        var out = ""
        var percent = false
        for c in template {
            if percent {
                if c == "s" { out += name } else if c == "%" { out.append("%") } else { out.append("%"); out.append(c) }
                percent = false
            } else if c == "%" {
                percent = true
            } else {
                out.append(c)
            }
        }
        if percent { out.append("%") }
        return out
    }
}
