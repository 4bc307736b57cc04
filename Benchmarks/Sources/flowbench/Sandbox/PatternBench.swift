import Foundation
import LuaKit

/// `flowbench patterns`: the sandbox's pattern matcher (Sources/CLuaSandbox/pattern_match.c)
/// under the limits every flow has. Patterns authors write, on realistic text of 1 KB,
/// 64 KB and 1 MB, must run (none refused) and give the right result; hostile patterns and
/// inputs must be stopped by a limit within 2 s. The realistic cases run in stock Lua 5.4
/// too, for the time ratio. Exits 3 when a check fails, so it doubles as a check.
struct PatternBench {
    /// A pattern an author writes, on `block` (realistic text) repeated to a size.
    struct RealisticCase {
        var name: String
        /// The subject `s` is `block:rep(reps)`.
        var block: String
        /// Body of `local function op(s)`: does the matching and returns a one-line summary.
        var op: String
        /// The summary `op` must return for `reps` repetitions of the block.
        var expected: (Int) -> String
        /// Repetitions of the block when the case has one fixed size (the cases).
        var fixedReps: Int?
    }

    /// A pattern or input built to run for hours, or to exhaust memory.
    struct HostileCase {
        var name: String
        var source: String
        /// The limit expected to stop it (any limit passes; this is what the table says).
        var expected: String
    }

    static let sizes = [1 << 10, 64 << 10, 1 << 20]
    static let goalSeconds = 2.0

    /// Timed runs per case; medians are reported.
    let runs: Int
    /// Stock Lua 5.4 for the side-by-side times; nil skips them.
    let stockLua: String?

    // MARK: - The cases

    static let csv = """
        101,Old Faithful,44.4605,-110.8281,geyser,yes
        102,Grand Prismatic Spring,44.5251,-110.8382,hot spring,yes
        103,,44.6210,-110.4200,trailhead,
        104,Mammoth Hot Springs,44.9766,-110.7030,terrace,no

        """
    static let description =
        "  Old Faithful erupts about every 90 minutes;\tthe boardwalk loops 1.3 km around"
        + " Upper Geyser Basin.\n\nBring water  -  shade is rare (and so are benches).  \n"
    static let config =
        "# visitor center settings\nname = Old Faithful Inn\nregion=upper basin\ncapacity = 4000\n"
        + "opens=06:30\n\ntheme =  dark mode\n"
    static let tags = "geyser;hot spring;boardwalk;;wheelchair accessible;"
    static let nested = "sum(a, f(b, c), (d)) + g((x)) - h() ; "
    static let template = "${name} opens at ${open}; call ${phone} for ${name}.\n"
    /// A fixed-width report line: 36 characters padded with spaces to 80 columns.
    static let paddedLine = "Old Faithful Inn          open 06:30".padding(toLength: 79, withPad: " ", startingAt: 0) + "\n"

    static func realisticCases() -> [RealisticCase] {
        let csvBytes = csv.utf8.count, descBytes = description.utf8.count
        return [
            RealisticCase(
                name: "trim ^%s*(.-)%s*$ (park description)", block: description,
                op: "local t = s:match('^%s*(.-)%s*$') return #t .. ' ' .. t:sub(1, 3) .. '|' .. t:sub(-3)",
                expected: { "\(descBytes * $0 - 5) Old|s)." }),
            RealisticCase(
                name: "trailing trim gsub('%s+$', '')", block: description,
                op: "local r, n = s:gsub('%s+$', '') return #r .. ' ' .. n",
                expected: { "\(descBytes * $0 - 3) 1" }),
            RealisticCase(
                name: "trim, fixed-width report (80 cols)", block: paddedLine,
                op: "return tostring(#s:match('^%s*(.-)%s*$'))",
                expected: { "\(80 * $0 - 44)" }),
            RealisticCase(
                name: "CSV lines, fields gmatch('([^,]*)')", block: csv,
                op: """
                    local n, empty = 0, 0
                    for line in s:gmatch('[^\\n]+') do
                      for f in line:gmatch('([^,]*)') do n = n + 1; if f == '' then empty = empty + 1 end end
                    end
                    return n .. ' fields, ' .. empty .. ' empty'
                    """,
                expected: { "\(24 * $0) fields, \(2 * $0) empty" }),
            RealisticCase(
                name: "split gmatch('[^;]+') (tag list)", block: tags,
                op: "local n = 0 for _ in s:gmatch('[^;]+') do n = n + 1 end return tostring(n)",
                expected: { "\(4 * $0)" }),
            RealisticCase(
                name: "key=value gmatch('(%w+)%s*=%s*([^\\n]*)')", block: config,
                op: """
                    local n, last = 0
                    for k, v in s:gmatch('(%w+)%s*=%s*([^\\n]*)') do n = n + 1; last = k .. '=' .. v end
                    return n .. ' ' .. last
                    """,
                expected: { "\(5 * $0) theme=dark mode" }),
            RealisticCase(
                name: "balanced gmatch('%b()') (nested parens)", block: nested,
                op: "local n, len = 0, 0 for m in s:gmatch('%b()') do n = n + 1; len = len + #m end return n .. ' ' .. len",
                expected: { "\(3 * $0) \(24 * $0)" }),
            RealisticCase(
                name: "frontier words gmatch('%f[%w]%w+')", block: description,
                op: "local n = 0 for _ in s:gmatch('%f[%w]%w+') do n = n + 1 end return tostring(n)",
                expected: { "\(26 * $0)" }),
            RealisticCase(
                name: "position captures gmatch('()([^\\n]*)\\n')", block: csv,
                op: "local n, last = 0, 0 for p in s:gmatch('()([^\\n]*)\\n') do n = n + 1; last = p end return n .. ' ' .. last",
                expected: { "\(4 * $0) \(csvBytes * $0 - 52)" }),
            RealisticCase(
                name: "empty matches gmatch('()') (every position)", block: description,
                op: "local n, last = 0, 0 for p in s:gmatch('()') do n = n + 1; last = p end return n .. ' ' .. last",
                expected: { "\(descBytes * $0 + 1) \(descBytes * $0 + 1)" }),
            RealisticCase(
                name: "gsub('%f[%a]%a', function) (capitalise)", block: description,
                op: "local r, n = s:gsub('%f[%a]%a', function(c) return c:upper() end) return #r .. ' ' .. n .. ' ' .. r:sub(16, 21)",
                expected: { "\(descBytes * $0) \(23 * $0) Erupts" }),
            RealisticCase(
                name: "gsub('%${(%w+)}', table) (template)", block: template,
                op: """
                    local r, n = s:gsub('%${(%w+)}', { name = 'Old Faithful', open = '06:30', phone = '307-344-7381' })
                    return #r .. ' ' .. n
                    """,
                expected: { "\(65 * $0) \(4 * $0)" }),
            RealisticCase(
                name: "find(needle, init, true) loop + a miss", block: csv,
                op: """
                    local found, pos = 0, 1
                    while true do
                      local i, j = s:find('Grand Prismatic Spring', pos, true)
                      if not i then break end
                      found, pos = found + 1, j + 1
                    end
                    return found .. ' ' .. tostring(s:find('Grand Prismatic Spring!', 1, true))
                    """,
                expected: { "\($0) nil" }),
            RealisticCase(
                name: "anchored find('^[%w%p%s]*$') (validate)", block: csv,
                op: "local i, j = s:find('^[%w%p%s]*$') return i .. ' ' .. j",
                expected: { "1 \(csvBytes * $0)" }),
            RealisticCase(
                name: "anchored match('^(%d+),', init) per line", block: csv,
                op: """
                    local n, sum, pos = 0, 0, 1
                    while pos <= #s do
                      local id = s:match('^(%d+),', pos)
                      if id then n, sum = n + 1, sum + tonumber(id) end
                      local nl = s:find('\\n', pos, true)
                      if not nl then break end
                      pos = nl + 1
                    end
                    return n .. ' ' .. sum
                    """,
                expected: { "\(4 * $0) \(410 * $0)" }),
            RealisticCase(
                name: "issue: ('ab '):rep(218):match('^%s*(.-)%s*$')", block: "ab ",
                op: "return tostring(#s:match('^%s*(.-)%s*$'))",
                expected: { "\(3 * $0 - 1)" }, fixedReps: 218),
            RealisticCase(
                name: "issue: ('x'):rep(20000):gsub('%s+$', '')", block: "x",
                op: "local r, n = s:gsub('%s+$', '') return #r .. ' ' .. n",
                expected: { "\($0) 0" }, fixedReps: 20_000),
        ]
    }

    static func hostileCases() -> [HostileCase] {
        [
            HostileCase(
                name: "exponential: ('a'):rep(40):match(('a?'):rep(40)..('a'):rep(40))",
                source: "return (('a'):rep(40)):match(('a?'):rep(40) .. ('a'):rep(40))", expected: "instruction budget"),
            HostileCase(
                name: "back-reference find('(.-)%1$'), 1 MB ('ab'):rep..'c'",
                source: "local s = ('ab'):rep(1 << 19) .. 'c' return s:find('(.-)%1$')", expected: "instruction budget"),
            HostileCase(
                name: "find('.-.-.-.-x'), 1 MB text without x",
                source: "local s = ('Old Faithful erupts about every 90 minutes. '):rep(23831) return s:find('.-.-.-.-x')",
                expected: "instruction budget"),
            HostileCase(
                name: "gmatch('()') empty matches, 1 MB, s:sub(p) each",
                source: "local s, n = ('a'):rep(1 << 20), 0 for p in s:gmatch('()') do n = n + #s:sub(p) end return n",
                expected: "instruction budget"),
            HostileCase(
                name: "gsub('', ('x'):rep(100)), 1 MB: 100 MB output",
                source: "local s = ('a'):rep(1 << 20) return #s:gsub('', ('x'):rep(100))", expected: "memory cap"),
            HostileCase(
                name: "trim ^%s*(.-)%s*$ on 'a'..1 MB of spaces..'b'",
                source: "local s = 'a' .. (' '):rep(1 << 20) .. 'b' return #s:match('^%s*(.-)%s*$')", expected: "instruction budget"),
            HostileCase(
                name: "gsub('%s+$', '') on 'a'..1 MB of spaces..'b'",
                source: "local s = 'a' .. (' '):rep(1 << 20) .. 'b' return #s:gsub('%s+$', '')", expected: "instruction budget"),
            HostileCase(
                name: "find('%b()') on 1 MB of '('",
                source: "return (('('):rep(1 << 20)):find('%b()')", expected: "instruction budget"),
        ]
    }

    // MARK: - Running a case

    /// The chunk of a realistic case, the same text for LuaKit and stock Lua. Called with
    /// `reps`, it builds the subject, matches once, and returns that result, the subject's
    /// length and `timed(n)`, which matches `n` times and returns the result and the CPU
    /// seconds (os.clock) the n matches took.
    static func chunk(_ c: RealisticCase) -> String {
        """
        local reps = ...
        local block = \(luaQuoted(c.block))
        local s = block:rep(reps)
        local function op(s)
        \(c.op)
        end
        local function timed(n)
          local r
          local t0 = os.clock()
          for _ = 1, n do r = op(s) end
          return r, os.clock() - t0
        end
        return op(s), #s, timed
        """
    }

    static func luaQuoted(_ text: String) -> String {
        var out = "\""
        for c in text.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }

    static let limitNames: Set = ["instruction budget", "CPU time limit", "memory cap"]

    /// The limit a LuaKit error names (one of `limitNames`), or nil when the error is not a limit.
    static func limit(_ error: LuaError) -> String? {
        switch error {
        case .instructionBudget: return "instruction budget"
        case .timeLimit: return "CPU time limit"
        case .memoryCap: return "memory cap"
        default: return nil
        }
    }

    /// Repetitions of the match per timed call: about 1 MB of subject per call, so that
    /// os.clock's microseconds resolve the 1 KB cases too.
    static func inner(bytes: Int) -> Int { Swift.max(1, (1 << 20) / Swift.max(bytes, 1)) }

    func run() throws(BenchError) -> Bool {
        var realistic: [RealisticResult] = []
        let stock = try stockLua.map { path throws(BenchError) in try StockLua(path: path) }
        defer { stock?.remove() }
        for c in Self.realisticCases() {
            for reps in c.fixedReps.map({ [$0] }) ?? Self.sizes.map({ Swift.max(1, $0 / c.block.utf8.count) }) {
                progress("patterns: \(c.name), \(Format.grouped(reps * c.block.utf8.count)) bytes")
                var result = try measure(c, reps: reps)
                if let stock, result.bytes > 0 {
                    result.stock = try stock.run(Self.chunk(c), reps: reps, inner: Self.inner(bytes: result.bytes), runs: runs)
                }
                realistic.append(result)
            }
        }
        var hostile: [HostileResult] = []
        for c in Self.hostileCases() {
            progress("patterns: hostile \(c.name)")
            hostile.append(try measure(c))
        }
        print(Self.renderRealistic(realistic, runs: runs, stock: stock?.path))
        print(Self.renderHostile(hostile, runs: runs))
        let failed = realistic.filter { !$0.passes }.count + hostile.filter { !$0.passes }.count
        print(failed == 0 ? "patterns: every check passes" : "patterns: \(failed) check(s) FAIL")
        return failed == 0
    }

    struct RealisticResult {
        var name: String
        var bytes = 0
        /// The chunk's first result, or why it did not run: "refused: <limit>" or the error.
        var outcome = ""
        var expected = ""
        var refused = false
        /// The least instruction limit under which one match runs (bisected), if it ran.
        var instructions: Int?
        /// CPU seconds per match, one per timed run.
        var seconds = Samples()
        var stock: StockLua.Result?
        var correct: Bool { !refused && outcome == expected }
        var passes: Bool { correct && (stock.map { $0.result == expected } ?? true) }
    }

    /// Runs the chunk once with the default limits (the verdict), bisects the instruction
    /// limit one match needs, then times `runs` calls of `timed` after one warm-up.
    func measure(_ c: RealisticCase, reps: Int) throws(BenchError) -> RealisticResult {
        var result = RealisticResult(name: c.name, expected: c.expected(reps))
        let state: LuaState
        do { state = try LuaState() } catch { throw .setup("patterns: \(error)") }
        let values: [LuaValue]
        do {
            values = try state.run(Self.chunk(c), chunkName: "flows/patterns.lua", arguments: [.integer(Int64(reps))])
        } catch {
            result.refused = true
            result.outcome = Self.limit(error).map { "refused: \($0)" } ?? "error: \(error.summary)"
            return result
        }
        guard values.count == 3, case .string(let first) = values[0], case .integer(let bytes) = values[1],
            case .function(let timed) = values[2]
        else {
            throw .setup("patterns: \(c.name) returned \(values)")
        }
        result.outcome = first
        result.bytes = Int(bytes)
        let budget = LuaOptions().instructionLimit, memory = LuaOptions().memoryLimit
        var low = 0, high = budget
        while high - low > Swift.max(1_000, high / 500) {
            let middle = (low + high) / 2
            state.setBudgets(instructions: middle, memoryBytes: memory)
            if (try? state.call(timed, [.integer(1)])) != nil { high = middle } else { low = middle }
        }
        result.instructions = high
        // Timing repeats the match about 1 MB's worth per call: a budget that fits them all.
        state.setBudgets(instructions: 2_000_000_000, memoryBytes: memory)
        let inner = Self.inner(bytes: result.bytes)
        for run in 0...runs {
            do {
                let timedRun = try state.call(timed, [.integer(Int64(inner))])
                guard timedRun.first?.stringValue == first, let seconds = timedRun.last?.doubleValue else {
                    throw BenchError.setup("patterns: \(c.name): a timed run returned \(timedRun)")
                }
                if run > 0 { result.seconds.add(seconds / Double(inner)) }
            } catch let error as BenchError {
                throw error
            } catch {
                throw .setup("patterns: \(c.name): a timed run failed: \(error)")
            }
        }
        return result
    }

    struct HostileResult {
        var name: String
        var expected: String
        /// What ended each run: a limit's name, "ran to the end" or an error.
        var endings: [String] = []
        var wall = Samples()
        var peakMiB = 0.0
        var passes: Bool {
            !endings.isEmpty && endings.allSatisfy(PatternBench.limitNames.contains) && wall.max < PatternBench.goalSeconds
        }
    }

    /// Runs the hostile chunk `runs` times in one state with the default limits, measuring
    /// wall time around each `run`.
    func measure(_ c: HostileCase) throws(BenchError) -> HostileResult {
        var result = HostileResult(name: c.name, expected: c.expected)
        let state: LuaState
        do { state = try LuaState() } catch { throw .setup("patterns: \(error)") }
        for _ in 0..<runs {
            let start = MonotonicClock.now()
            let ending: String
            do {
                _ = try state.run(c.source, chunkName: "flows/hostile.lua")
                ending = "ran to the end"
            } catch {
                ending = Self.limit(error) ?? "error: \(error.summary)"
            }
            result.wall.add(Double(MonotonicClock.now() - start) / 1e9)
            result.endings.append(ending)
        }
        result.peakMiB = Double(state.memoryPeak) / Double(1 << 20)
        return result
    }
}
