#if canImport(Glibc)
import Glibc
#endif
import FlowKit

// flowbench: release-built benchmarks of flowrun (DESIGN.md, "Measuring"). Prints a report;
// exits 0 even when a goal fails (except `flowbench patterns`, a check too: 3 when one fails),
// 1 when the benchmark cannot run, 2 for bad arguments.

let park = "GOGA"

/// Progress on standard error, so standard output holds only the report.
func progress(_ message: String) {
    TerminalText.writeError("flowbench: \(message)")
}

func runBenchmarks(_ options: BenchOptions) throws(BenchError) {
    let root = try BenchEnvironment.checkedRoot(options.root)
    // Order: spawns first, while this process is small (its peak RSS is the floor of every
    // child's ru_maxrss), then the in-process figures, whose first pass must be the first
    // FlowKit work of the process; case 1 last.
    progress("case 2: spawning flowrun \(options.warmups + options.spawns) times per command")
    let cold = try ColdRunBench(flowrun: options.flowrun, root: root, park: park)
        .run(spawns: options.spawns, warmups: options.warmups)
    progress("case 3: \(options.runs + 1) in-process passes")
    let steps = try InProcessBench(root: root, park: park).run(runs: options.runs)
    progress("case 1 (a)-(c): \(options.runs) runs of \(Format.grouped(options.iterations)) iterations per variant")
    let calls = try CallCostBench(iterations: options.iterations).run(runs: options.runs)
    progress("case 1 (d): \(options.runs) runs of \(Format.grouped(options.geoIterations)) iterations per variant")
    let staged = try StagedProject(root: root, park: park, flowFile: BenchScripts.geoFlowFile, source: BenchScripts.geoFlow)
    defer { staged.remove() }
    let geo = try GeoCallBench(project: staged, park: park, iterations: options.geoIterations).run(runs: options.runs)

    print(BenchEnvironment.header(options: options, root: root, park: park))
    print(calls.render(geo: geo, runs: options.runs, park: park))
    print(cold.render())
    print(InProcessBench.render(steps, runs: options.runs, park: park, root: root))
    print(Goal.render(Goal.all(calls: calls, cold: cold)), terminator: "")
}

do throws(BenchError) {
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "cluster":
        try ClusterBench(Array(arguments.dropFirst())).run()
        exit(0)
    case "cluster-build-once":
        try ClusterBench.buildOnce(Array(arguments.dropFirst()))
        exit(0)
    case "geodesy":
        try GeodesyBench(Array(arguments.dropFirst())).run()
        exit(0)
    case "geofence":
        try GeofenceBench(Array(arguments.dropFirst())).run()
        exit(0)
    case "containment":
        try ContainmentBench(Array(arguments.dropFirst())).run()
        exit(0)
    case "patterns":
        exit(try PatternBench(Array(arguments.dropFirst())).run() ? 0 : 3)
    case "cluster-query":
        try ClusterQueryCommand.run(Array(arguments.dropFirst()))
        exit(0)
    default: break
    }
    let options = try BenchOptions.parse(arguments)
    if options.showHelp {
        print(BenchOptions.usage)
        exit(0)
    }
    try runBenchmarks(options)
} catch {
    progress(error.description)
    if case .usage = error { progress("see flowbench --help") }
    exit(error.exitCode)
}
