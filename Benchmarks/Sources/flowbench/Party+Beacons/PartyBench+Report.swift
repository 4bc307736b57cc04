import Foundation
import GeoKit

/// The duty-cycle report: per policy, the GPS time and the safe-zone exits caught (the goal),
/// then every event kind; the default policy's goals; and, with `detail`, each exit under it.
extension PartyBench {
    /// Seconds an exit may come late (issue 18's goal).
    static let goalDelay = 90.0
    /// The largest share of a track the GPS may be on.
    static let goalShare = 0.20

    /// The tables; `detail` lists each exit under the policies labelled so.
    func render(_ results: [Result], defaultLabel: String, detail: Set<String>) -> String {
        var out = [header(), exitsTable(results).render(), eventsTable(results).render()]
        for r in results where detail.contains(r.label) { out += [detailTable(r).render(), kindsTable(r).render()] }
        if let d = results.first(where: { $0.label == defaultLabel }) { out.append(Goal.render(goals(d), measured: "measured (all parties)")) }
        return out.joined(separator: "\n")
    }

    func goals(_ d: Result) -> [Goal] {
        let exits = d.exits
        let missed = exits.filter { $0.outcome == .missed }.count
        let worst = exits.compactMap(\.delay).max() ?? 0
        return [
            Goal(
                name: "default policy: GPS on ≤ 20 % of every member's track", measured: "\(percent(d.worstShare)) worst (\(percent(d.onShare)) over all)",
                passed: d.worstShare <= Self.goalShare),
            Goal(name: "default policy misses no safe-zone exit", measured: "\(missed) of \(exits.count) missed", passed: missed == 0 && !exits.isEmpty),
            Goal(name: "default policy delays no exit by more than 90 s", measured: "worst \(seconds(worst))", passed: worst <= Self.goalDelay),
        ]
    }

    // MARK: - Private

    private func header() -> String {
        var lines = ["flowbench party — GPS duty cycles on the real tracks, each against its full track (GPS always on, a fix a second)"]
        for d in datasets {
            let span = d.tracks.reduce(0.0) { $0 + (($1.last?.time ?? 0) - ($1.first?.time ?? 0)) }
            lines.append(
                "  \(d.name): \(d.members.count) member\(d.members.count == 1 ? "" : "s"), \(Format.grouped(d.tracks.reduce(0) { $0 + $1.count })) recorded points over \(Format.fixed(span / 3600, 1)) h, \(d.zones.count) safe zones"
            )
        }
        lines.append("  \(tracksNote)")
        lines.append(
            "  an event of the duty-cycled replay matches one of the full replay of the same kind, member(s) and zone within \(Int(DutyCycleComparison.matchWindow)) s"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private func exitsTable(_ results: [Result]) -> TextTable {
        var table = TextTable(
            "Safe-zone exits (left every zone)",
            header: ["policy", "as written", "GPS on", "worst member", "fixes used", "exits", "missed", "median delay", "worst delay"])
        for r in results {
            let exits = r.exits
            let delays = exits.compactMap(\.delay).sorted()
            table.add([
                r.label, r.policy.description, percent(r.onShare), percent(r.worstShare),
                "\(Format.grouped(r.fixes)) of \(Format.grouped(r.fullFixes))", "\(exits.count)",
                "\(exits.filter { $0.outcome == .missed }.count)", seconds(median(delays)), seconds(delays.last),
            ])
        }
        table.note(
            "GPS on: its time over every member's span; worst member: the largest share of one track. Delays: the duty-cycled alert after the full track's.")
        return table
    }

    private func eventsTable(_ results: [Result]) -> TextTable {
        var table = TextTable(
            "Every event (in zone, left, back, silent, reporting, drift, together)",
            header: ["policy", "events", "on time", "late", "early", "missed", "extra", "median delay", "worst delay", "most early"])
        for r in results {
            let m = r.matches
            let delays = m.compactMap(\.delay).sorted()
            func count(_ f: (DutyCycleComparison.Outcome) -> Bool) -> String { "\(m.filter { f($0.outcome) }.count)" }
            table.add([
                r.label, "\(m.count)", count { $0 == .onTime }, count { if case .late = $0 { true } else { false } },
                count { if case .early = $0 { true } else { false } }, count { $0 == .missed }, "\(r.extra)",
                seconds(median(delays)), seconds(delays.last), seconds(delays.first.map { min(0, $0) }),
            ])
        }
        table.note(
            "early: a silence counted from an earlier last fix, or a debounce the sparser fixes did not interrupt; extra: raised only by the duty-cycled replay."
        )
        return table
    }

    private func detailTable(_ r: Result) -> TextTable {
        var table = TextTable("Each exit under \(r.label) (\(r.policy.description))", header: ["party", "member", "zone", "full track (UTC)", "outcome"])
        for (d, c) in zip(datasets, r.comparisons) {
            for m in c.matches(of: .leftZones) {
                let zone = m.event.zone.map { d.zones[$0].id } ?? "?"
                let outcome: String =
                    switch m.outcome {
                    case .onTime: "on time"
                    case .late(let s): "\(seconds(s)) late"
                    case .early(let s): "\(seconds(s)) early"
                    case .missed: "MISSED"
                    }
                table.add([lastComponent(d.name), d.members[m.event.member], zone, utc(m.event.time), outcome])
            }
            for (member, u) in zip(d.members, c.usage) {
                table.add([
                    lastComponent(d.name), member, "(GPS on)", "", "\(percent(u.onShare)), \(Format.grouped(u.fixes)) of \(Format.grouped(u.fullFixes)) fixes",
                ])
            }
        }
        return table
    }

    private func kindsTable(_ r: Result) -> TextTable {
        var table = TextTable(
            "Each kind of event under \(r.label)", header: ["kind", "events", "missed", "extra", "median delay", "worst delay", "most early"])
        for kind in PartyEvent.Kind.allCases {
            let m = r.comparisons.flatMap { $0.matches(of: kind) }
            let extra = r.comparisons.reduce(0) { n, c in n + c.extra.filter { c.sampledEvents[$0].kind == kind }.count }
            guard !m.isEmpty || extra > 0 else { continue }
            let delays = m.compactMap(\.delay).sorted()
            table.add([
                kind.rawValue, "\(m.count)", "\(m.filter { $0.outcome == .missed }.count)", "\(extra)",
                seconds(median(delays)), seconds(delays.last), seconds(delays.first.map { min(0, $0) }),
            ])
        }
        return table
    }

    private func lastComponent(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    private func median(_ sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    private func percent(_ share: Double) -> String { Format.fixed(share * 100, 1) + " %" }

    private func seconds(_ s: Double?) -> String { s.map { Format.fixed($0, 0) + " s" } ?? "—" }

    /// `2019-07-31 19:48:57`.
    private func utc(_ time: Double) -> String {
        let s = Int(time.rounded(.down))
        let days = s / 86_400, rest = s % 86_400
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        let z = days + 719_468, era = z / 146_097, doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9, y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", y, m, d, rest / 3600, rest % 3600 / 60, rest % 60)
    }
}
