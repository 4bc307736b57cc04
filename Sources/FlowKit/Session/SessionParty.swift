import GeoKit
import ScreenModel

/// A live session's party: GeoKit's ``PartyMonitor`` fed every member's reports as they come,
/// with the park's geofence settings as `party.replay()` uses them, so a live session and a
/// replay of the same party file raise the same events. The viewer is told what their role
/// hears (``PartySession``'s rules), and each alert is kept in the store once.
final class SessionParty {
    let run: PartyRun
    /// The rights of the viewer: who they see, what they hear.
    let rights: PartySession
    private let monitor: PartyMonitor
    private let park: String
    /// Watches told of already, by member and end: each runs out once.
    private var raisedWatches: Set<String> = []
    /// The relay the party lives on (``FlowSession/join(_:relay:)``), if any: it raises the
    /// alerts then, and this party's monitor only holds where everyone is.
    var relay: (any PartyRelayLink)?

    /// - Parameters:
    ///   - run: the party and its viewer.
    ///   - park: the park's code and geofence settings.
    /// - Throws: ``FlowError/invalidContent(_:)`` for settings the monitor refuses.
    init(_ run: PartyRun, park: ParkConfig) throws(FlowError) {
        self.run = run
        self.park = park.code
        rights = PartySession(run, now: 0, acting: false)
        do {
            monitor = try PartyMonitor(
                members: run.party.members.count, zones: run.party.zones, settings: Self.settings(run.party, park: park))
        } catch {
            throw .invalidContent("\(run.party.file): \(error.message)")
        }
    }

    /// The party's settings with the park's geofence monitor settings, as `party.replay()`
    /// replays with (``Party/rules(_:in:)``).
    static func settings(_ party: Party, park: ParkConfig) -> PartySettings { Party.rules(party.settings, in: park) }

    /// The index of member `id`, nil for one the party does not have.
    func member(_ id: String) -> Int? { run.party.members.firstIndex { $0.id == id } }

    /// Time passes: silences.
    func advance(to time: Double) -> [PartyEvent] { monitor.advance(to: time) }

    /// The watches (`party.watch`) that ran out by `time` without a check-in, each once, as
    /// the viewer is told of them. Read from the store, where every member's runs keep them;
    /// a store that cannot be read now is read again at the next tick.
    func overdue(at time: Double, store: any VisitorStore) -> [SessionEvent] {
        let party = run.party.name
        var watches: [StoredPartyWatch] = []
        do throws(StoreError) {
            try store.begin(writing: false)
            defer { store.rollback() }
            watches = try store.partyWatches(park: park, party: party)
        } catch {
            return []
        }
        let members = run.party.members
        if relay != nil { return [] }
        return watches.compactMap { w in
            let key = "\(w.member)@\(w.until)"
            guard w.isOverdue(at: time), !raisedWatches.contains(key) else { return nil }
            raisedWatches.insert(key)
            let to = rights.watchRecipients(w.member)
            guard to.contains(run.me.id) else { return nil }
            var event = SessionEvent(.overdue, at: w.until)
            event.party = PartyValues.overdueKind
            event.member = w.member
            event.name = members.first { $0.id == w.member }?.name ?? w.member
            event.recipients = to
            return event
        }
    }

    /// Reports of one moment, fed together so their events come out in the replay's order.
    /// A fix older than the member's last, or one the monitor refuses, is dropped and counted.
    func feed(_ reports: [(member: Int, fix: TimedFix)]) -> (events: [PartyEvent], dropped: Int) {
        var events: [PartyEvent] = []
        var dropped = 0
        for (member, fix) in reports {
            let older = monitor.lastFix(of: member).map { fix.time < $0.time } ?? false
            guard !older, let raised = try? monitor.feed(member: member, fix: fix) else {
                dropped += 1
                continue
            }
            events += raised
        }
        return (PartyMonitor.ordered(events), dropped)
    }

    /// The events the viewer is told of, as session events: alerts by the role, a member's
    /// arrival in a zone when the viewer may see them, positions only where they may.
    func told(_ events: [PartyEvent]) -> [SessionEvent] {
        // Joined through a relay, the relay's alerts are the party's (``relayed(_:)``).
        guard relay == nil else { return [] }
        return events.compactMap { e in
            guard e.isAlert ? rights.hears(e) : rights.sees(e.member) else { return nil }
            let members = run.party.members
            var event = SessionEvent(e.kind.entryKind, at: e.time)
            event.party = e.kind.rawValue
            event.member = members[e.member].id
            event.name = members[e.member].name
            event.other = e.other.map { members[$0].id }
            event.otherName = e.other.map { members[$0].name }
            if let z = e.zone, z < run.party.zones.count { event.region = run.party.zones[z].id }
            if rights.sees(e.member) { event.position = e.coordinate }
            event.distance = e.distance
            event.recipients = e.isAlert ? rights.recipients(e) : []
            return event
        }
    }

    /// The device's own fix, sent to the relay. The duty cycle is the GPS's: a fix comes only
    /// while it is on (the app sets it from GeoKit's `DutyCyclePolicy`; `flowrun live` plays a
    /// track as `DutyCycleSampler` has the phone get it), and each is reported.
    func send(_ fix: LocationFix) {
        relay?.report(RelayFix(coordinate: fix.coordinate, time: fix.time, accuracy: fix.accuracy))
    }

    /// What the relay delivered: positions fed to the monitor (what the screens see), alerts
    /// as session events for the viewer. An alert of a kind or member this party does not
    /// know is dropped and counted.
    func relayed(_ delivery: RelayDelivery) -> (events: [SessionEvent], dropped: Int) {
        var dropped = 0
        for p in delivery.positions {
            guard let i = member(p.member) else {
                dropped += 1
                continue
            }
            if i == run.viewer || monitor.lastFix(of: i).map({ p.fix.time <= $0.time }) == true { continue }
            // Its events are not told: the relay's alerts are (``told(_:)``).
            _ = try? monitor.feed(member: i, fix: p.fix)
        }
        let members = run.party.members
        var events: [SessionEvent] = []
        for a in delivery.alerts {
            guard let entry = Component.Timeline.Entry.Kind(rawValue: a.kind), let who = members.first(where: { $0.id == a.member }) else {
                dropped += 1
                continue
            }
            var event = SessionEvent(entry, at: a.time)
            // The store and `party.alerts()` name a rule's alert by the monitor's kind.
            event.party = PartyEvent.Kind.allCases.first { $0.alertKind == a.kind }?.rawValue ?? a.kind
            event.member = a.member
            event.name = who.name
            event.other = a.other
            event.otherName = a.other.map { o in members.first { $0.id == o }?.name ?? o }
            event.region = a.zone
            event.position = a.position
            event.distance = a.distance
            event.recipients = [run.me.id]
            events.append(event)
        }
        return (events, dropped)
    }

    /// An alert as the store keeps it for the viewer.
    func stored(_ event: SessionEvent) -> StoredPartyAlert? {
        guard let kind = event.party, kind != PartyEvent.Kind.inZone.rawValue, let member = event.member else { return nil }
        return StoredPartyAlert(
            park: park, party: run.party.name, recipient: run.me.id, kind: kind, time: event.time, member: member,
            other: event.other ?? "", zone: event.region ?? "", latitude: event.position?.latitude,
            longitude: event.position?.longitude, distance: event.distance)
    }

    /// The party as the session's screens see it: live, each member's fixes what has been
    /// reported so far (the latest: where everyone is now), none recorded ahead of now.
    var screenRun: PartyRun {
        var r = run
        for i in r.party.members.indices { r.party.members[i].fixes = monitor.lastFix(of: i).map { [$0] } ?? [] }
        r.live = true
        r.dutyCycle = nil
        return r
    }
}
