import AsyncHTTPClient
import FlowKit
import FlowrunCommands
import Foundation
import PartyRelayClient
import Synchronization

/// `flowrun live --relay URL`: the session's party on a relay, through the `PartyRelayClient`
/// product as an app embeds it; the client runs on the concurrency pool while the command's
/// session runs on the main thread.
final class LiveRelay: FullCommandLine.LiveRelay, PartyRelayLink, Sendable {
    let client: PartyRelayClient
    let run: PartyRun
    let park: String
    private let task: Task<Void, Never>
    private let taken = Mutex<[RelayDelivery.Position]>([])

    var link: any PartyRelayLink { self }

    /// Joins or rejoins, reads the party, and starts the client.
    /// - Throws: ``RelayClientError``: a bad URL or token (exit 2), a refusal or no relay (exit 1).
    static func start(url: String, token: String?, code: String?, folder: String) throws -> LiveRelay {
        let address = try RelayAddress(url)
        let credentials = try token.map { text throws(RelayClientError) in try RelayCredentials(token: text) }
        let result = Blocking.wait { () async throws(RelayClientError) -> (PartyRelayClient, PartyRun, String) in
            let client: PartyRelayClient
            if let code {
                client = try await PartyRelayClient.join(address, code: code, folder: folder, http: .shared)
            } else {
                client = try PartyRelayClient(address, credentials: credentials, folder: folder, http: .shared, positionSeconds: 2)
            }
            let (run, park) = try await client.party()
            return (client, run, park)
        }
        switch result {
        case .success(let (client, run, park))?: return LiveRelay(client: client, run: run, park: park)
        case .failure(let error)?: throw error
        case nil: throw RelayClientError.badAnswer("the relay client did not start")
        }
    }

    private init(client: PartyRelayClient, run: PartyRun, park: String) {
        self.client = client
        self.run = run
        self.park = park
        task = Task { await client.run() }
    }

    func report(_ fix: RelayFix) { client.report(fix) }

    func received() -> RelayDelivery {
        let delivery = client.received()
        if !delivery.positions.isEmpty { taken.withLock { $0 += delivery.positions } }
        return delivery
    }

    func positionsTaken() -> [RelayDelivery.Position] {
        taken.withLock { list in
            defer { list.removeAll() }
            return list
        }
    }

    var settled: Bool { client.outbox.pending.isEmpty || client.status.refused != nil }

    func finish(within seconds: Double) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while !settled, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        task.cancel()
        var lines: [String] = []
        if let refused = client.status.refused { lines.append("the relay stopped taking this member's reports: \(refused)") }
        let pending = client.outbox.pending.count
        if pending > 0 {
            let why = client.status.problem.map { " (\($0))" } ?? ""
            lines.append("\(pending) reports still queued in the relay folder, sent at the next run\(why)")
        }
        for (reason, n) in client.outbox.dropped.sorted(by: { $0.key < $1.key }) { lines.append("\(n) reports dropped by the relay: \(reason)") }
        if client.status.notKept > 0 { lines.append("\(client.status.notKept) reports could not be kept in the relay folder") }
        return lines
    }
}
