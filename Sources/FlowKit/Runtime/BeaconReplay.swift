public import GeoKit

/// A scan log to replay (`--beacons FILE.csv`) and the moment to stop at (`--at-time T`).
/// The log is read when the flow runs, against the park's exhibits (ScanLog's rules).
public struct BeaconReplay: Sendable, Equatable {
    /// The file to read.
    public var path: String
    /// How messages name it (the path as the user gave it).
    public var displayPath: String
    /// `--at-time`: seconds after the log's first reading (as `--until` counts from a track's
    /// first fix) or a time; nil for the whole log.
    public var atTime: RunMoment?

    /// A replay; each parameter sets the property of the same name.
    public init(path: String, displayPath: String? = nil, atTime: RunMoment? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
        self.atTime = atTime
    }

    /// The moment in the log's clock (seconds since 1970), nil for the whole log.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for a moment before or after the log.
    func moment(in log: ScanLog) throws(FlowError) -> Double? {
        guard let atTime, let first = log.scans.first, let last = log.scans.last else { return nil }
        return try atTime.seconds(name: "--at-time", of: "the scan log", displayPath, from: (first.time, first.line), to: (last.time, last.line))
    }

    /// The log, read against `catalog`.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming `file:line`, or saying the park has no exhibits.
    func read(_ catalog: ExhibitCatalog?, park: String) throws(FlowError) -> ScanLog {
        guard let catalog else {
            throw .invalidContent("\(displayPath): park \(park) has no exhibits (parks/\(park)/exhibits.geojson), so no beacon is known")
        }
        do {
            return try ScanLog.read(path, displayPath: displayPath, catalog: catalog)
        } catch {
            throw .invalidContent(error.description)
        }
    }
}
