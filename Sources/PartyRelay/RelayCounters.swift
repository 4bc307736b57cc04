import Formats
import Synchronization

/// What this relay process has done and refused since it started (`GET /v1/stats`): reports
/// stored, each refusal by its reason, alerts raised, deliveries sent on streams, streams open.
/// Per process: a deployment adds its relays' counters up.
final class RelayCounters: Sendable {
    struct Values: Sendable {
        var reportsStored = 0
        var duplicates = 0
        /// Reports evaluated again under the party's lock, another relay having written first.
        var writesRetried = 0
        /// Batches the reports were stored in (``BatchQueue``): reports per batch is the
        /// group commit's gain.
        var reportBatches = 0
        /// Parties' states made from their whole log (first seen, changed, or a write lost).
        var statesRebuilt = 0
        var alerts = 0
        var delivered = 0
        /// Notifications whose deliveries were sent as they came (``RelayFanout/Push``), and
        /// those whose party was read instead (this relay's streams stood elsewhere).
        var pushesSent = 0
        var pushesRead = 0
        var streams = 0
        var requests = 0
        var refused: [Refusal.Reason: Int] = [:]
    }

    private let values = Mutex(Values())

    func add(_ field: WritableKeyPath<Values, Int>, _ n: Int) { values.withLock { $0[keyPath: field] += n } }

    func refused(_ reason: Refusal.Reason) { values.withLock { $0.refused[reason, default: 0] += 1 } }

    var snapshot: Values { values.withLock { $0 } }

    /// The counters as `GET /v1/stats` answers.
    var json: JSONValue {
        let v = snapshot
        var refused: [String: JSONValue] = [:]
        for reason in Refusal.Reason.allCases { refused[reason.rawValue] = .number(Double(v.refused[reason] ?? 0)) }
        return [
            "requests": .number(Double(v.requests)), "reports_stored": .number(Double(v.reportsStored)),
            "duplicates": .number(Double(v.duplicates)), "writes_retried": .number(Double(v.writesRetried)),
            "report_batches": .number(Double(v.reportBatches)),
            "states_rebuilt": .number(Double(v.statesRebuilt)), "alerts": .number(Double(v.alerts)),
            "deliveries_sent": .number(Double(v.delivered)), "pushes_sent": .number(Double(v.pushesSent)),
            "pushes_read": .number(Double(v.pushesRead)), "streams_open": .number(Double(v.streams)), "refused": .object(refused),
        ]
    }
}
