public import ScreenModel

/// A screen a live session shows, new or changed: emitted when it is opened and then only
/// when what it shows changed.
public struct ScreenUpdate: Sendable {
    /// Which open screen (``FlowSession/open(_:)``'s handle).
    public var handle: Int
    /// The flow that made it.
    public var flow: String
    /// When, seconds since 1970: the session's clock.
    public var time: Double
    /// The screen.
    public var screen: Screen

    /// An update; each parameter sets the property of the same name.
    public init(handle: Int, flow: String, time: Double, screen: Screen) {
        (self.handle, self.flow, self.time, self.screen) = (handle, flow, time, screen)
    }
}

/// What an input to a live session caused, in order.
public enum SessionOutput: Sendable {
    /// A screen opened or changed.
    case screen(ScreenUpdate)
    /// Something happened, raised once.
    case event(SessionEvent)
    /// A flow failed while its screen was updated; the screen stays the last good one.
    case failure(SessionFailure)
}

/// A flow that failed while a live session updated its screen: the screen stays as it was
/// and the next change that concerns it tries again.
public struct SessionFailure: Sendable {
    /// Which open screen.
    public var handle: Int
    /// The flow that failed.
    public var flow: String
    /// When, seconds since 1970.
    public var time: Double
    /// The error, with its `file:line`.
    public var error: FlowError

    /// A failure; each parameter sets the property of the same name (handle 0 and an empty
    /// flow: a new content version that did not load, for no one screen).
    public init(handle: Int, flow: String, time: Double, error: FlowError) {
        (self.handle, self.flow, self.time, self.error) = (handle, flow, time, error)
    }
}
