import FlowKit
import GeoKit
import Synchronization

/// The parks the relay knows (`--root`, the project's folder, as every command takes it): a
/// party names its park, and is evaluated with that park's geofence settings, as a replay
/// of the same party there would be (``Party/rules(_:in:)``). Each park is read once.
final class ParkRules: Sendable {
    let root: ProjectRoot
    private let loaded = Mutex<[String: ParkConfig]>([:])

    init(root: ProjectRoot) { self.root = root }

    /// The park's code as the catalogue spells it.
    /// - Throws: ``Refusal`` `bad_request` naming `park` for a park the relay does not know.
    func check(_ code: String) throws(Refusal) -> String {
        do {
            let resolved = try ParkCatalog.resolve(code, in: root)
            _ = try config(resolved)
            return resolved
        } catch {
            throw Refusal(.badRequest, "park: \(error.description)")
        }
    }

    /// `settings` with the park's geofence monitor settings.
    func rules(_ settings: PartySettings, park: String) -> PartySettings {
        guard let config = try? config(park) else { return settings }
        return Party.rules(settings, in: config)
    }

    private func config(_ code: String) throws(FlowError) -> ParkConfig {
        if let config = loaded.withLock({ $0[code] }) { return config }
        let config = try ParkConfig.load(code: code, root: root)
        loaded.withLock { $0[code] = config }
        return config
    }
}
