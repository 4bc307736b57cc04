/// The app-side geofence service: a ``RegionMonitor`` fed with fixes, a stack of monitoring
/// contexts (only the top one is active, and the monitor follows its site list), callout
/// throttling, and observers told of presence changes and callouts.
///
/// The stack keeps at most ``maximumDepth`` contexts above the base: pushing onto a full
/// stack forgets the oldest of them (``forgottenContexts`` counts how many), so an app that
/// pushes without popping cannot grow it without end. A push costs the active context's
/// sites and the regions (the monitor's allowed set), never the depth of the stack.
public final class GeofenceController {
    /// Contexts kept above the base context "all" (64).
    public static let maximumDepth = 64

    /// A named set of sites to monitor (nil sites: every region).
    public struct Context: Sendable, Hashable {
        public var name: String
        public var sites: [String]?

        public init(name: String, sites: [String]? = nil) {
            self.name = name
            self.sites = sites
        }
    }

    /// What observers hear.
    public enum Notice: Sendable {
        case presence(inside: Bool, time: Double)
        case callout(site: String, time: Double, hold: CalloutThrottle.Hold?)
        case context(stack: [String], time: Double)
    }

    public let monitor: RegionMonitor
    public private(set) var throttle: CalloutThrottle
    /// The contexts, bottom first; the last is active. Never empty: the base context is "all".
    public private(set) var contexts: [Context] = [Context(name: "all")]
    /// How many contexts were forgotten because the stack was full.
    public private(set) var forgottenContexts = 0
    private var observers: [(Notice) -> Void] = []
    private let regionByID: [String: Int32]
    /// The active context's sites as a set (nil: every site).
    private var activeSites: Set<String>?
    /// UTF-8 bytes and count of the site ids held by the contexts.
    private var contextSiteBytes = 0, contextSiteCount = 0
    private var now = 0.0

    /// - Parameters:
    ///   - regionIDs: The index's ``RegionIndex/idLookup()``, when several controllers share
    ///     one index (default: made here, O(regions)).
    public init(monitor: RegionMonitor, throttle: CalloutThrottle, regionIDs: [String: Int32]? = nil) {
        self.monitor = monitor
        self.throttle = throttle
        regionByID = regionIDs ?? monitor.index.idLookup()
    }

    /// About how many bytes this controller and its monitor hold, beyond the region index
    /// they share: the monitor's state, the contexts' site lists and the callout memory. O(1).
    public var storageBytes: Int {
        512 + monitor.storageBytes + throttle.storageBytes + contexts.capacity * 48
            + contextSiteCount * 16 + contextSiteBytes + (activeSites?.capacity ?? 0) * 24
    }

    /// The active context.
    public var active: Context { contexts[contexts.count - 1] }

    /// Adds an observer; it is called synchronously, in the order observers were added.
    public func observe(_ observer: @escaping (Notice) -> Void) { observers.append(observer) }

    /// Makes `context` the active one.
    /// - Returns: Site ids the index does not know (they are ignored).
    @discardableResult
    public func push(_ context: Context) -> [String] {
        contexts.append(context)
        count(context, +1)
        if contexts.count - 1 > Self.maximumDepth {
            count(contexts.remove(at: 1), -1)
            forgottenContexts += 1
        }
        return apply()
    }

    /// Drops the active context (the base context stays).
    /// - Returns: The dropped context, or nil when only the base was left.
    @discardableResult
    public func pop() -> Context? {
        guard contexts.count > 1 else { return nil }
        let dropped = contexts.removeLast()
        count(dropped, -1)
        apply()
        return dropped
    }

    /// Changes the active context's sites; monitoring follows at the next fix.
    @discardableResult
    public func setSites(_ sites: [String]?) -> [String] {
        count(active, -1)
        contexts[contexts.count - 1].sites = sites
        count(active, +1)
        return apply()
    }

    /// Feeds a fix to the monitor; tells observers of presence changes.
    public func feed(_ fix: GeofenceFix) throws(GeoError) -> RegionMonitor.Step {
        now = fix.time
        let step = try monitor.feed(fix)
        for event in step.events where event.region == GeofenceEvent.presence && event.kind != .dwell {
            notify(.presence(inside: event.kind == .enter, time: event.time))
        }
        return step
    }

    /// Asks to show a callout for `site` now (the last fix's time); throttled, and held when
    /// the site is outside the active context. Any id is throttled like a site: checking that
    /// it is one of the index's (``region(forSite:)``) is the caller's part, as the Lua
    /// module's `mon:callout` does.
    /// - Returns: nil when shown, else why it was held.
    public func callout(site: String, at time: Double? = nil) -> CalloutThrottle.Hold? {
        let t = time ?? now
        let hold: CalloutThrottle.Hold?
        if let sites = activeSites, !sites.contains(site) {
            hold = .notInContext(context: active.name)
        } else {
            hold = throttle.offer(site: site, at: t)
        }
        notify(.callout(site: site, time: t, hold: hold))
        return hold
    }

    /// The region index of a site id, if the index has it.
    public func region(forSite id: String) -> Int32? { regionByID[id] }

    // MARK: - Private helpers

    @discardableResult
    private func apply() -> [String] {
        var unknown: [String] = []
        if let sites = active.sites {
            var regions: [Int32] = []
            for site in sites {
                if let r = regionByID[site] { regions.append(r) } else { unknown.append(site) }
            }
            monitor.restrict(to: regions)
            activeSites = Set(sites)
        } else {
            monitor.restrict(to: nil)
            activeSites = nil
        }
        // The stack's names only for someone listening: a push costs nothing per context below.
        if !observers.isEmpty { notify(.context(stack: contexts.map(\.name), time: now)) }
        return unknown
    }

    private func count(_ context: Context, _ sign: Int) {
        guard let sites = context.sites else { return }
        contextSiteCount += sign * sites.count
        contextSiteBytes += sign * sites.reduce(0) { $0 + $1.utf8.count }
    }

    private func notify(_ notice: Notice) {
        for observer in observers { observer(notice) }
    }
}
