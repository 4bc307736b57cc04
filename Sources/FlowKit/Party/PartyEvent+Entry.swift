public import GeoKit
import ScreenModel

extension PartyEvent.Kind {
    /// The timeline entry kind a party event shows as, in a replay's timeline
    /// (`party.replay()`'s `entry`) and as a live session's event: one mapping for both.
    /// The kind as alerts name it to people's phones (`zone_left`, `drift`, ...): the timeline
    /// entry's kind (``entryKind``), so the relay and a replay's JSON say the same.
    public var alertKind: String { entryKind.rawValue }

    var entryKind: Component.Timeline.Entry.Kind {
        switch self {
        case .inZone: .enter
        case .leftZones: .zoneLeft
        case .returned: .zoneReturn
        case .silent: .silent
        case .reporting: .reporting
        case .drift: .drift
        case .together: .together
        }
    }
}
