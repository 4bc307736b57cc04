import Formats
public import GeoKit
import ScreenModel

/// A party read from its file (``PartyFile``): members with their roles and tracks, the safe
/// zones and the settings; checked, so a replay cannot fail on it.
public struct Party: Sendable {
    /// One person of the party.
    public struct Member: Sendable {
        /// Unique in the party (`--as` takes it).
        public var id: String
        /// What people call them (default: the id).
        public var name: String
        /// What they may see, change and trigger, and which alerts they are told of.
        public var role: PartyRole
        /// Where the track came from, as messages name it (`tracks/ana.gpx`, `group.gpx#Ben`).
        public var source: String
        /// The member's fixes, in time order (shifted by the file's `offset_s`).
        public var fixes: [TimedFix]

        /// A member; each parameter sets the property of the same name.
        public init(id: String, name: String, role: PartyRole, source: String, fixes: [TimedFix] = []) {
            (self.id, self.name, self.role, self.source, self.fixes) = (id, name, role, source, fixes)
        }
    }

    /// The party's name.
    public var name: String
    /// The file, as messages name it.
    public var file: String
    /// The members in file order (events name them by index in this list).
    public var members: [Member]
    /// Safe zones as the file gave them (for drawing and for flows).
    public var zoneSpecs: [RegionSpec]
    /// The same zones checked, in the same order, for GeoKit's `PartyReplay`.
    public var zones: [GeofenceRegion]
    /// Drift and silence (the file's `settings` over GeoKit's `PartySettings` defaults).
    public var settings: PartySettings

    /// A party made elsewhere than from a file (a relay's answer); ``PartyFile`` checks
    /// a file's. `zones` are `zoneSpecs` checked, in the same order (``PartyFile/zone(_:path:)``).
    public init(name: String, file: String, members: [Member], zoneSpecs: [RegionSpec], zones: [GeofenceRegion], settings: PartySettings) {
        (self.name, self.file, self.members, self.zoneSpecs, self.zones, self.settings) = (name, file, members, zoneSpecs, zones, settings)
    }

    /// The member with this id.
    public func member(_ id: String) -> Member? { members.first { $0.id == id } }

    /// The index of the first guardian (a checked party has one).
    public var firstGuardian: Int { members.firstIndex { $0.role == .guardian } ?? 0 }

    /// A party's drift and silence with the park's geofence monitor settings (no missed
    /// enters: a party's zones are few): what a replay, a live session and the relay
    /// (`flowrun relay`) all evaluate a party with.
    public static func rules(_ settings: PartySettings, in park: ParkConfig) -> PartySettings {
        var settings = settings
        settings.geofence = park.settings.geofence.monitor
        settings.geofence.reportMissed = false
        return settings
    }

    /// The replay's first and last time.
    public var span: (start: Double, end: Double) {
        let firsts = members.compactMap { $0.fixes.first?.time }, lasts = members.compactMap { $0.fixes.last?.time }
        return (firsts.min() ?? 0, lasts.max() ?? 0)
    }
}

/// A party and who a run acts as (`--as MEMBER_ID`; default the first guardian).
public struct PartyRun: Sendable {
    public var party: Party
    /// The viewer's index in ``Party/members``.
    public var viewer: Int
    /// The duty cycle the replay samples every member's track with (`--duty-cycle`); nil: the
    /// recorded tracks as they are.
    public var dutyCycle: DutyCyclePolicy?
    /// Whether the run belongs to a live session (``FlowSession/join(_:)``): the members'
    /// fixes are then what has been reported so far, none recorded ahead, and the session
    /// keeps the alerts in the store (`party.alerts()`).
    public var live = false

    /// - Parameters:
    ///   - party: the party.
    ///   - viewer: a member id, or nil for the first guardian.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for an id the party does not have.
    public init(party: Party, as viewer: String?) throws(FlowError) {
        self.party = party
        guard let viewer else { self.viewer = party.firstGuardian; return }
        guard let i = party.members.firstIndex(where: { $0.id == viewer }) else {
            let ids = party.members.map(\.id)
            let hint =
                Excerpt.suggestion(for: viewer, in: ids).map { "; did you mean \(Excerpt.quoted($0))?" }
                ?? "; members: \(ids.joined(separator: ", "))"
            throw .badArgument(name: "--as", message: "\(party.file) has no member \(Excerpt.quoted(viewer))\(hint)")
        }
        self.viewer = i
    }

    /// The member the run acts as.
    public var me: Party.Member { party.members[viewer] }
}
