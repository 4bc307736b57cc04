import BenchData
import Foundation
import Testing

/// `flowrun sync` killed with SIGKILL at random points, 50 times, while the server flips
/// between two versions: after each kill the cache runs the old version or the new one,
/// whole, never a mix.
@Suite struct SyncKillTests {
    /// What the two versions' onboarding shows: they differ in two files (park.lua and flows/strings/en/onboarding.lua).
    static let variants = [
        (title: "Welcome to the Golden Gate", action: "Start exploring"),
        (title: "Welcome back to the Golden Gate", action: "Explore now"),
    ]

    @Test func aKilledSyncLeavesTheOldOrTheNewVersionNeverAMix() throws {
        let space = try BundleCommandTests.Workspace()
        let copy = try ProjectCopy()
        _ = try space.run(["keys", "new", "dev"])
        let bundle = ["bundle", "--root", copy.url.path, "--park", "GOGA", "--key", "keys/dev.key"]
        #expect(try space.run(bundle).status == 0)
        try copy.edit("parks/GOGA/park.lua", Self.variants[0].title, Self.variants[1].title)
        try copy.edit("flows/strings/en/onboarding.lua", Self.variants[0].action, Self.variants[1].action)
        #expect(try space.run(bundle).status == 0)
        let server = try ServerProcess(in: space.url)
        defer { server.stop() }
        let sync = ["sync", "--from", server.root, "--park", "GOGA", "--cache", "app", "--allow-downgrade"]

        // A whole sync to each version, timed: kills land within that time.
        try publish(1, in: space)
        #expect(try space.run(sync).status == 0)
        try publish(2, in: space)
        let start = ContinuousClock.now
        #expect(try space.run(sync).status == 0)
        let whole = ContinuousClock.now - start
        try expectWhole(space, version: 2)

        var random = SplitMix64(seed: 15)
        var killed = 0
        for round in 1...50 {
            try publish(round % 2 + 1, in: space)
            let process = Process()
            process.executableURL = flowrunBinary
            process.arguments = sync
            process.currentDirectoryURL = space.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(useconds_t(Double(random.next() % 1_000) / 1_000 * (whole / .microseconds(1))))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            try expectWhole(space, version: nil, round: round)
        }
        #expect(killed >= 10, "only \(killed) of 50 syncs were still running when killed")
        // After it all, a sync that runs to its end brings the version the server offers.
        #expect(try space.run(sync).status == 0)
        try expectWhole(space, version: 1)
    }

    /// Makes version `version` the one the server offers (as a rollback or a replay would).
    private func publish(_ version: Int, in space: BundleCommandTests.Workspace) throws {
        let fm = FileManager.default
        for (from, to) in [("versions/\(version).json", "manifest.json"), ("versions/\(version).sig", "manifest.sig")] {
            let target = space.path("dist/GOGA/\(to)")
            try? fm.removeItem(atPath: target)
            try fm.copyItem(atPath: space.path("dist/GOGA/\(from)"), toPath: target)
        }
    }

    /// The cache runs, with no warning, the whole of the version `current` names (and that is
    /// `version`, when given).
    private func expectWhole(_ space: BundleCommandTests.Workspace, version: Int?, round: Int = 0) throws {
        let current = try String(contentsOfFile: space.path("app/parks/GOGA/current"), encoding: .utf8)
        let number = try #require(Int(current.trimmingCharacters(in: .newlines)), "round \(round): current is '\(current)'")
        if let version { #expect(number == version) }
        let run = try space.run(["--cache", "app", "--park", "GOGA", "onboarding", "--time", fixedTime])
        #expect(run.status == 0 && run.stderr.isEmpty, "round \(round): \(run.stderr)")
        let shown = Self.variants.map { run.stdout.contains("· \($0.title)\n") && run.stdout.contains("\($0.action) → go home") }
        #expect(shown == (number == 1 ? [true, false] : [false, true]), "round \(round): version \(number) shows \(shown)")
    }
}
