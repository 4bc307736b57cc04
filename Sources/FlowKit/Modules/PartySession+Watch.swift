import Formats
import LuaKit

/// "Watch over me until TIME": a member asks the party to be watched over; a check-in ends
/// it; once its time passes without one, it is overdue and the guardians (and the member) are
/// told, in a replay's events and, kept, by a live session (``SessionParty``). Anyone may ask.
extension PartySession {
    /// The longest watch: a week ahead.
    static let longestWatch = 7 * 86_400.0

    /// Starts the viewer's watch until `text`, replacing one they had; only in an act run.
    /// - Returns: the end, seconds since 1970.
    func startWatch(until text: String, zone: ZoneRules, in store: StoreRun) throws(LuaCallError) -> Double {
        let until = try Self.time(text, now: now, zone: zone)
        let row = StoredPartyWatch(park: store.park, party: run.party.name, member: me.id, started: now, until: until)
        try store.use("party.watch", writes: true) { s throws(StoreError) in try s.savePartyWatch(row) }
        return until
    }

    /// Ends the viewer's watch; false when they had none running. Only in an act run.
    func checkIn(in store: StoreRun) throws(LuaCallError) -> Bool {
        guard var open = try watches(in: store).first(where: { $0.member == me.id && $0.checkedIn == nil }) else { return false }
        open.checkedIn = now
        let row = open
        try store.use("party.check_in", writes: true) { s throws(StoreError) in try s.savePartyWatch(row) }
        return true
    }

    /// The party's watches the viewer is told of: their own, and everyone's for a role that
    /// hears every alert.
    func watches(in store: StoreRun) throws(LuaCallError) -> [StoredPartyWatch] {
        let (park, party) = (store.park, run.party.name)
        let all = try store.use("party.watches") { s throws(StoreError) in try s.partyWatches(park: park, party: party) }
        return all.filter { w in members.contains { $0.id == w.member } && (w.member == me.id || me.role.hearsEveryAlert) }
    }

    /// Who is told that `member`'s watch ran out: every role that hears every alert, and the
    /// member themselves when their role hears its own.
    func watchRecipients(_ member: String) -> [String] {
        members.filter { PartyRights.toldOfWatch(by: $0.role, isWatched: $0.id == member) }.map(\.id)
    }

    /// A watch's end as written: `HH:MM` on the park's clock today, or an ISO 8601 time with
    /// its offset; after `now` and within ``longestWatch``.
    /// - Throws: ``LuaCallError`` naming `until` and the text: unreadable, past, or too far.
    static func time(_ text: String, now: Double, zone: ZoneRules) throws(LuaCallError) -> Double {
        let offset = Double(zone.secondsFromGMT(at: now))
        let clock = Self.clock(now, offset: offset)
        let until: Double
        if let (hour, minute) = hourAndMinute(text) {
            let local = now + offset
            until = (local - local.truncatingRemainder(dividingBy: 86_400)) + Double(hour * 3600 + minute * 60) - offset
        } else if let date = try? RunInputs.time(text, name: "until") {
            until = date.timeIntervalSince1970
        } else {
            throw LuaCallError(
                "party.watch: until \(Excerpt.quoted(text)) is not a time: write HH:MM on the park's clock (18:00) or an ISO 8601 time with its offset (2026-07-04T18:00:00-07:00)"
            )
        }
        guard until > now else {
            throw LuaCallError("party.watch: until \(Excerpt.quoted(text)) is in the past: it is \(clock) in the park now; give a later time")
        }
        guard until - now <= longestWatch else {
            throw LuaCallError("party.watch: until \(Excerpt.quoted(text)) is more than a week ahead; give a time within 7 days")
        }
        return until
    }

    /// `18:05` → (18, 5); nil for anything else.
    private static func hourAndMinute(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
            (0...23).contains(h), (0...59).contains(m), parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
        else { return nil }
        return (h, m)
    }

    /// `09:14`: the park's clock at `time`.
    static func clock(_ time: Double, offset: Double) -> String {
        let seconds = Int((time + offset).truncatingRemainder(dividingBy: 86_400))
        let (h, m) = (seconds / 3600, seconds % 3600 / 60)
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
