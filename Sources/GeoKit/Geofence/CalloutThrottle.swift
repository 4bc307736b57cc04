/// When a callout may be shown: a minimum interval between any two callouts, and a longer
/// one between two callouts for the same site.
///
/// At most ``siteMemory`` sites are remembered: when a new one would pass that, the sites
/// whose interval has passed (at the new callout's time) are forgotten, then, if still more
/// than half remain, those shown longest ago. A forgotten site can be shown again at once.
public struct CalloutThrottle: Sendable {
    /// Sites remembered for the per-site interval (4,096).
    public static let siteMemory = 4_096

    /// Seconds between any two callouts.
    public var minimumInterval: Double
    /// Seconds between two callouts for the same site.
    public var siteInterval: Double

    private var lastShown: Double?
    private var lastShownForSite: [String: Double] = [:]
    /// UTF-8 bytes of the remembered site ids.
    private var siteBytes = 0

    /// How many sites are remembered now (at most ``siteMemory``).
    public var rememberedSites: Int { lastShownForSite.count }

    /// About how many bytes the remembered sites take (dictionary entries and ids).
    public var storageBytes: Int { lastShownForSite.capacity * 48 + siteBytes }

    public init(minimumInterval: Double = 60, siteInterval: Double = 1800) {
        self.minimumInterval = minimumInterval
        self.siteInterval = siteInterval
    }

    /// Why a callout was held back.
    public enum Hold: Sendable, Hashable, CustomStringConvertible {
        /// Another callout was shown `since` seconds ago; `minimum` must pass.
        case tooSoon(since: Double, minimum: Double)
        /// This site's callout was shown `since` seconds ago; `minimum` must pass.
        case siteTooSoon(since: Double, minimum: Double)
        /// The site is not in the active monitoring context.
        case notInContext(context: String)

        public var description: String {
            switch self {
            case .tooSoon(let since, let minimum):
                "another callout \(GeoError.text(since.rounded())) s ago (minimum \(GeoError.text(minimum)) s)"
            case .siteTooSoon(let since, let minimum):
                "this site's callout \(GeoError.text(since.rounded())) s ago (minimum \(GeoError.text(minimum)) s)"
            case .notInContext(let context):
                "not in the active context '\(context)'"
            }
        }
    }

    /// Decides a callout for `site` at `time`, and records it when shown.
    /// - Returns: nil when shown, else why it was held (the global interval is checked first).
    public mutating func offer(site: String, at time: Double) -> Hold? {
        if let last = lastShown, time - last < minimumInterval {
            return .tooSoon(since: time - last, minimum: minimumInterval)
        }
        if let last = lastShownForSite[site], time - last < siteInterval {
            return .siteTooSoon(since: time - last, minimum: siteInterval)
        }
        lastShown = time
        if lastShownForSite[site] == nil {
            if lastShownForSite.count >= Self.siteMemory { forget(at: time) }
            siteBytes += site.utf8.count
        }
        lastShownForSite[site] = time
        return nil
    }

    // MARK: - Private helpers

    /// Makes room: forgets the sites that can no longer hold a callout back at `time`, then the
    /// oldest until half the memory is free (so this runs once per ``siteMemory``/2 new sites).
    private mutating func forget(at time: Double) {
        var kept = lastShownForSite.filter { time - $0.value < siteInterval }
        if kept.count > Self.siteMemory / 2 {
            let newest = kept.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.prefix(Self.siteMemory / 2)
            kept = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
        }
        lastShownForSite = kept
        siteBytes = kept.keys.reduce(0) { $0 + $1.utf8.count }
    }
}
