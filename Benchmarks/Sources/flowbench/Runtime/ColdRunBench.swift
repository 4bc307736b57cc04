import Foundation

/// Case 2: `flowrun --park GOGA home` started cold, N times, measured from outside; plus
/// `flowrun --help` (process start, no Lua) and `/bin/true` (what the spawner itself
/// contributes) for scale.
struct ColdRunBench {
    struct Figure {
        var label: String
        var wallMs: Samples
        var maxRSSMiB: Samples
    }

    struct Result {
        var command: [String]
        var spawns: Int
        var warmups: Int
        var figures: [Figure]
        /// flowbench's own peak RSS when it spawned (see the note in the report).
        var spawnerPeakMiB: Double?
        var home: Figure? { figures.first }
    }

    let flowrun: String
    let root: String
    let park: String

    /// Finds `flowrun`: `explicit`, else next to this executable.
    /// - Throws: `BenchError.setup` if there is no executable file there.
    init(flowrun explicit: String?, root: String, park: String) throws(BenchError) {
        var path = explicit
        if path == nil, let own = BenchEnvironment.ownExecutable() {
            path = URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("flowrun").path
        }
        guard let path else { throw .setup("cannot locate flowrun: /proc/self/exe is unreadable; pass --flowrun PATH") }
        guard access(path, X_OK) == 0 else {
            throw .setup(
                "flowrun binary not found or not executable at \(path); build it with `swift build -c release --product flowrun` or pass --flowrun PATH")
        }
        self.flowrun = path
        self.root = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL.path
        self.park = park
    }

    var homeArguments: [String] { ["--root", root, "--park", park, "home"] }

    func run(spawns: Int, warmups: Int) throws(BenchError) -> Result {
        let home = try figure("flowrun --park \(park) home", flowrun, homeArguments, spawns: spawns, warmups: warmups)
        let help = try figure("flowrun --help (process start, no Lua)", flowrun, ["--help"], spawns: spawns, warmups: warmups)
        var figures = [home, help]
        if access("/bin/true", X_OK) == 0 {
            figures.append(try figure("/bin/true (spawner floor)", "/bin/true", [], spawns: spawns, warmups: warmups))
        }
        return Result(
            command: [flowrun] + homeArguments, spawns: spawns, warmups: warmups,
            figures: figures, spawnerPeakMiB: BenchEnvironment.ownPeakKiB().map { Double($0) / 1024 })
    }

    private func figure(_ label: String, _ path: String, _ arguments: [String], spawns: Int, warmups: Int) throws(BenchError) -> Figure {
        try Self.spawnFigure(label, path, arguments, spawns: spawns, warmups: warmups)
    }

    /// `path` spawned `warmups` times untimed, then `spawns` times timed.
    static func spawnFigure(_ label: String, _ path: String, _ arguments: [String], spawns: Int, warmups: Int) throws(BenchError) -> Figure {
        var wall = Samples(), rss = Samples()
        for i in 0..<(warmups + spawns) {
            let outcome = try ProcessSpawner.run(path, arguments)
            guard outcome.exitStatus == 0 else {
                let how = outcome.exitStatus.map { "exited with status \($0)" } ?? "was killed by signal \(outcome.signal ?? 0)"
                throw .setup("case 2: `\(([path] + arguments).joined(separator: " "))` \(how) (its standard error is above)")
            }
            guard i >= warmups else { continue }
            wall.add(outcome.wallNanoseconds / 1e6)
            rss.add(Double(outcome.maxRSSKiB) / 1024)
        }
        return Figure(label: label, wallMs: wall, maxRSSMiB: rss)
    }
}
