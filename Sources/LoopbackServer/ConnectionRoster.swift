import NIOConcurrencyHelpers
import NIOCore

/// The open connections of one server, so that their number stays under the cap
/// (``ServerLimits/effectiveConnections``): a connection past it takes the place of the one
/// the client has kept waiting longest (connected and said nothing, a head or body still
/// coming, idle between requests), or is refused when the server is answering on every one.
/// So a thousand silent or slow clients cannot keep out a real one.
final class ConnectionRoster: Sendable {
    /// A connection's place on the roster.
    struct Ticket: Hashable, Sendable { fileprivate let number: UInt64 }

    private struct Entry {
        var channel: any Channel
        var busy: Bool
        /// When it last began to wait for its client (a number that grows with each arrival and answer).
        var idleSince: UInt64
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var next: UInt64 = 0
    }

    private let capacity: Int
    private let state = NIOLockedValueBox(State())

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Puts `channel` on the roster, closing the idle connection it replaces when at the
    /// cap; nil when every connection is busy (the caller closes `channel`).
    func admit(_ channel: any Channel) -> Ticket? {
        let (ticket, evicted): (Ticket?, (any Channel)?) = state.withLockedValue { state in
            state.next += 1
            var evicted: (any Channel)?
            if state.entries.count >= capacity {
                guard let oldest = state.entries.filter({ !$0.value.busy }).min(by: { $0.value.idleSince < $1.value.idleSince }) else {
                    return (nil, nil)
                }
                evicted = oldest.value.channel
                state.entries[oldest.key] = nil
            }
            state.entries[state.next] = Entry(channel: channel, busy: false, idleSince: state.next)
            return (Ticket(number: state.next), evicted)
        }
        evicted?.close(promise: nil)
        return ticket
    }

    /// Marks a connection as answering a request (never replaced) or waiting for its client again.
    func setBusy(_ ticket: Ticket, _ busy: Bool) {
        state.withLockedValue { state in
            guard state.entries[ticket.number] != nil else { return }
            state.entries[ticket.number]?.busy = busy
            if !busy {
                state.next += 1
                state.entries[ticket.number]?.idleSince = state.next
            }
        }
    }

    /// Takes a closed connection off the roster.
    func leave(_ ticket: Ticket) {
        _ = state.withLockedValue { $0.entries.removeValue(forKey: ticket.number) }
    }
}
