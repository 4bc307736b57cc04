import GeoKit
import ScreenModel

extension PartyEvent.Kind {
    /// The timeline entry kind a party event shows as, in a replay's timeline
    /// (`party.replay()`'s `entry`) and as a live session's event: one mapping for both.
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
