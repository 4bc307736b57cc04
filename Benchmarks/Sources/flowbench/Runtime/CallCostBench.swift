import LuaKit

/// Case 1 (a)-(c): a Lua loop calling a Lua function, a native Swift function registered
/// through LuaKit, and neither (the baseline), in one LuaState, interleaved within each run.
struct CallCostBench {
    enum Variant: Int, CaseIterable {
        case baseline, lua, native

        var label: String {
            switch self {
            case .baseline: return "(c) baseline: x = x + 1"
            case .lua: return "(a) Lua:      x = inc(x)"
            case .native: return "(b) native:   x = bench.inc(x)"
            }
        }
    }

    struct Result {
        var iterations: Int
        /// Nanoseconds per iteration, one value per run, by variant.
        var perIteration: [Variant: Samples]
        /// Per-call cost net of the same run's baseline.
        var luaNet: Samples { (perIteration[.lua] ?? Samples()) - (perIteration[.baseline] ?? Samples()) }
        var nativeNet: Samples { (perIteration[.native] ?? Samples()) - (perIteration[.baseline] ?? Samples()) }
        /// native net / Lua net, per run.
        var ratio: Samples { nativeNet / luaNet }
    }

    /// CPU seconds the state's runs may take: far beyond the loops' (docs/benchmarks.md).
    static let timeLimit = 3600.0

    let iterations: Int
    private let lua: LuaState
    private let loops: [Variant: LuaFunctionRef]

    /// - Throws: `BenchError.setup` if the state or the chunk cannot be made.
    init(iterations: Int) throws(BenchError) {
        self.iterations = iterations
        do {
            // Its own limits, given here: a loop of 10 million calls is no flow run and outlasts a
            // run's 1 s of CPU. The time limit stays on (an hour), so the count hook checks the
            // clock as it does in a flow; only its deadline is out of reach.
            lua = try LuaState(options: LuaOptions(instructionLimit: 2_000_000_000, timeLimit: Self.timeLimit))
            lua.register(module: "bench", functions: ["inc": { call in call.push(try call.number(1) + 1) }])
            let chunk = try lua.load(BenchScripts.callLoops, chunkName: BenchScripts.callLoopsChunk)
            let made = try lua.call(chunk)
            var loops: [Variant: LuaFunctionRef] = [:]
            for variant in Variant.allCases {
                guard variant.rawValue < made.count, case .function(let f) = made[variant.rawValue] else {
                    throw BenchError.setup("\(BenchScripts.callLoopsChunk) did not return its loop functions")
                }
                loops[variant] = f
            }
            self.loops = loops
        } catch let error as BenchError {
            throw error
        } catch {
            throw .setup("case 1: \(error)")
        }
    }

    /// One warm-up pass of each variant, then `runs` runs; run r starts at variant r mod 3,
    /// so drift during a run affects every variant alike.
    func run(runs: Int) throws(BenchError) -> Result {
        for variant in Variant.allCases { _ = try time(variant, iterations: Swift.min(iterations, 1_000_000)) }
        var perIteration: [Variant: Samples] = [:]
        for r in 0..<runs {
            for k in 0..<Variant.allCases.count {
                let variant = Variant.allCases[(r + k) % Variant.allCases.count]
                perIteration[variant, default: Samples()].add(try time(variant, iterations: iterations) / Double(iterations))
            }
        }
        return Result(iterations: iterations, perIteration: perIteration)
    }

    /// Nanoseconds of one loop of `n` iterations; checks that the loop really ran.
    private func time(_ variant: Variant, iterations n: Int) throws(BenchError) -> Double {
        guard let loop = loops[variant] else { throw .setup("case 1: no loop for \(variant.label)") }
        let measured: (result: [LuaValue], nanoseconds: Double)
        do {
            measured = try MonotonicClock.measure { () throws(LuaError) in try lua.call(loop, [.integer(Int64(n))]) }
        } catch {
            throw .setup("case 1 \(variant.label): \(error)")
        }
        guard measured.result.first?.doubleValue == Double(n) else {
            throw .setup("case 1 \(variant.label): the loop returned \(measured.result.first ?? .nil), expected \(n)")
        }
        return measured.nanoseconds
    }
}
