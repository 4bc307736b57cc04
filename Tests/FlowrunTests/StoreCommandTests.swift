@testable import FlowStore
import Foundation
import Testing

/// The visitor's store from the command line: `--follow` of an act action and `--act`
/// really write the profile, `flowrun profile`, bad profiles (exit 2, files left as they
/// were), a busy database, and two processes writing at once.
@Suite struct StoreCommandTests {
    /// A project with a `favtest` flow: favorites listed with a remove act each, and an add act.
    final class Workspace {
        let project: ProjectCopy
        var profile: String { project.url.appendingPathComponent("profile").path }
        var database: String { profile + "/store.sqlite" }

        init() throws {
            project = try ProjectCopy()
            try project.write(
                "flows/favtest.lua",
                """
                local ui = require("lib.ui")
                flow.register("favtest", function(ctx)
                  if ctx.acting and ctx.args.add then store.add_favorite(ctx.args.add) end
                  if ctx.acting and ctx.args.remove then store.remove_favorite(ctx.args.remove) end
                  if ctx.acting and ctx.args.fail then error("failed after writing") end
                  local items = {}
                  for _, f in ipairs(store.favorites()) do
                    items[#items + 1] = { title = f.site, subtitle = f.added, action = ui.act("favtest", { remove = f.site }, "Remove") }
                  end
                  return ui.screen("Favorites", {
                    ui.list(nil, items, "No favorites yet"),
                    ui.button("Add Alcatraz", ui.act("favtest", { add = "nps-poi:goga:0005" }, "Add")),
                    ui.button("Home", ui.go("home")),
                  })
                end)
                """)
        }

        func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIResult {
            try flowrun(["--park", "GOGA"] + arguments + ["--profile", profile, "--time", fixedTime], in: project.url, environment: environment)
        }
    }

    @Test func followingAnActWritesAndTheNextRunShowsIt() throws {
        let w = try Workspace()
        let first = try w.run(["favtest"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("No favorites yet") && first.stdout.contains("[1] Add Alcatraz → act favtest add=nps-poi:goga:0005"))
        #expect(!FileManager.default.fileExists(atPath: w.database), "a view run that only reads an empty store makes no file")
        let followed = try w.run(["favtest", "--follow", "1"])
        #expect(followed.status == 0, "\(followed.stderr)")
        #expect(followed.stdout.contains("nps-poi:goga:0005") && followed.stdout.contains("2026-07-04T16:30:00Z"))
        #expect(followed.stdout.contains("[1] Remove → act favtest remove=nps-poi:goga:0005"))
        let again = try w.run(["favtest"])
        #expect(again.stdout == followed.stdout)
        // Following the remove act, then a go, in one command.
        let removed = try w.run(["favtest", "--follow", "1", "--follow", "2"])
        #expect(removed.status == 0 && removed.stdout.contains("Golden Gate"))
        #expect(try w.run(["favtest"]).stdout.contains("No favorites yet"))
    }

    @Test func actRunsTheFlowAsAnActAction() throws {
        let w = try Workspace()
        #expect(try w.run(["favtest", "--act", "--arg", "add=nps-poi:goga:0006"]).status == 0)
        let failed = try w.run(["favtest", "--act", "--arg", "add=nps-poi:goga:0005", "--arg", "fail=1"])
        #expect(failed.status == 1 && failed.stderr.hasPrefix("flowrun: flows/favtest.lua:5: failed after writing"))
        let export = try flowrun(["profile", "export", "--profile", w.profile])
        #expect(export.status == 0)
        #expect(export.stdout.contains("\"site\" : \"nps-poi:goga:0006\"") && !export.stdout.contains("nps-poi:goga:0005"))
        let view = try w.run(["favtest", "--arg", "add=nps-poi:goga:0005"])
        #expect(view.status == 0 && !view.stdout.contains("• nps-poi:goga:0005"), "a view run ignores what only an act does")
    }

    @Test func profileShowsExportsAndResets() throws {
        let w = try Workspace()
        let shown = try flowrun(["profile"], environment: ["XDG_DATA_HOME": "/data/home"])
        #expect(shown.stdout == "/data/home/flowrun/profile\n")
        #expect(try flowrun(["profile"], environment: ["XDG_DATA_HOME": "", "HOME": "/home/visitor"]).stdout == "/home/visitor/.local/share/flowrun/profile\n")
        #expect(try flowrun(["profile", "--profile", w.profile]).stdout == w.profile + "\n")
        _ = try w.run(["favtest", "--follow", "1"])
        let unconfirmed = try flowrun(["profile", "reset", "--profile", w.profile])
        #expect(unconfirmed.status == 2)
        #expect(
            unconfirmed.stderr
                == "flowrun: profile reset: removes everything in \(w.database); standard input is not a terminal to ask, so confirm with --yes\n")
        #expect(try flowrun(["profile", "export", "--profile", w.profile]).stdout.contains("\"site\" : \""))
        let reset = try flowrun(["profile", "reset", "--yes", "--profile", w.profile])
        #expect(reset.status == 0)
        #expect(
            reset.stdout
                == "emptied \(w.database): 1 favorite, 0 visited sites, 0 pins, 0 photos of pins, 0 settings, 0 party alerts, 0 party zone changes, 0 party member changes, 0 party watches removed\n"
        )
        #expect(!(try flowrun(["profile", "export", "--profile", w.profile]).stdout.contains("\"site\" : \"")))
        let again = try flowrun(["profile", "reset", "--yes", "--profile", w.profile])
        #expect(
            again.stdout
                == "emptied \(w.database): 0 favorites, 0 visited sites, 0 pins, 0 photos of pins, 0 settings, 0 party alerts, 0 party zone changes, 0 party member changes, 0 party watches removed\n"
        )
        try FileManager.default.removeItem(atPath: w.profile)
        #expect(try flowrun(["profile", "reset", "--yes", "--profile", w.profile]).stdout == "nothing to reset: \(w.database) does not exist\n")
    }

    /// A visitor moving to a new phone: the old profile's export merged into a new profile,
    /// which then shows the same favorites; a second merge keeps them; a file that is not an
    /// export exits 2 and merges nothing.
    @Test func anExportImportedIntoANewProfileMovesTheVisitor() throws {
        let w = try Workspace()
        #expect(try w.run(["favtest", "--act", "--arg", "add=nps-poi:goga:0006"]).status == 0)
        let export = try flowrun(["profile", "export", "--profile", w.profile])
        let file = w.project.url.appendingPathComponent("moving.json")
        try Data(export.stdout.utf8).write(to: file)
        let newProfile = w.project.url.appendingPathComponent("new-phone").path
        let imported = try flowrun(["profile", "import", file.path, "--profile", newProfile])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "merged \(file.path) into \(newProfile)/store.sqlite: favorites: 1 added\n")
        #expect(try flowrun(["profile", "export", "--profile", newProfile]).stdout == export.stdout)
        let screen = try flowrun(["--park", "GOGA", "favtest", "--profile", newProfile, "--time", fixedTime], in: w.project.url)
        #expect(screen.stdout.contains("nps-poi:goga:0006"), "\(screen.stdout)")
        #expect(try flowrun(["profile", "import", file.path, "--profile", newProfile]).stdout.hasSuffix(": favorites: 1 kept\n"))

        try Data("{\"schema\": \"flowrun/profile@1\", \"favorites\": [{\"park\": \"GOGA\"}]}".utf8).write(to: file)
        let refused = try flowrun(["profile", "import", file.path, "--profile", newProfile])
        #expect(refused.status == 2)
        #expect(refused.stderr == "flowrun: \(file.path): favorites[1]: missing 'site'\n", "\(refused.stderr)")
        #expect(try flowrun(["profile", "export", "--profile", newProfile]).stdout == export.stdout)
    }

    @Test func exportingAnotherProgramsDatabaseExits2NamingIt() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w.profile, withIntermediateDirectories: true)
        try SQLiteDatabase(path: w.database, busyTimeout: 5).execute(
            "CREATE TABLE messages (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO messages VALUES (1, 'hi')")
        let before = try Data(contentsOf: URL(fileURLWithPath: w.database))
        let export = try flowrun(["profile", "export", "--profile", w.profile])
        #expect(export.status == 2)
        #expect(export.stdout.isEmpty)
        #expect(export.stderr.contains("\(w.database) is an SQLite database of another program (tables messages, no flowrun schema)"), "\(export.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: w.database)) == before)
    }

    @Test func aCorruptDatabaseExits2AndIsLeftAsItWas() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w.profile, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: w.database))
        for arguments in [["favtest"], ["favtest", "--follow", "1"]] {
            let result = try w.run(arguments)
            #expect(result.status == 2)
            #expect(
                result.stderr.hasPrefix(
                    "flowrun: \(w.database) is not a readable flowrun store, or is damaged (SQLite: file is not a database); it was left as it is"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: w.database)) == garbage)
        #expect(try flowrun(["profile", "export", "--profile", w.profile]).status == 2)
        // A run that does not call the store does not mind.
        #expect(try w.run(["home"]).status == 0)
    }

    @Test(
        .enabled(
            if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"),
            "needs root, to run flowrun as 'nobody' (root may write anywhere)"))
    func aProfileFolderThatIsNotWritableExits2() throws {
        let w = try Workspace()
        try FileManager.default.createDirectory(atPath: w.profile, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        // A copy of flowrun that 'nobody' may run: the build folder's parents need not be
        // open to other users (a clean clone under a 0700 folder is not).
        let binary = w.project.url.appendingPathComponent("flowrun-copy")
        try FileManager.default.copyItem(at: flowrunBinary, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let result = try runBytes(
            "/usr/sbin/runuser",
            [
                "-u", "nobody", "--", binary.path, "--park", "GOGA", "favtest", "--follow", "1",
                "--profile", w.profile,
            ], in: w.project.url)
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: the profile folder \(w.profile) is not writable; choose another with --profile\n")
    }

    @Test func aWriterHeldPastTheTimeoutIsABusyMessage() throws {
        let w = try Workspace()
        #expect(try w.run(["favtest", "--follow", "1"]).status == 0)
        let holder = try SQLiteDatabase(path: w.database, busyTimeout: 5)
        try holder.execute("BEGIN IMMEDIATE")
        let started = Date()
        let blocked = try w.run(["favtest", "--act", "--arg", "remove=nps-poi:goga:0005"])
        try holder.execute("ROLLBACK")
        #expect(Date().timeIntervalSince(started) >= 4.5)
        #expect(blocked.status == 1)
        #expect(blocked.stderr.hasPrefix("flowrun: \(w.database) is busy: another process has held it for more than 5 s; try again when it is done"))
        #expect(try w.run(["favtest"]).stdout.contains("• nps-poi:goga:0005"), "the blocked run wrote nothing")
    }

    @Test func twoProcessesWritingAtOnceLoseNothing() throws {
        let w = try Workspace()
        // GOGA's first 24 sites (its curation leaves out some numbers).
        let sites = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 20, 21, 22, 24, 25, 26, 27].map { String(format: "nps-poi:goga:%04d", $0) }
        // Two loops side by side, each a flowrun process per favorite.
        let halves = [Array(sites.prefix(12)), Array(sites.suffix(12))]
        let script = "for s in \"$@\"; do \"$FLOWRUN\" --park GOGA favtest --act --arg add=$s --profile \"$PROFILE\" >/dev/null || echo \"failed $s\"; done"
        let loops = try halves.map { half in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "loop"] + half
            process.currentDirectoryURL = w.project.url
            process.environment = ProcessInfo.processInfo.environment.merging(["FLOWRUN": flowrunBinary.path, "PROFILE": w.profile]) { $1 }
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            return (process, out)
        }
        for (process, out) in loops {
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(printed == "" && process.terminationStatus == 0, "\(printed)")
        }
        let db = try SQLiteDatabase(path: w.database, busyTimeout: 5)
        let integrity = try db.statement("PRAGMA integrity_check").first { $0.text(0) }
        let stored = try db.statement("SELECT site FROM favorites ORDER BY site").all { $0.text(0) }
        #expect(integrity == "ok")
        #expect(stored == sites)
    }
}
