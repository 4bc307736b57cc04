import ArgumentParser
import FlowBundle
import Foundation
import PostgresFixture
import Synchronization

extension Flowbench {
    /// `flowbench relay`: the party relay under a park's worth of phones (issue 36).
    struct Relay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The party relay under load: members reporting through two relays over one PostgreSQL, report to alert.",
            discussion: """
                Starts a scratch PostgreSQL on 127.0.0.1 (as the relay's tests do: Debian's postgresql, fsync off) \
                and --relays 'flowrun-full relay' processes on it with one key, makes --parties parties of \
                --members members in all through their API (a guardian, a child, members; a 300 m camp zone), \
                joins each member with its code and holds one event stream per member open on one relay while its \
                reports go to another. Each member then reports a fix every --interval seconds at its own instant \
                of the interval (a fixed shuffle, as independent phones; --party-bursts: a party's members one \
                right after another), open loop; guardians stay in camp, the others walk 500 m out for 6 reports and back for 6, so \
                zone_left and zone_return alerts flow to the member and the guardian. After --warmup seconds, \
                reports due over --seconds are measured: report to acknowledgement, report to each recipient's \
                alert on its stream (matched by the fix time the alert carries), the relays' and PostgreSQL's CPU \
                time from /proc, and reports per relay CPU-second. Goal (issue 36): alert p99 < 200 ms at 10,000 \
                members in 2,500 parties reporting every 10 s through two relays. Everything (PostgreSQL, relays, \
                these clients) shares this machine's cores: the report says how many.
                Example:
                  flowbench relay --flowrun-full .build/release/flowrun-full
                """)

        @Option(help: ArgumentHelp("The flowrun-full binary (default: next to flowbench).", valueName: "path"))
        var flowrunFull: String?

        @Option(help: ArgumentHelp("Folder holding parks/ (the relay's --root: YOSE's geofence settings).", valueName: "dir"))
        var root = "."

        @Option(help: ArgumentHelp("Members in all.", valueName: "n"))
        var members = 10_000

        @Option(help: ArgumentHelp("Parties they form (members / parties each; at least 2).", valueName: "n"))
        var parties = 2_500

        @Option(help: ArgumentHelp("Relay processes over the one database.", valueName: "n"))
        var relays = 2

        @Option(help: ArgumentHelp("Seconds between one member's reports.", valueName: "seconds"))
        var interval = 10.0

        @Flag(help: "A party's members report one right after another (the worst case for a party's log), not each at its own instant.")
        var partyBursts = false

        @Option(help: ArgumentHelp("Seconds of reports before measuring.", valueName: "seconds"))
        var warmup = 30.0

        @Option(help: ArgumentHelp("Seconds of reports measured.", valueName: "seconds"))
        var seconds = 60.0

        func validate() throws {
            try CommandLineValues.wholeNumber("--members", members, in: 2...50_000)
            try CommandLineValues.wholeNumber("--parties", parties, in: 1...25_000)
            try CommandLineValues.wholeNumber("--relays", relays, in: 1...8)
            guard members / parties >= 2 else { throw ValidationError("--members / --parties must be at least 2") }
            for (name, value) in [("--interval", interval), ("--warmup", warmup), ("--seconds", seconds)] {
                try CommandLineValues.finite(name, value)
                guard value > 0 else { throw ValidationError("\(name) expects a number of seconds above 0, got \(value)") }
            }
        }

        func run() throws {
            let root = try BenchEnvironment.checkedRoot(root)
            let full = try Self.full(flowrunFull)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-relay-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let key: String
            do { key = try SigningKey.generate().writeFiles(name: "relay", in: folder).0 } catch {
                throw BenchError.setup("relay: cannot write a key in \(folder): \(error)")
            }
            let postgres: PostgresServer
            let database: String
            do {
                postgres = try PostgresServer.start()
                database = try postgres.database()
            } catch { throw BenchError.setup("relay: \(error)") }
            defer { postgres.stop() }
            progress("relay: PostgreSQL on port \(postgres.port); starting \(relays) relays")
            var processes: [ServerProcess] = []
            defer { for p in processes { p.stop() } }
            for i in 0..<relays {
                processes.append(
                    try ServerProcess(
                        flowrun: full,
                        ["relay", "--db", database, "--key", key, "--port", "0", "--root", root, "--max-connections", "\(members + 1_000)"],
                        stderrPath: "\(folder)/relay-\(i).log", openFiles: min(members + 4_096, 16_384)))
            }
            let ports = processes.map(\.port)
            let size = members / parties
            let (members, parties, interval, warmup, seconds) = (self.members, self.parties, self.interval, self.warmup, self.seconds)
            let (pids, postgresData) = (processes.map(\.pid), "\(postgres.folder)/data")
            let measured = try BenchEnvironment.wait("relay") { () async throws -> Measured in
                let clients = RelayLoad.Clients(streams: members)
                let clock = MonotonicClock.now()
                let load: RelayLoad
                do { load = try await RelayLoad.make(parties: parties, size: size, ports: ports, clients: clients) } catch {
                    await clients.shutdown()
                    throw error
                }
                let setup = Double(MonotonicClock.now() - clock) / 1e9
                progress("relay: \(load.members.count) members in \(parties) parties made and joined in \(Format.fixed(setup, 1)) s")
                let open = await load.openStreams(seconds: 120)
                progress("relay: \(open) event streams open; reporting for \(Int(warmup + seconds)) s")
                let cpu = CPUSnapshot()
                await load.report(interval: interval, warmup: warmup, seconds: seconds, partyBursts: partyBursts) { starting in
                    cpu.take(starting: starting, relays: pids, postgresData: postgresData)
                }
                await load.settle(seconds: 5)
                let result = load.result
                let stats = await load.stats(["reports_stored", "writes_retried", "report_batches"])
                await load.shutdown()
                return Measured(
                    tally: result, cpu: cpu.used, members: load.members.count, streams: open, setupSeconds: setup,
                    stored: stats["reports_stored"] ?? 0, retried: stats["writes_retried"] ?? 0, batches: stats["report_batches"] ?? 0)
            }
            let dead = processes.filter { !$0.isAlive }.map { "relay \($0.port): \($0.ending ?? "ended")" }
            print(report(measured, dead: dead))
        }

        /// flowrun-full: `option`, or the one next to this executable.
        static func full(_ option: String?) throws(BenchError) -> String {
            if let option {
                guard FileManager.default.isExecutableFile(atPath: option) else { throw .badInput("--flowrun-full \(option): not an executable file") }
                return option
            }
            guard let sibling = BenchEnvironment.sibling("flowrun-full") else {
                throw .setup(
                    "relay: no flowrun-full next to flowbench; build it (swift build -c release --package-path Benchmarks --product flowrun-full) or pass --flowrun-full PATH"
                )
            }
            return sibling
        }

        struct Measured: Sendable {
            var tally: RelayLoad.Tally
            var cpu: (relays: Double, postgres: Double, clients: Double)
            var members: Int
            var streams: Int
            var setupSeconds: Double
            /// The relays' counters over the whole run: reports stored, and those evaluated again
            /// under the party's lock because another relay wrote the party's log first.
            var stored: Int
            var retried: Int
            /// Batches the relays stored reports in (group commit; 0 from a relay before them).
            var batches: Int
        }

        func report(_ m: Measured, dead: [String]) -> String {
            let t = m.tally
            let alerts = Samples(t.alertMilliseconds)
            let acks = Samples(t.ackMilliseconds)
            var table = TextTable(
                "Party relay: \(m.members) members in \(parties) parties, a report each \(Format.fixed(interval, 0)) s, \(relays) relays, one PostgreSQL",
                header: ["measure", "median", "p99", "max", "count"])
            func row(_ name: String, _ s: Samples) {
                guard !s.values.isEmpty else { return table.add([name, "-", "-", "-", "0"]) }
                table.add([
                    name, Format.fixed(s.percentile(50), 1) + " ms", Format.fixed(s.percentile(99), 1) + " ms",
                    Format.fixed(s.values.max() ?? 0, 1) + " ms", Format.grouped(s.values.count),
                ])
            }
            row("report to acknowledgement", acks)
            row("report to alert on a recipient's stream", alerts)
            row("due to sent (the load's own lag, in both)", Samples(t.lagMilliseconds))
            let rate = Double(t.reportsAcked) / seconds
            let relayCPU = m.cpu.relays
            table.note(
                "\(ProcessInfo.processInfo.activeProcessorCount) cores shared by PostgreSQL, the relays and these clients; load \(BenchEnvironment.loadAverage())"
            )
            table.note("setup: parties made and members joined in \(Format.fixed(m.setupSeconds, 1)) s; \(m.streams) of \(m.members) event streams open")
            table.note(
                "over \(Format.fixed(seconds, 0)) s measured: \(t.reportsDue) reports due, \(t.reportsAcked) acknowledged (\(Format.fixed(rate, 0))/s), "
                    + "\(t.failed) unanswered\(t.failures.isEmpty ? "" : " (" + t.failures.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: "; ") + ")"), refused by status: \(t.refused.isEmpty ? "none" : t.refused.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", "))"
            )
            if !t.slowBySecond.isEmpty {
                let worst = t.slowBySecond.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5)
                table.note(
                    "alerts of 200 ms or more: \(t.slowBySecond.values.reduce(0, +)), from reports due in \(t.slowBySecond.count) of the \(Format.fixed(seconds, 0)) seconds; "
                        + "the most: " + worst.map { "second \($0.key + 1): \($0.value)" }.joined(separator: ", "))
            }
            table.note("alerts on streams from reports outside the window (warm-up, answers after it): \(t.unmatched)")
            table.note(
                "CPU seconds in the window: relays \(Format.fixed(relayCPU, 1)), PostgreSQL \(Format.fixed(m.cpu.postgres, 1)), clients \(Format.fixed(m.cpu.clients, 1)); "
                    + "PostgreSQL's share of the service's CPU \(Format.fixed(100 * m.cpu.postgres / max(0.001, relayCPU + m.cpu.postgres), 0)) %")
            table.note(
                "over the whole run: \(m.stored) reports stored"
                    + (m.batches > 0 ? " in \(m.batches) batches (\(Format.fixed(Double(m.stored) / Double(m.batches), 2)) a batch)" : "")
                    + ", \(m.retried) evaluated again under the party's lock (another relay wrote first)")
            table.note("reports per relay CPU-second: \(relayCPU > 0 ? Format.fixed(Double(t.reportsAcked) / relayCPU, 0) : "-")")
            let goal = !alerts.values.isEmpty && alerts.percentile(99) < 200 && t.failed == 0
            table.note("goal: alert p99 < 200 ms with every report answered: \(goal ? "met" : "NOT met")")
            for d in dead { table.note("ended during the run: \(d)") }
            return table.render()
        }
    }
}

/// CPU time of the relays, PostgreSQL and this process at the window's start and end.
final class CPUSnapshot: Sendable {
    private let taken = Mutex<(start: (Double, Double, Double)?, end: (Double, Double, Double)?)>((nil, nil))

    func take(starting: Bool, relays: [Int32], postgresData: String) {
        let now = (relays.map(ProcessCPU.seconds).reduce(0, +), ProcessCPU.postgresSeconds(data: postgresData), ProcessCPU.own())
        taken.withLock { if starting { $0.start = now } else { $0.end = now } }
    }

    var used: (relays: Double, postgres: Double, clients: Double) {
        taken.withLock {
            guard let start = $0.start, let end = $0.end else { return (0, 0, 0) }
            return (end.0 - start.0, end.1 - start.1, end.2 - start.2)
        }
    }
}
