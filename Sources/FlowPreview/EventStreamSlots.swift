import Foundation

/// How many Server-Sent Events streams the preview keeps open: each holds a connection for as
/// long as its client stays, so past a cap a new one is refused (503) rather than let streams
/// take every connection the server has (docs/authoring/preview.md, Limits).
/// Unchecked Sendable: `open` and `count` are read and written only while `lock` is held.
final class EventStreamSlots: @unchecked Sendable {
    /// Streams open at once, in all.
    static let total = 64
    /// Streams open at once on one thing: a flow's screen with the same inputs, the change
    /// feed, one live session.
    static let perSubject = 16

    private let lock = NSLock()
    private var open: [String: Int] = [:]
    private var count = 0

    /// A slot for a stream on `subject`, held until the returned slot is released (it is when
    /// the stream's response is done with), or nil when the caps are reached.
    func take(_ subject: String) -> Slot? {
        lock.lock()
        defer { lock.unlock() }
        guard count < Self.total, open[subject, default: 0] < Self.perSubject else { return nil }
        count += 1
        open[subject, default: 0] += 1
        return Slot(slots: self, subject: subject)
    }

    /// What a refused stream is told.
    static let refusal = "too many event streams are open (at most \(total) in all and \(perSubject) on one screen or session); close a tab"

    fileprivate func give(_ subject: String) {
        lock.lock()
        defer { lock.unlock() }
        count -= 1
        open[subject, default: 1] -= 1
        if open[subject] == 0 { open[subject] = nil }
    }

    /// One open stream's place: given back when the stream's response lets go of it.
    final class Slot: Sendable {
        private let slots: EventStreamSlots
        private let subject: String

        fileprivate init(slots: EventStreamSlots, subject: String) { (self.slots, self.subject) = (slots, subject) }

        deinit { slots.give(subject) }
    }
}
