/// When a callout may be shown: a minimum interval between any two callouts, and a longer
/// one between two callouts for the same site.
public struct CalloutThrottle: Sendable {
    /// Seconds between any two callouts.
    public var minimumInterval: Double
    /// Seconds between two callouts for the same site.
    public var siteInterval: Double

    private var lastShown: Double?
    private var lastShownForSite: [String: Double] = [:]

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
        lastShownForSite[site] = time
        return nil
    }
}
