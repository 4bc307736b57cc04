import Foundation
public import GeoKit

/// A scan log to replay (`--beacons FILE.csv`) and the moment to stop at (`--at-time T`).
/// The log is read when the flow runs, against the park's exhibits (ScanLog's rules).
public struct BeaconReplay: Sendable, Equatable {
    /// The file to read.
    public var path: String
    /// How messages name it (the path as the user gave it).
    public var displayPath: String
    /// Seconds in the log's clock to replay up to (nil: the whole log).
    public var atTime: Double?

    /// A replay; each parameter sets the property of the same name.
    public init(path: String, displayPath: String? = nil, atTime: Double? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
        self.atTime = atTime
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
