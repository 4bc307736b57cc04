/// Something that happened to one picture while the sequencer loaded it.
public struct AssetEvent: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// Its request went out.
        case requested
        /// It arrived in time: the screen shows it.
        case loaded(bytes: Int)
        /// Its timeout passed: the screen keeps the placeholder for now.
        case placeholder
        /// It arrived after its timeout: it replaces the placeholder.
        case replaced(bytes: Int)
        /// It will not arrive (an HTTP error, a broken connection, a missing file, dropped):
        /// the screen keeps the placeholder.
        case failed(String)
    }

    /// The picture.
    public var item: ImagePlan.Item
    /// What happened.
    public var kind: Kind
    /// When, from the start of the run.
    public var at: Duration
}
