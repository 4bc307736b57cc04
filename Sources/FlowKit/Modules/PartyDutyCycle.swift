import GeoKit
import LuaKit

/// The party replay under a duty cycle (`--duty-cycle POLICY`): the events the duty-cycled
/// phones raise, each marked against the full track (GeoKit's `DutyCycleComparison`), the events they
/// missed, and the fixes and GPS time each phone used. Only what the viewer is told of counts.
enum PartyDutyCycle {
    /// The replay's result under `policy`: ``PartyValues/replay(_:events:note:)`` of the
    /// duty-cycled events with ``notes(_:)``, and ``value(_:_:)`` as `duty`.
    static func replay(_ s: PartySession, policy: DutyCyclePolicy, settings: PartySettings, call: LuaCall) throws -> LuaValue {
        let c = try compare(s, policy: policy, settings: settings, call: call)
        try call.charge(results: c.sampledEvents.count + c.matches.count + s.members.count * PartyValues.pathPoints / 8)
        guard case .table(var t) = PartyValues.replay(s, events: c.sampledEvents, note: notes(c)) else { return .nil }
        t["duty"] = value(s, c)
        return .table(t)
    }

    /// Runs the comparison for the session's party, charging the work first: both replays look
    /// at every second of every member's track.
    static func compare(
        _ s: PartySession, policy: DutyCyclePolicy, settings: PartySettings,
        call: LuaCall
    ) throws -> DutyCycleComparison {
        let seconds = s.members.reduce(0.0) { sum, m in sum + ((m.fixes.last?.time ?? 0) - (m.fixes.first?.time ?? 0)) + 1 }
        try call.charge(2 * Int(min(seconds, 1e12)) * (s.members.count + s.zones.count + 4) * Charge.perRegion)
        do {
            return try DutyCycleComparison.run(
                tracks: s.members.map(\.fixes), zones: s.zones, settings: settings,
                policy: policy, emergencies: s.emergencies.map(\.time))
        } catch {
            throw LuaCallError(error.message)
        }
    }

    /// The fields added to each of the duty-cycled replay's events, by index: `duty` (`on_time`,
    /// `late`, `early`, or `extra`: not raised on the full track) and `delay` (seconds after the
    /// full track's, negative when earlier).
    static func notes(_ c: DutyCycleComparison) -> (Int) -> [String: LuaValue] {
        var byIndex: [Int: DutyCycleComparison.Match] = [:]
        for m in c.matches { if let i = m.sampled { byIndex[i] = m } }
        return { i in
            guard let m = byIndex[i] else { return ["duty": .string("extra")] }
            return ["duty": .string(name(m.outcome)), "delay": .number(m.delay ?? 0)]
        }
    }

    /// The `duty` table of the replay's result.
    static func value(_ s: PartySession, _ c: DutyCycleComparison) -> LuaValue {
        var t = LuaTable()
        t["policy"] = .string(c.policy.description)
        t["summary"] = .string(c.policy.summary)
        t["members"] = .table(
            LuaTable(
                sequence: zip(s.members, c.usage).map { m, u in
                    [
                        "id": .string(m.id), "name": .string(m.name), "fixes": .integer(Int64(u.fixes)),
                        "full_fixes": .integer(Int64(u.fullFixes)), "on_share": .number(u.onShare),
                    ] as LuaValue
                }))
        var counts = ["on_time": 0, "late": 0, "early": 0, "missed": 0, "extra": 0]
        var delays: [Double] = [], missed: [LuaValue] = []
        for m in c.matches where PartyValues.event(s, m.event) != nil || m.sampled.map({ PartyValues.event(s, c.sampledEvents[$0]) != nil }) == true {
            counts[name(m.outcome), default: 0] += 1
            if let d = m.delay { delays.append(d) }
            if m.outcome == .missed, var r = PartyValues.event(s, m.event) {
                r["duty"] = .string("missed")
                missed.append(.table(r))
            }
        }
        counts["extra"] = c.extra.filter { PartyValues.event(s, c.sampledEvents[$0]) != nil }.count
        for (k, n) in counts { t[k] = .integer(Int64(n)) }
        t["missed_events"] = .table(LuaTable(sequence: missed))
        delays.sort()
        if let worst = delays.last {
            t["worst_delay"] = .number(worst)
            t["median_delay"] = .number(
                delays.count % 2 == 1
                    ? delays[delays.count / 2]
                    : (delays[delays.count / 2 - 1] + delays[delays.count / 2]) / 2)
        }
        return .table(t)
    }

    static func name(_ outcome: DutyCycleComparison.Outcome) -> String {
        switch outcome {
        case .onTime: "on_time"
        case .late: "late"
        case .early: "early"
        case .missed: "missed"
        }
    }
}
