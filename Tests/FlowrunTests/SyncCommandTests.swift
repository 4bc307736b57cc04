import Foundation
import Testing

/// `flowrun serve`, `flowrun sync` and `flowrun --cache` as a person types them, each a real
/// process: an update end to end, offline, and the usage mistakes.
@Suite struct SyncCommandTests {
    typealias Workspace = BundleCommandTests.Workspace

    @Test func anUpdateShowsTheNewOnboardingWithNoRebuild() throws {
        let space = try Workspace()
        let copy = try ProjectCopy()
        _ = try space.run(["keys", "new", "dev"])
        let bundle = ["bundle", "--root", copy.url.path, "--park", "GOGA", "--key", "keys/dev.key"]
        #expect(try space.run(bundle).status == 0)
        let server = try ServerProcess(in: space.url)
        #expect(server.firstLine == "flowrun serve: serving dist at http://127.0.0.1:\(server.port)/ (Ctrl-C to stop)\n")
        let sync = ["sync", "--from", server.root, "--park", "GOGA", "--cache", "app"]
        let (files, objects) = try published(space, park: "GOGA")
        let first = try space.run(sync)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasPrefix("synced GOGA to version 1 in app: downloaded \(objects) of \(files) files, ")
                && first.stdout.hasSuffix(" bytes; home ran (\(objects + 2) requests)\n"), "\(first.stdout)")
        #expect(first.stderr.isEmpty, "no progress when standard error is not a terminal")
        let onboarding = ["--cache", "app", "--park", "GOGA", "onboarding", "--time", fixedTime]
        #expect(try space.run(onboarding).stdout.contains("Page 1/3 · Welcome to the Golden Gate\n"))

        try copy.edit("parks/GOGA/park.lua", "Welcome to the Golden Gate", "Welcome back to the Golden Gate")
        #expect(try space.run(bundle).status == 0)
        let second = try space.run(sync)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stdout.hasPrefix("synced GOGA to version 2 (was 1) in app: downloaded 1 of \(files) files, ")
                && second.stdout.hasSuffix("; home ran (3 requests)\n"), "\(second.stdout)")
        let updated = try space.run(onboarding)
        #expect(updated.status == 0 && updated.stderr.isEmpty)
        #expect(updated.stdout.contains("Page 1/3 · Welcome back to the Golden Gate\n"))
        #expect(updated.stdout == (try flowrun(["--root", copy.url.path, "--park", "GOGA", "onboarding", "--time", fixedTime])).stdout)

        let third = try space.run(sync)
        #expect(third.status == 0 && third.stdout == "GOGA is up to date at version 2 (1 request)\n")

        #expect(server.stop() == 0)
        let offline = try space.run(sync + ["--timeout", "1"])
        #expect(offline.status == 0 && offline.stdout.isEmpty)
        #expect(offline.stderr == "flowrun: sync: note: the server cannot be reached (cannot connect: connection refused); the cache stays on GOGA version 2\n")
        #expect(try space.run(onboarding).stdout == updated.stdout)
    }

    /// `flowrun bundle --all` publishes every park; one cache, synced park by park, runs any of
    /// them, and fetches the files they share once.
    @Test func bundleAllAndOneCacheForEveryPark() throws {
        let space = try Workspace()
        let copy = try ProjectCopy.withoutScenarios(["GOGA", "ZION", "BIBE"])  // GOGA's browse every park
        _ = try space.run(["keys", "new", "dev"])
        let all = try space.run(["bundle", "--all", "--root", copy.url.path, "--key", "keys/dev.key"])
        #expect(all.status == 0, "\(all.stderr)")
        let bundled = all.stdout.split(separator: "\n").filter { $0.hasPrefix("bundled ") }.map { $0.split(separator: " ")[1] }
        #expect(bundled == ["BIBE", "GOGA", "ZION"])
        let server = try ServerProcess(in: space.url)
        func sync(_ park: String) throws -> CLIResult { try space.run(["sync", "--from", server.root, "--park", park, "--cache", "app"]) }
        #expect(try sync("ZION").stdout.hasPrefix("synced ZION to version 1 in app: downloaded "))
        // BIBE's flows and defaults are ZION's: only its own files come.
        let (files, _) = try published(space, park: "BIBE")
        let bibe = try sync("BIBE")
        #expect(bibe.status == 0, "\(bibe.stderr)")
        let downloaded = bibe.stdout.split(separator: " ").firstIndex(of: "downloaded").map { Int(bibe.stdout.split(separator: " ")[$0 + 1]) ?? 0 }
        #expect((downloaded ?? files) < files / 2, "\(bibe.stdout)")
        for (park, name) in [("ZION", "Zion National Park"), ("BIBE", "Big Bend National Park")] {
            let home = try space.run(["--cache", "app", "--park", park, "home", "--time", fixedTime])
            #expect(home.status == 0 && home.stdout.hasPrefix("\(name)\n"), "\(home.stderr)")
        }
        let missing = try space.run(["--cache", "app", "--park", "GOGA", "home"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "flowrun: app: no version of GOGA cached (the cache holds BIBE, ZION): run 'flowrun sync --from URL --park GOGA --cache app' first\n")
        // The park browser from the cache lists every park it holds, and opens each.
        let browser = try space.run(["parks", "--cache", "app"])
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(browser.stdout.split(separator: "\n").dropFirst().map { String($0.prefix(4)) } == ["BIBE", "ZION"])
        let screen = try space.run(["--cache", "app", "--park", "ZION", "parks", "--time", fixedTime])
        let open = try #require(screen.stdout.split(separator: "\n").first { $0.contains("→ go BIBE/home") })
        let number = try #require(open.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        let opened = try space.run(["--cache", "app", "--park", "ZION", "parks", "--time", fixedTime, "--follow", String(number)])
        #expect(opened.status == 0 && opened.stdout.hasPrefix("Big Bend National Park\n"), "\(opened.stderr)")

        // One park that fails its check: nothing is written for any.
        try copy.write("parks/ZION/flows/home.lua", "flow.register('home', function() return { title = 3 } end)\n")
        let refused = try space.run(["bundle", "--all", "--root", copy.url.path, "--key", "keys/dev.key"])
        #expect(refused.status == 1 && !refused.stdout.contains("bundled "))
        #expect(!FileManager.default.fileExists(atPath: space.path("dist/BIBE/versions/2.json")))
    }

    @Test func aDamagedCacheRunsThePreviousVersionWithAWarning() throws {
        let space = try Workspace()
        let copy = try ProjectCopy()
        _ = try space.run(["keys", "new", "dev"])
        let bundle = ["bundle", "--root", copy.url.path, "--park", "GOGA", "--key", "keys/dev.key"]
        _ = try space.run(bundle)
        let server = try ServerProcess(in: space.url)
        let sync = ["sync", "--from", server.root + "GOGA", "--cache", "app"]  // the park's own URL
        _ = try space.run(sync)
        try copy.edit("parks/GOGA/park.lua", "Welcome to the Golden Gate", "Welcome back to the Golden Gate")
        _ = try space.run(bundle)
        #expect(try space.run(sync).status == 0)
        let manifest = try String(contentsOfFile: space.path("app/versions/2/manifest.json"), encoding: .utf8)
        let sha = try #require(manifest.firstMatch(of: /"path": "parks\/GOGA\/park.lua", "sha256": "([0-9a-f]{64})"/)?.output.1)
        try Data("return {}\n".utf8).write(to: URL(fileURLWithPath: space.path("app/objects/\(sha)")))
        let run = try space.run(["--cache", "app", "--park", "GOGA", "onboarding", "--time", fixedTime])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Page 1/3 · Welcome to the Golden Gate\n"))
        #expect(
            run.stderr.hasPrefix(
                "flowrun: warning: app: version 2 does not verify (app/objects/\(sha): 10 bytes where the manifest says \(try parkSize(manifest)) (files["))
        #expect(run.stderr.hasSuffix("]: parks/GOGA/park.lua)); running the previous good version 1\n"))
        let repaired = try space.run(sync)
        #expect(repaired.stdout == "repaired GOGA version 2 in app: it no longer verified; downloaded 1 damaged or missing file (2 requests)\n")
        try FileManager.default.removeItem(atPath: space.path("app/versions/1"))
        try Data("return {}\n".utf8).write(to: URL(fileURLWithPath: space.path("app/objects/\(sha)")))
        let broken = try space.run(["--cache", "app", "--park", "GOGA"])
        #expect(broken.status == 2 && broken.stdout.isEmpty)
        #expect(broken.stderr.hasPrefix("flowrun: app/objects/\(sha): 10 bytes where the manifest says "))
        #expect(broken.stderr.hasSuffix(" (and the previous version 1 does not verify either: app/versions/1/manifest.json: file not found)\n"))
        server.stop()
    }

    @Test func aPortInUseAndAMissingFolderExit2() throws {
        let space = try Workspace()
        try space.bundle("YOSE")
        let server = try ServerProcess(in: space.url)
        let second = try space.run(["serve", "--port", String(server.port)])
        #expect(second.status == 2 && second.stdout.isEmpty)
        #expect(
            second.stderr
                == "flowrun: --port: cannot listen on 127.0.0.1:\(server.port): the port is in use (stop what uses it, or choose another with --port)\n")
        #expect(server.stop() == 0)
        let missing = try space.run(["serve", "--bundles", "nowhere"])
        #expect(missing.status == 2 && missing.stderr == "flowrun: --bundles: 'nowhere' is not a folder (flowrun bundle writes dist/)\n")
    }

    @Test func usageMistakes() throws {
        let space = try Workspace()
        let noKeys = try space.run(["sync", "--from", "http://127.0.0.1:9/", "--park", "GOGA", "--cache", "app"])
        #expect(noKeys.status == 2 && noKeys.stderr == "flowrun: --trust: no trusted keys: put the signer's .pub file in keys/ or pass --trust FILE\n")
        _ = try space.run(["keys", "new", "dev"])
        let badURL = try space.run(["sync", "--from", "ftp://example/", "--cache", "app"])
        #expect(badURL.status == 2 && badURL.stderr == "flowrun: --from: ftp://example/ is not an http:// or https:// URL of a folder of bundles\n")
        let badPark = try space.run(["sync", "--from", "http://127.0.0.1:9/", "--park", "../x", "--cache", "app"])
        #expect(badPark.status == 2 && badPark.stderr == "flowrun: --park: '../x' is not a park code (1 to 32 letters, digits, '_' or '-')\n")
        let noCache = try space.run(["--cache", "app", "--park", "GOGA"])
        #expect(noCache.status == 2 && noCache.stderr == "flowrun: app: no such cache: run 'flowrun sync --from URL --park GOGA --cache app' first\n")
        let both = try space.run(["--cache", "app", "--bundle", "dist/GOGA", "--park", "GOGA"])
        #expect(both.status == 2 && both.stderr == "flowrun: --cache: runs a cache's version: leave out --bundle\n")
        let empty = try space.run(["sync", "--from", "http://127.0.0.1:9/", "--park", "GOGA", "--cache", "app", "--timeout", "0.5"])
        #expect(empty.status == 1 && empty.stdout.isEmpty)
        #expect(empty.stderr == "flowrun: sync: http://127.0.0.1:9/GOGA/manifest.json: cannot connect: connection refused; the cache holds no version yet\n")
    }

    /// The options against slow retrieval and rollback, each refused by name when its value is wrong.
    @Test(arguments: [
        (["--deadline", "0"], "--deadline must be a positive number of seconds up to 86400, got 0.0"),
        (["--deadline", "nan"], "--deadline must be a positive number of seconds up to 86400, got nan"),
        (["--min-rate=-1"], "--min-rate must be a whole number of bytes per second, 0 or more, got -1"),
        (["--min-version", "0"], "--min-version must be 1 or more, got 0"),
        (["--not-before", "2026-11-27"], "--not-before must be a UTC time such as 2026-11-27T13:40:00Z, got '2026-11-27'"),
        (["--not-before", "2026-11-27T13:40:00+01:00"], "--not-before must be a UTC time such as 2026-11-27T13:40:00Z, got '2026-11-27T13:40:00+01:00'"),
    ])
    func badSyncLimitsExit2NamingTheOption(arguments: [String], message: String) throws {
        let space = try Workspace()
        _ = try space.run(["keys", "new", "dev"])
        let result = try space.run(["sync", "--from", "http://127.0.0.1:9/", "--park", "GOGA", "--cache", "app"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: space.path("app")), "nothing made")
    }

    /// An expired manifest from the command line: exit 2, the message names the manifest and
    /// its expiry, and the cache still runs what it ran.
    @Test func anExpiredManifestExits2AndTheCacheKeepsItsVersion() throws {
        let space = try Workspace()
        let copy = try ProjectCopy()
        _ = try space.run(["keys", "new", "dev"])
        let bundle = ["bundle", "--root", copy.url.path, "--park", "GOGA", "--key", "keys/dev.key"]
        #expect(try space.run(bundle).status == 0)
        let server = try ServerProcess(in: space.url)
        let sync = ["sync", "--from", server.root, "--park", "GOGA", "--cache", "app"]
        #expect(try space.run(sync).status == 0)
        try copy.edit("parks/GOGA/park.lua", "Welcome to the Golden Gate", "Welcome back to the Golden Gate")
        let old = String(Int(Date().timeIntervalSince1970) - 40 * 86_400)
        #expect(try flowrun(bundle, in: space.url, environment: ["SOURCE_DATE_EPOCH": old]).status == 0)
        let refused = try space.run(sync)
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("flowrun: sync: \(server.root)GOGA/manifest.json: expires: version 2 expired at "), "\(refused.stderr)")
        #expect(refused.stderr.hasSuffix("; the cache still runs GOGA version 1\n"), "\(refused.stderr)")
        server.stop()
    }

    private func parkSize(_ manifest: String) throws -> String {
        try #require(manifest.firstMatch(of: /"path": "parks\/GOGA\/park.lua", "sha256": "[0-9a-f]{64}", "size": ([0-9]+)/)?.output.1).description
    }

    /// The files of `park`'s published manifest in the workspace's dist/, and the objects
    /// (distinct contents) they need.
    private func published(_ space: Workspace, park: String) throws -> (files: Int, objects: Int) {
        let data = try Data(contentsOf: space.url.appendingPathComponent("dist/\(park)/manifest.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(manifest["files"] as? [[String: Any]])
        return (files.count, Set(files.compactMap { $0["sha256"] as? String }).count)
    }
}
