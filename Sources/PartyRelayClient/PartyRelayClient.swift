public import AsyncHTTPClient
public import FlowKit
import Formats
import GeoKit
import Synchronization

/// A phone's side of the party relay (`flowrun relay`, docs/relay.md), as a ``FlowSession``'s
/// ``PartyRelayLink``: it queues the device's fixes in its ``RelayOutbox`` and sends them, in
/// order and once, whenever the relay can be reached; follows this member's alerts on the
/// relay's event stream (``RelayEventStream``), resuming after the last one received; and
/// polls the positions the member's role may see. Everything it owes or knows (the token, the
/// queue, the last alert) is kept in its folder, so a restarted phone carries on.
///
/// ```swift
/// let client = try await PartyRelayClient.join(address, code: "ABCD-EFGH-JKLM", folder: dir, http: .shared)
/// let session = try FlowSession(runtime: runtime)
/// _ = try session.join(try await client.party(), relay: client)
/// let running = Task { await client.run() }      // sends, listens and polls until cancelled
/// // feed the session fixes as ever; session.relayed() (or any input) takes what arrived
/// ```
public final class PartyRelayClient: PartyRelayLink, Sendable {
    /// Who this phone is in which party.
    public let credentials: RelayCredentials
    /// The relay.
    public let address: RelayAddress
    /// This member's reports not yet acknowledged.
    public let outbox: RelayOutbox
    /// This member's alerts, received in order.
    public let events: RelayEventStream
    /// Seconds between two polls of the positions.
    public let positionSeconds: Double

    private let http: RelayHTTP
    private let positions = RelayPositions()
    private let inbox = Mutex(Inbox())

    private struct Inbox {
        var positions: [RelayDelivery.Position] = []
        var alerts: [RelayDelivery.Alert] = []
        var status = Status()
    }

    /// What the client knows of its link now.
    public struct Status: Sendable, Equatable {
        /// Whether the event stream is connected.
        public var listening = false
        /// The last failure to reach the relay, cleared by the next success.
        public var problem: String?
        /// Why the relay refuses this member (token expired, removed): sending and listening stopped.
        public var refused: RelayClientError?
        /// Reports the outbox could not keep on disk.
        public var notKept = 0
    }

    static let memberFile = "member.json"

    /// A client for `credentials` (nil: those kept in `folder` by an earlier join), keeping
    /// its queue and token in `folder`.
    /// - Parameters:
    ///   - address: the relay.
    ///   - credentials: who this phone is; saved in `folder`. Nil: the saved ones.
    ///   - folder: where the token, the queue and the last alert are kept (made if missing).
    ///   - http: the HTTP client to use (the caller shuts it down).
    ///   - positionSeconds: how often to poll the others' positions.
    /// - Throws: ``RelayClientError/storage(_:)``, or ``RelayClientError/badToken(_:)`` when
    ///   there are no credentials, or the folder's are another party's or member's.
    public init(
        _ address: RelayAddress, credentials: RelayCredentials?, folder: String, http: HTTPClient, positionSeconds: Double = 10
    ) throws(RelayClientError) {
        let folder = try RelayFolder(folder)
        let saved = try folder.read(Self.memberFile, as: RelayCredentials.self)
        guard let chosen = credentials ?? saved else {
            throw .badToken("\(folder.path) holds no member's token: join the party with an invitation code first")
        }
        // A queue belongs to one member of one party: its seq numbers are theirs.
        if let saved, (saved.party, saved.member) != (chosen.party, chosen.member), !((try? RelayOutbox(folder: folder))?.pending.isEmpty ?? true) {
            throw .badToken(
                "\(folder.path) holds the reports of member '\(saved.member)' of party \(saved.party), not '\(chosen.member)' of \(chosen.party): use another folder"
            )
        }
        if chosen != saved { try folder.write(Self.memberFile, chosen) }
        self.credentials = chosen
        self.address = address
        self.http = RelayHTTP(client: http, address: address)
        outbox = try RelayOutbox(folder: folder)
        events = try RelayEventStream(folder: folder)
        self.positionSeconds = max(0.1, positionSeconds.isFinite ? positionSeconds : 10)
    }

    /// Joins a party with an invitation code (`POST /v1/join`) and keeps the token in `folder`.
    /// - Throws: ``RelayClientError/refused(status:reason:message:)`` (`code_unknown`,
    ///   `code_used`, `code_expired`), ``RelayClientError/unreachable(_:)``, or a storage error.
    public static func join(
        _ address: RelayAddress, code: String, folder: String, http: HTTPClient, positionSeconds: Double = 10
    ) async throws(RelayClientError) -> PartyRelayClient {
        let api = RelayHTTP(client: http, address: address)
        let answer = try await api.call(.POST, "/v1/join", token: nil, body: ["code": .string(code)])
        if let refusal = answer.refusal { throw refusal }
        guard let party = answer["party"]?.stringValue, let member = answer["member"]?.stringValue, let token = answer["token"]?.stringValue else {
            throw .badAnswer("the relay's answer to joining has no party, member or token")
        }
        return try PartyRelayClient(
            address, credentials: RelayCredentials(party: party, member: member, token: token), folder: folder, http: http,
            positionSeconds: positionSeconds)
    }

    /// The party as the relay describes it to this member (`GET /v1/parties/{party}`), as a
    /// ``PartyRun`` for ``FlowSession/join(_:relay:)``: its members, zones and settings, this
    /// member the viewer.
    /// - Throws: the relay's refusal (`token_expired`, `token_other_party`, ...), no network,
    ///   or ``RelayClientError/badAnswer(_:)`` for a party that does not read.
    public func party() async throws(RelayClientError) -> (run: PartyRun, park: String) {
        let answer = try await http.call(.GET, "/v1/parties/\(credentials.party)", token: credentials.token)
        if let refusal = answer.refusal { throw refusal }
        let file = "relay party \(credentials.party)"
        do throws(FlowError) {
            var members: [Party.Member] = []
            for m in answer["members"]?.arrayValue ?? [] {
                guard let id = m["id"]?.stringValue, let role = m["role"]?.stringValue.flatMap(PartyRole.init(rawValue:)) else { continue }
                members.append(Party.Member(id: id, name: m["name"]?.stringValue ?? id, role: role, source: file))
            }
            var specs: [RegionSpec] = [], zones: [GeofenceRegion] = []
            for (i, z) in (answer["zones"]?.arrayValue ?? []).enumerated() {
                let (spec, region) = try PartyFile.zone(z, path: "zones[\(i + 1)]")
                specs.append(spec)
                zones.append(region)
            }
            // Reports numbered after the last the relay has of this member (a new folder starts at 1).
            if let stored = answer["me"]?["last_seq"]?.numberValue, stored.isFinite, stored >= 0 { try? outbox.numberAfter(Int(stored)) }
            let settings = try PartyFile.settings(answer["settings"])
            let party = Party(
                name: answer["name"]?.stringValue ?? credentials.party, file: file, members: members, zoneSpecs: specs, zones: zones,
                settings: settings)
            return (try PartyRun(party: party, as: credentials.member), answer["park"]?.stringValue ?? "")
        } catch {
            throw .badAnswer("\(file): \(error.description)")
        }
    }

    // MARK: - PartyRelayLink

    public func report(_ fix: RelayFix) {
        do {
            try outbox.append(fix)
        } catch {
            inbox.withLock { $0.status.notKept += 1 }
        }
    }

    public func received() -> RelayDelivery {
        inbox.withLock { i in
            defer { (i.positions, i.alerts) = ([], []) }
            return RelayDelivery(positions: i.positions, alerts: i.alerts)
        }
    }

    /// What the client knows of its link now.
    public var status: Status { inbox.withLock { $0.status } }

    // MARK: - Running

    /// Sends the queue, follows the alerts and polls the positions until the task is
    /// cancelled or the relay refuses this member (``Status/refused``). Never throws: a
    /// relay out of reach is tried again, with a capped backoff and its `Retry-After`.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.sendLoop() }
            group.addTask { await self.listenLoop() }
            group.addTask { await self.pollLoop() }
        }
    }

    /// Sends what the queue holds until it is empty or nothing more can be sent now.
    /// - Returns: the last outcome (`idle` once everything is acknowledged).
    @discardableResult
    public func flush() async -> RelayOutbox.Outcome {
        var backoff = RelayBackoff()
        while true {
            let outcome = await outbox.send(http, credentials: credentials, backoff: &backoff)
            switch outcome {
            case .sent, .dropped: continue
            default: return outcome
            }
        }
    }

    private var stopped: Bool { Task.isCancelled || inbox.withLock { $0.status.refused != nil } }

    private func sendLoop() async {
        var backoff = RelayBackoff()
        while !stopped {
            switch await outbox.send(http, credentials: credentials, backoff: &backoff) {
            case .idle: await Self.sleep(0.2)
            case .sent, .dropped: note(problem: nil)
            case .wait(let seconds, let why):
                note(problem: why)
                await Self.sleep(seconds)
            case .stopped(let refusal): inbox.withLock { $0.status.refused = refusal }
            }
        }
    }

    private func listenLoop() async {
        var backoff = RelayBackoff()
        while !stopped {
            let ended = await events.follow(
                http, credentials: credentials,
                connected: { [self] in
                    inbox.withLock {
                        $0.status.listening = true
                        $0.status.problem = nil
                    }
                },
                deliver: { [self] alert in inbox.withLock { $0.alerts.append(alert) } })
            // A connection that was answered starts the waits over: the next failure waits a second.
            let answered = inbox.withLock { i in
                defer { i.status.listening = false }
                return i.status.listening
            }
            if answered { backoff.reset() }
            switch ended {
            case .refused(let refusal): inbox.withLock { $0.status.refused = refusal }
            case .closed(let why):
                note(problem: why)
                await Self.sleep(backoff.next())
            }
        }
    }

    private func pollLoop() async {
        while !stopped {
            do {
                let new = try await positions.poll(http, credentials: credentials)
                if !new.isEmpty { inbox.withLock { $0.positions += new } }
            } catch {
                if error.endsMembership {
                    inbox.withLock { $0.status.refused = error }
                } else {
                    note(problem: error.description)
                }
            }
            await Self.sleep(positionSeconds)
        }
    }

    private func note(problem: String?) { inbox.withLock { $0.status.problem = problem } }

    private static func sleep(_ seconds: Double) async {
        try? await Task.sleep(for: .milliseconds(Int(min(max(seconds, 0), 3_600) * 1_000)))
    }
}
