import Foundation
import Testing

/// `flowrun keys new`, `flowrun bundle` and running from a bundle, as a person types them:
/// exact output where it is fixed, exit codes always.
@Suite struct BundleCommandTests {
    /// A scratch folder as the current directory: keys/ and dist/ are made in it.
    final class Workspace {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-bundle-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }
        func run(_ arguments: [String]) throws -> CLIResult { try flowrun(arguments, in: url) }

        /// keys/dev.* and dist/<park> version 1, from this repository.
        func bundle(_ park: String = "GOGA") throws {
            _ = try run(["keys", "new", "dev"])
            let made = try run(["bundle", "--root", repositoryRoot.path, "--park", park, "--key", "keys/dev.key"])
            #expect(made.status == 0, "\(made.stderr)")
        }
    }

    @Test func keysNewWritesAPrivatePairOnce() throws {
        let space = try Workspace()
        let made = try space.run(["keys", "new", "dev"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("wrote keys/dev.key (private: keep it secret) and keys/dev.pub (key id "))
        let mode = try FileManager.default.attributesOfItem(atPath: space.path("keys/dev.key"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let again = try space.run(["keys", "new", "dev"])
        #expect(again.status == 2)
        #expect(again.stderr == "flowrun: keys/dev.key: already exists; flowrun never overwrites a key (choose another name)\n")
    }

    @Test func bundleRunsCheckThenWritesTheLayout() throws {
        let space = try Workspace()
        _ = try space.run(["keys", "new", "dev"])
        let made = try space.run(["bundle", "--root", repositoryRoot.path, "--park", "goga", "--key", "keys/dev.key"])
        #expect(made.status == 0, "\(made.stderr)")
        let lines = made.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ok   GOGA: ") == true)
        #expect(lines.last?.hasPrefix("bundled GOGA version 1 in dist/GOGA: ") == true)
        for file in ["dist/GOGA/manifest.json", "dist/GOGA/manifest.sig", "dist/GOGA/versions/1.json", "dist/GOGA/versions/1.sig"] {
            #expect(FileManager.default.fileExists(atPath: space.path(file)), "\(file)")
        }
        let again = try space.run(["bundle", "--root", repositoryRoot.path, "--park", "GOGA", "--key", "keys/dev.key"])
        #expect(again.stdout.contains("bundled GOGA version 2 in dist/GOGA: ") && again.stdout.contains("(0 new objects, 0 bytes)"))
        let older = try space.run(["bundle", "--root", repositoryRoot.path, "--park", "GOGA", "--key", "keys/dev.key", "--version", "2"])
        #expect(older.status == 2)
        #expect(older.stderr.hasSuffix("flowrun: dist/GOGA/manifest.json: version: --version 2 is not greater than the published version 2\n"))
    }

    @Test func bundleRefusesContentThatFailsCheck() throws {
        let space = try Workspace()
        let copy = try ProjectCopy()
        try copy.write("parks/YOSE/flows/home.lua", "flow.register('home', function() return { title = 3 } end)\n")
        _ = try space.run(["keys", "new", "dev"])
        let made = try space.run(["bundle", "--root", copy.url.path, "--park", "YOSE", "--key", "keys/dev.key"])
        #expect(made.status == 1)
        #expect(made.stdout.hasPrefix("FAIL YOSE: "))
        #expect(made.stderr.hasSuffix("flowrun: bundle: YOSE fails 'flowrun check' (above); nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: space.path("dist")))
    }

    @Test func bundleRefusesContentWhoseScenariosFail() throws {
        let space = try Workspace()
        let copy = try ProjectCopy()
        try copy.write(
            "parks/YOSE/tests/home.lua",
            "scenario { name = \"a title it does not have\", flow = \"home\", "
                + "expect = function(screen) expect.equal(screen.title, \"Nope\", \"title\") end }\n")
        _ = try space.run(["keys", "new", "dev"])
        let made = try space.run(["bundle", "--root", copy.url.path, "--park", "YOSE", "--key", "keys/dev.key"])
        #expect(made.status == 1)
        #expect(made.stdout.hasPrefix("ok   YOSE: "), "check passes first")
        #expect(made.stdout.contains("FAIL parks/YOSE/tests/home.lua:1 a title it does not have\n"))
        #expect(made.stderr.hasSuffix("flowrun: bundle: YOSE fails 'flowrun test' (above); nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: space.path("dist")))
    }

    @Test func theManifestSaysWhenItWasMadeAndWhenItExpires() throws {
        let space = try Workspace()
        _ = try space.run(["keys", "new", "dev"])
        let bundle = ["bundle", "--root", repositoryRoot.path, "--park", "YOSE", "--key", "keys/dev.key"]
        // SOURCE_DATE_EPOCH gives the time, so the same files give the same bytes.
        var manifests: [String] = []
        for out in ["a", "b"] {
            let made = try flowrun(bundle + ["--out", out], in: space.url, environment: ["SOURCE_DATE_EPOCH": "1767225600"])
            #expect(made.status == 0, "\(made.stderr)")
            #expect(made.stdout.hasSuffix(", expires 2026-01-31T00:00:00Z\n"), "\(made.stdout)")
            manifests.append(try String(contentsOfFile: space.path("\(out)/YOSE/manifest.json"), encoding: .utf8))
        }
        #expect(manifests[0] == manifests[1])
        #expect(manifests[0].contains("\n  \"screen_schema\": \"flowrun/screen@1\",\n"))
        #expect(manifests[0].contains("\n  \"created\": \"2026-01-01T00:00:00Z\",\n  \"expires\": \"2026-01-31T00:00:00Z\",\n"))
        // Else the clock; --expires-in sets the lifetime.
        let week = try space.run(bundle + ["--out", "c", "--expires-in", "7"])
        #expect(week.status == 0, "\(week.stderr)")
        let text = try String(contentsOfFile: space.path("c/YOSE/manifest.json"), encoding: .utf8)
        let times = try #require(text.firstMatch(of: /"created": "([^"]+)",\n  "expires": "([^"]+)"/))
        #expect(text.contains("\"created\": \"\(String(ISO8601DateFormatter().string(from: Date()).prefix(10)))"))
        let created = try #require(ISO8601DateFormatter().date(from: String(times.output.1)))
        let expires = try #require(ISO8601DateFormatter().date(from: String(times.output.2)))
        #expect(expires.timeIntervalSince(created) == 7 * 86_400)
        for bad in ["0", "367", "-1"] {
            let refused = try space.run(bundle + ["--out", "d", "--expires-in=\(bad)"])
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("--expires-in must be 1 to 366 days, got \(bad)"), "\(refused.stderr)")
        }
        let badClock = try flowrun(bundle + ["--out", "d"], in: space.url, environment: ["SOURCE_DATE_EPOCH": "yesterday"])
        #expect(badClock.status == 2)
        #expect(badClock.stderr == "flowrun: SOURCE_DATE_EPOCH: expected whole seconds since 1970 such as 1767225600, got 'yesterday'\n")
        #expect(!FileManager.default.fileExists(atPath: space.path("d")))
    }

    @Test func keysNewTakesTheIssuesSpelling() throws {
        let space = try Workspace()
        let made = try space.run(["keys", "new", "--out", "pinned"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("wrote pinned/signing.key (private: keep it secret) and pinned/signing.pub (key id "))
        let named = try space.run(["keys", "new", "ci"])
        #expect(named.status == 0 && named.stdout.hasPrefix("wrote keys/ci.key "))
    }

    @Test func aBundleIsItsFolderOrItsManifest() throws {
        let space = try Workspace()
        try space.bundle()
        let result = try space.run(["--bundle", "dist/GOGA/manifest.json", "--park", "GOGA", "home", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "goga-home.txt")
        let other = try space.run(["--bundle", "dist/GOGA/manifest.sig", "--park", "GOGA"])
        #expect(other.status == 2)
        #expect(other.stderr == "flowrun: dist/GOGA/manifest.sig: is a file, not a bundle: give the bundle's folder (dist/GOGA) or its manifest.json\n")
    }

    @Test func runFromABundlePrintsWhatTheFolderPrints() throws {
        let space = try Workspace()
        try space.bundle()
        for arguments in [
            ["--bundle", "dist/GOGA", "--park", "GOGA", "home", "--time", fixedTime],
            ["run", "--park", "GOGA", "--bundle", "dist/GOGA/", "--trust", "keys/dev.pub", "--time", fixedTime],
        ] {
            let result = try space.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            try expectGolden(result.stdout, "goga-home.txt")
        }
    }

    @Test func checkAndParksTakeABundle() throws {
        let space = try Workspace()
        try space.bundle()
        let check = try space.run(["check", "--bundle", "dist/GOGA", "--time", fixedTime])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("ok   GOGA: "))
        #expect(check.stdout.contains("lint: skipped: the bundle's files are in memory (lint the project it was made from)\n"))
        let parks = try space.run(["parks", "--bundle", "dist/GOGA"])
        #expect(parks.status == 0, "\(parks.stderr)")
        #expect(parks.stdout.split(separator: "\n").count == 2 && parks.stdout.contains("\nGOGA  Golden Gate"))
    }

    @Test func aTamperedBundleIsRefusedWithExit2() throws {
        let space = try Workspace()
        try space.bundle("YOSE")
        let manifest = try String(contentsOfFile: space.path("dist/YOSE/manifest.json"), encoding: .utf8)
        let sha = try #require(manifest.firstMatch(of: /"path": "flows\/home.lua", "sha256": "([0-9a-f]{64})"/)?.output.1)
        try Data("flow.register('home', function() return nil end)\n".utf8).write(to: URL(fileURLWithPath: space.path("dist/YOSE/objects/\(sha)")))
        let result = try space.run(["--bundle", "dist/YOSE", "--park", "YOSE", "home"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("flowrun: dist/YOSE/objects/\(sha): "))
    }

    @Test func aBundleSignedByAnotherKeyIsRefused() throws {
        let space = try Workspace()
        try space.bundle("YOSE")
        _ = try space.run(["keys", "new", "other"])
        let result = try space.run(["--bundle", "dist/YOSE", "--trust", "keys/other.pub", "--park", "YOSE", "home"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("flowrun: dist/YOSE/manifest.sig: signed by key "))
        #expect(result.stderr.contains("which is not trusted (trusted: keys/other.pub ("))
    }

    @Test func usageMistakes() throws {
        let space = try Workspace()
        try space.bundle("YOSE")
        let both = try space.run(["--root", repositoryRoot.path, "--bundle", "dist/YOSE", "--park", "YOSE"])
        #expect(both.status == 2 && both.stderr == "flowrun: --bundle: runs the bundle's own files: leave out --root\n")
        let trustAlone = try flowrun(["--trust", "k.pub", "--park", "YOSE"])
        #expect(trustAlone.status == 2 && trustAlone.stderr.hasPrefix("flowrun: --trust: names keys for --bundle"))
        let otherPark = try space.run(["--bundle", "dist/YOSE", "--park", "GOGA"])
        #expect(otherPark.status == 2 && otherPark.stderr == "flowrun: unknown park 'GOGA'; parks here: YOSE\n")
        let neither = try space.run(["bundle", "--key", "keys/dev.key"])
        #expect(neither.status == 2 && neither.stderr.contains("give either --park CODE or --all"))
        let noKey = try space.run(["bundle", "--root", repositoryRoot.path, "--park", "YOSE", "--key", "keys/none.key"])
        #expect(noKey.status == 2 && noKey.stderr == "flowrun: keys/none.key: file not found\n")
    }
}
