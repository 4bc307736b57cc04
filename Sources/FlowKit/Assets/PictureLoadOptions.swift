/// How an app loads a screen's pictures (the image sequencer, FlowAssets): every default is
/// here and nowhere else. It lives beside the runtime, not in FlowAssets, so that the lean
/// `flowrun` can name the defaults in its help without linking the HTTP client.
public struct PictureLoadOptions: Sendable, Equatable {
    /// Requests in flight at once, at least 1 (1 is strictly one after another).
    public var parallel = 4
    /// After this long a picture keeps its placeholder, and is shown if it comes later.
    public var timeout: Duration = .milliseconds(2_000)
    /// After this long a request is dropped for good: the picture keeps its placeholder.
    public var giveUp: Duration = .seconds(30)

    /// The defaults: 4 at a time, a 2,000 ms timeout, dropped after 30 s.
    public init() {}

    /// A duration in whole milliseconds.
    public static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
