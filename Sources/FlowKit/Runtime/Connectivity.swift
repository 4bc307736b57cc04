/// Whether the device reaches the network, as flows read it (`ctx.connectivity`): a flow
/// that would fetch something (pictures from `https://`, a sync) says what works without.
public enum Connectivity: Sendable, Hashable {
    /// The network is there.
    case online
    /// No network; `cache` says what the device holds to run from, for people: "bundle 7 of
    /// GOGA (verified)" when run from a cache, else "the park's files".
    case offline(cache: String)
    /// Not known yet (the app has not checked).
    case unknown

    /// The state's name as flows read it: `online`, `offline`, `unknown`.
    public var name: String {
        switch self {
        case .online: "online"
        case .offline: "offline"
        case .unknown: "unknown"
        }
    }
}
