import Foundation
import LuaKit

/// Stock Lua 5.4 on the same chunks, one spawn per case: a runner file loads the chunk,
/// warms up once and times `runs` calls of its `timed` (os.clock, as in LuaKit).
struct StockLua {
    struct Result {
        /// The chunk's first result, or "error: ..." when the spawn failed.
        var result: String
        /// CPU seconds per match, one per timed run.
        var seconds = Samples()
    }

    let path: String
    let folder: String

    init(path: String) throws(BenchError) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .setup("patterns: no stock Lua at \(path) (pass --lua PATH, or --no-stock)")
        }
        self.path = path
        folder = NSTemporaryDirectory() + "flowbench-patterns-\(getpid())"
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw .setup("patterns: cannot create \(folder): \(error.localizedDescription)")
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    static func runner(_ chunk: String) -> String {
        """
        -- flowbench patterns: one realistic case in stock Lua (arguments: reps, inner, runs)
        local reps, inner, runs = tonumber(arg[1]), tonumber(arg[2]), tonumber(arg[3])
        local chunk = assert(load([=====[\(chunk)]=====], "=flows/patterns.lua"))
        local first, bytes, timed = chunk(reps)
        timed(inner)
        local times = {}
        for i = 1, runs do
          local r, seconds = timed(inner)
          assert(r == first, "a timed run returned " .. tostring(r))
          times[i] = string.format("%.9f", seconds)
        end
        io.stderr:write(first, "\\n", table.concat(times, " "), "\\n")
        """
    }

    func run(_ chunk: String, reps: Int, inner: Int, runs: Int) throws(BenchError) -> Result {
        let file = folder + "/case.lua", errors = folder + "/stderr.txt"
        do { try Self.runner(chunk).write(toFile: file, atomically: true, encoding: .utf8) } catch {
            throw .setup("patterns: cannot write \(file): \(error.localizedDescription)")
        }
        let outcome = try ProcessSpawner.run(path, [file, String(reps), String(inner), String(runs)], stderrFile: errors)
        let lines = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        guard outcome.exitStatus == 0, lines.count == 2 else {
            return Result(result: "error: " + (lines.first ?? "exit \(outcome.exitStatus.map(String.init) ?? "by a signal")"))
        }
        let seconds = lines[1].split(separator: " ").compactMap { Double($0) }.map { $0 / Double(inner) }
        return Result(result: lines[0], seconds: Samples(seconds))
    }
}

extension PatternBench {
    static func renderRealistic(_ results: [RealisticResult], runs: Int, stock: String?) -> String {
        var header = ["case / subject bytes", "outcome", "result", "instructions", "of budget", "µs flowrun"]
        if stock != nil { header += ["µs stock", "flowrun/stock"] }
        var table = TextTable(
            "Patterns authors write — each case a chunk in a LuaState with the default limits"
                + " (20,000,000 instructions, 64 MiB, 1 s CPU)", header: header)
        let budget = Double(LuaOptions().instructionLimit)
        var previous = ""
        var problems: [String] = []
        for r in results {
            if r.name != previous { table.add([r.name]) }
            previous = r.name
            let flowrun = r.seconds.median * 1e6
            var instructions = "—", share = "—"
            if let used = r.instructions {
                instructions = used <= 1_000 ? "≤ 1 k" : Format.grouped((used + 500) / 1_000) + " k"
                share = Format.fixed(100 * Double(used) / budget, 1) + "%"
            }
            let outcome = r.refused ? r.outcome : "ok", check = r.refused ? "—" : r.correct ? "right" : "WRONG"
            var row: [String] = ["    " + Format.grouped(r.bytes), outcome, check, instructions, share]
            row.append(r.seconds.count > 0 ? micro(flowrun) : "—")
            if r.refused {
                problems.append("\(r.name), \(Format.grouped(r.bytes)) B: \(r.outcome)")
            } else if !r.correct {
                problems.append("\(r.name), \(Format.grouped(r.bytes)) B: returned '\(r.outcome)', expected '\(r.expected)'")
            }
            if let s = r.stock {
                let median = s.seconds.median * 1e6
                let timed = s.seconds.count > 0 && r.seconds.count > 0
                row.append(s.seconds.count > 0 ? micro(median) : "—")
                row.append(timed ? Format.ratio(flowrun / median) : "—")
                if s.result != r.expected {
                    problems.append("\(r.name), \(Format.grouped(r.bytes)) B: stock Lua returned '\(s.result)', expected '\(r.expected)'")
                }
            }
            table.add(row)
        }
        let refused = results.filter(\.refused).count, wrong = results.filter { !$0.refused && !$0.correct }.count
        table.note("Input: realistic text (CSV of park sites, park descriptions with tabs and blank lines, config lines,")
        table.note("    tag lists, nested parentheses, a text template, an 80-column report) repeated with string.rep to")
        table.note("    about 1 KB, 64 KB and 1 MB; plus the issue's two cases at their own sizes.")
        table.note("outcome: the chunk (build the subject, match once) run by LuaState.run with the default limits.")
        table.note("result: the match's summary (counts, lengths, a sample) against the value known for that many repeats.")
        table.note("instructions: the least instruction limit under which one match still runs, of the 20,000,000 budget;")
        table.note("    LuaKit exposes no count of instructions used, so the limit is bisected (to 0.2% or 1,000).")
        table.note("µs: CPU time per match (os.clock inside the chunk, the same code in both), median of \(runs) runs after a")
        table.note("    warm-up; each run repeats the match to about 1 MB of subject (1,024 times at 1 KB).")
        if let stock { table.note("stock: \(stock), one spawn per case on the same chunk; its result is checked too.") }
        table.note("\(results.count - refused - wrong) of \(results.count) ran with the right result; \(refused) refused, \(wrong) wrong.")
        for problem in problems { table.note("FAIL: " + problem) }
        return table.render()
    }

    static func renderHostile(_ results: [HostileResult], runs: Int) -> String {
        var table = TextTable(
            "Hostile patterns and inputs — same limits, \(runs) runs each in one LuaState, wall time around LuaState.run",
            header: ["case", "stopped by", "expected", "median s", "max s", "state peak MiB", "goal"])
        for r in results {
            var counts: [String: Int] = [:]
            for ending in r.endings { counts[ending, default: 0] += 1 }
            let endings = counts.sorted { $0.value > $1.value }
                .map { counts.count == 1 ? $0.key : "\($0.key) (\($0.value)/\(r.endings.count))" }.joined(separator: ", ")
            table.add([
                r.name, endings, r.expected, Format.fixed(r.wall.median, 3), Format.fixed(r.wall.max, 3),
                Format.fixed(r.peakMiB, 0), r.passes ? "PASS" : "FAIL",
            ])
        }
        table.note("goal: every run stopped by a limit (instructions, CPU time or memory) within \(Format.fixed(goalSeconds, 0)) s wall.")
        table.note("\(results.filter(\.passes).count) of \(results.count) meet it.")
        return table.render()
    }

    private static func micro(_ value: Double) -> String {
        Format.fixed(value, value < 100 ? 1 : 0)
    }
}
