import FlowKit
@testable import FlowStore
import Foundation
import Testing

/// kill -9: a process writing the store in a loop (storewriter: act runs of a Lua flow, as
/// flowrun makes them) is killed at random moments, 50 times. Afterwards the database is
/// whole (`PRAGMA integrity_check`) and every write it reported done is there, once.
@Suite struct KillTests {
    static let writerFlow = """
        flow.register("writer", function(ctx)
          store.add_pin{lat = 37.8, lon = -122.4, title = ctx.args.title, note = ("n"):rep(200)}
          store.set("last", tonumber(ctx.args.n))
          -- A favorite added and removed: more pages written per transaction.
          store.add_favorite("nps-poi:goga:0005")
          if tonumber(ctx.args.n) % 2 == 0 then store.remove_favorite("nps-poi:goga:0005") end
          return { title = ctx.args.title, sections = {} }
        end)
        """

    @Test func everyReportedWriteSurvivesSIGKILL() throws {
        let f = try StoreFixture()
        let root = f.folder.appendingPathComponent("project")
        for folder in ["flows", "parks"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
        try Data(Self.writerFlow.utf8).write(to: root.appendingPathComponent("flows/writer.lua"))
        var random = SystemRandomNumberGenerator()
        var reported: [String] = []
        var killedMidRun = 0
        for round in 1...50 {
            let process = Process()
            process.executableURL = writerBinary
            process.arguments = [root.path, f.profile.path, "r\(round)-"]
            let out = Pipe(), err = Pipe()
            (process.standardOutput, process.standardError) = (out, err)
            try process.run()
            // Odd rounds: 0-150 ms after its runtime loaded, while it opens the database and
            // loads the sites, or writes. Even rounds: 0-30 ms after its third commit, mid-loop
            // (counted, not timed, so a loaded machine still kills it while it writes).
            let (mark, times) = round % 2 == 1 ? ("ready\n", 1) : ("done ", 3)
            var buffer = Data()
            while String(decoding: buffer, as: UTF8.self).components(separatedBy: mark).count <= times {
                let chunk = out.fileHandleForReading.availableData
                guard !chunk.isEmpty else { break }
                buffer.append(chunk)
            }
            usleep(UInt32.random(in: 0...(round % 2 == 1 ? 150_000 : 30_000), using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            buffer.append(out.fileHandleForReading.readDataToEndOfFile())
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationReason == .uncaughtSignal, "round \(round) ended by itself: \(errors)")
            let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
            let done = lines.filter { $0.hasPrefix("done ") }.map { String($0.dropFirst(5)) }
            if !done.isEmpty { killedMidRun += 1 }
            reported += done
        }
        let db = try SQLiteDatabase(path: f.profile.databasePath, busyTimeout: 5)
        let integrity = try db.statement("PRAGMA integrity_check").all { $0.text(0) }
        let titles = try db.statement("SELECT title FROM pins").all { $0.text(0) }
        #expect(integrity == ["ok"])
        let stored = Set(titles)
        #expect(titles.count == stored.count, "a write is there once")
        #expect(Set(reported).subtracting(stored).isEmpty, "reported done but missing: \(Set(reported).subtracting(stored).sorted().prefix(10))")
        // The kills landed while it was writing, not only before its first write.
        #expect(killedMidRun >= 25 && reported.count >= 75, "\(killedMidRun) rounds wrote, \(reported.count) writes")
        print("KillTests: 50 kills, \(killedMidRun) after writing, \(reported.count) writes reported, \(titles.count) stored")
        // And the store still works: a new process writes on.
        #expect(
            f.act(
                "return store.add_pin{lat = 1, lon = 1}",
                limits: {
                    var l = StoreLimits(); l.pins = 10_000_000; return l
                }()
            ).title != nil)
    }

    /// storewriter, built next to this test bundle.
    private var writerBinary: URL {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("storewriter")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return repositoryRoot.appendingPathComponent(".build/debug/storewriter")
    }
}
