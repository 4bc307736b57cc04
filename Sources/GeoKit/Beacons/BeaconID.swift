import Formats
/// A beacon's identity as it advertises it: an iBeacon's UUID, major and minor, or an
/// Eddystone-UID's namespace and instance.
///
/// Its text form is the one scan logs and messages use, case-insensitive on input and
/// upper-case hex on output: `ibeacon:F7826DA6-4FA2-4E98-8024-BC5B71E0893E:1:2` and
/// `eddystone:EDD1EBEAC04E5DEFA017:0BDB87539B67`.
public struct BeaconID: Sendable, Hashable, CustomStringConvertible {
    /// The two advertising formats read.
    public enum Kind: String, Sendable {
        case iBeacon = "ibeacon"
        case eddystone = "eddystone"
    }

    /// The format.
    public let kind: Kind
    /// The canonical text form; equality and hashing use it.
    public let description: String

    /// An iBeacon's identity.
    /// - Parameters:
    ///   - uuid: the proximity UUID, 8-4-4-4-12 hex digits (any case).
    ///   - major: 0...65535.
    ///   - minor: 0...65535.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidContent`` naming the part at fault.
    public init(uuid: String, major: Int, minor: Int) throws(GeoError) {
        guard Self.isUUID(uuid) else {
            throw GeoError(.invalidContent, "uuid \(Excerpt.quoted(uuid)) is not a UUID (8-4-4-4-12 hex digits, e.g. F7826DA6-4FA2-4E98-8024-BC5B71E0893E)")
        }
        for (name, value) in [("major", major), ("minor", minor)] where !(0...65535).contains(value) {
            throw GeoError(.invalidContent, "\(name) \(value) out of range [0, 65535]")
        }
        kind = .iBeacon
        description = "ibeacon:\(uuid.uppercased()):\(major):\(minor)"
    }

    /// An Eddystone-UID's identity.
    /// - Parameters:
    ///   - namespace: 10 bytes as 20 hex digits.
    ///   - instance: 6 bytes as 12 hex digits.
    /// - Throws: ``GeoError`` naming the part at fault.
    public init(namespace: String, instance: String) throws(GeoError) {
        guard namespace.utf8.count == 20, Self.isHex(namespace) else {
            throw GeoError(.invalidContent, "namespace \(Excerpt.quoted(namespace)) is not 20 hex digits (10 bytes)")
        }
        guard instance.utf8.count == 12, Self.isHex(instance) else {
            throw GeoError(.invalidContent, "instance \(Excerpt.quoted(instance)) is not 12 hex digits (6 bytes)")
        }
        kind = .eddystone
        description = "eddystone:\(namespace.uppercased()):\(instance.uppercased())"
    }

    /// Reads the text form (`ibeacon:UUID:MAJOR:MINOR` or `eddystone:NAMESPACE:INSTANCE`).
    /// - Parameter text: the identity as a scan log writes it.
    /// - Throws: ``GeoError`` saying what does not parse.
    public static func parse(_ text: some StringProtocol) throws(GeoError) -> BeaconID {
        let parts = String(text).split(separator: ":" as Character, omittingEmptySubsequences: false).map(String.init)
        switch parts.first?.lowercased() {
        case "ibeacon" where parts.count == 4:
            guard let major = Int(parts[2]), let minor = Int(parts[3]) else {
                throw GeoError(.invalidContent, "beacon \(Excerpt.quoted(text)): major and minor must be integers")
            }
            return try BeaconID(uuid: parts[1], major: major, minor: minor)
        case "eddystone" where parts.count == 3:
            return try BeaconID(namespace: parts[1], instance: parts[2])
        default:
            throw GeoError(.invalidContent, "beacon \(Excerpt.quoted(text)) is neither ibeacon:UUID:MAJOR:MINOR nor eddystone:NAMESPACE:INSTANCE")
        }
    }

    public static func == (a: BeaconID, b: BeaconID) -> Bool { a.description == b.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    // MARK: - Pure checks

    static func isUUID(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        return groups.map(\.utf8.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { isHex($0) }
    }

    static func isHex(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
    }
}
