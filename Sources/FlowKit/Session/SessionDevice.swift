#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What a live session asks of the device it runs on, besides the inputs the app feeds it
/// (fixes, the OS's location events, beacon readings, the network, a party's reports, the
/// visitor's actions): the time now, and a way to tell the visitor something at once. An
/// app implements it over its platform (the system clock, local notifications); a recording
/// (`flowrun live`) over its own clock. The visitor's store is the other thing a session
/// takes from its host (``VisitorStore``, given to the runtime).
public protocol SessionDevice: AnyObject {
    /// The time now: where ``FlowSession/tick()`` moves the session's clock.
    var now: Date { get }
    /// Tells the visitor `event` now (a local notification): a callout shown, an exhibit
    /// shown, a party alert for them. Called once per such event, as it is raised, before the
    /// input's call returns; the event is in its outputs too.
    func notify(_ event: SessionEvent)
}

extension SessionEvent {
    /// Whether the visitor is told of it at once (``SessionDevice/notify(_:)``): a callout
    /// (the park's words for a site or the park, an exhibit shown), a party alert the member
    /// hears. A held callout, a location state, a monitor change is not.
    public var notifies: Bool {
        kind == .callout || (party != nil && party != "in_zone")
    }
}
