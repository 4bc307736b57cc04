extension ServerLoadBench {
    /// A table per scenario (new beside old, with new / old), then the goals.
    func report(_ figures: [String: Figures]) -> String {
        let names = builds.map(\.name)
        let header = ["server · figure"] + names + (names.count == 2 ? ["new / old"] : [])
        func cell(_ scenario: Scenario, _ server: Server, _ build: String) -> Figures {
            figures["\(scenario)|\(server)|\(build)"] ?? Figures()
        }
        /// A row of medians over runs, with the ratio.
        func row(_ label: String, _ scenario: Scenario, _ server: Server, decimals: Int = 2, _ pick: (Figures) -> Samples) -> [String] {
            let values = names.map { pick(cell(scenario, server, $0)).median }
            var cells = [label] + values.map { Format.fixed($0, decimals) }
            if values.count == 2 { cells.append((values[0] / values[1]).isFinite ? Format.ratio(values[0] / values[1]) : "") }
            return cells
        }
        func text(_ label: String, _ scenario: Scenario, _ server: Server, _ pick: (Figures) -> String) -> [String] {
            [label] + names.map { pick(cell(scenario, server, $0)) } + (names.count == 2 ? [""] : [])
        }
        func failed(_ f: Figures) -> String {
            "\(f.failed) of \(f.tried)" + (f.firstFailure.map { " (\($0))" } ?? "")
        }
        func alive(_ f: Figures) -> String {
            f.alive == f.runs ? "yes, \(f.runs) of \(f.runs)" : "\(f.alive) of \(f.runs): " + f.endings.joined(separator: ", ")
        }

        var out = "flowbench servers — flowrun preview and flowrun serve under ulimit -n \(ServerProcess.openFileLimit), hostile clients on 127.0.0.1\n"
        out += "  builds: " + builds.map { "\($0.name) \($0.flowrun)" }.joined(separator: "; ") + "\n"
        out += "  data: park GOGA (preview: /parks and home at 2026-07-04T09:30:00-07:00; serve: GOGA/manifest.json, GOGA/big.bin of 16 MiB)\n"
        out += "  runs: \(runs), a fresh server per scenario; figures are medians over runs, failures summed; load \(BenchEnvironment.loadAverage())\n\n"

        var baseline = TextTable("1. Baseline — \(requests) plain GETs one after another, a connection each (ms)", header: header)
        for server in Server.allCases {
            baseline.add([server.rawValue])
            baseline.add(row("p50", .baseline, server) { $0.p50 })
            baseline.add(row("p99", .baseline, server) { $0.p99 })
            baseline.add(row("max", .baseline, server) { $0.max })
            baseline.add(text("failed", .baseline, server, failed))
            baseline.add(row("resident MiB after", .baseline, server, decimals: 1) { $0.idleMiB })
        }
        out += baseline.render() + "\n"

        var held = TextTable(
            "2. \(Format.grouped(self.held)) held connections (half silent, half a header byte a second), then \(requests) plain GETs (ms)",
            header: header)
        for server in Server.allCases {
            held.add([server.rawValue])
            held.add(row("p50", .held, server) { $0.p50 })
            held.add(row("p99", .held, server) { $0.p99 })
            held.add(row("max", .held, server) { $0.max })
            held.add(text("failed", .held, server, failed))
            held.add(row("held connections established", .held, server, decimals: 0) { $0.established })
            held.add(row(reopen ? "closed by the server (reopened)" : "closed by the server", .held, server, decimals: 0) { $0.closedByServer })
            held.add(row("peak resident MiB", .held, server, decimals: 1) { $0.peakMiB })
            held.add(text("alive after", .held, server, alive))
        }
        held.note(
            "a request counts as failed after \(Self.requestTimeoutMs) ms or on a status other than 2xx; after \(Self.giveUpAfter) failures in a row the rest are not tried"
        )
        out += held.render() + "\n"

        var readers = TextTable(
            "3. \(self.readers) clients that never read (preview: GOGA home's event stream, home changed every 3 s; serve: the 16 MiB file), \(Format.fixed(holdSeconds, 0)) s",
            header: header)
        for server in Server.allCases {
            readers.add([server.rawValue])
            readers.add(row("peak resident MiB (VmHWM)", .readers, server, decimals: 1) { $0.peakMiB })
            readers.add(row("resident MiB at the end (VmRSS)", .readers, server, decimals: 1) { $0.currentMiB })
            readers.add(row("plain GET p50 ms", .readers, server) { $0.p50 })
            readers.add(row("plain GET p99 ms", .readers, server) { $0.p99 })
            readers.add(text("failed", .readers, server, failed))
            readers.add(text("alive after", .readers, server, alive))
        }
        out += readers.render() + "\n"

        var goals: [Goal] = []
        for server in Server.allCases {
            for build in names {
                let h = cell(.held, server, build)
                let r = cell(.readers, server, build)
                goals.append(
                    Goal(
                        name: "\(server.rawValue) (\(build)): \(Format.grouped(self.held)) held, p99 ≤ 100 ms, none failed, alive",
                        measured: Format.fixed(h.p99.max, 1) + " ms worst p99, \(h.failed) failed, \(h.alive) of \(h.runs) alive",
                        passed: h.p99.max <= 100 && h.failed == 0 && h.alive == h.runs))
                goals.append(
                    Goal(
                        name: "\(server.rawValue) (\(build)): \(self.readers) never reading, peak < 200 MiB",
                        measured: Format.fixed(r.peakMiB.max, 1) + " MiB worst peak",
                        passed: r.peakMiB.max < 200))
            }
        }
        out += Goal.render(goals, measured: "measured (worst run)")
        return out
    }
}
