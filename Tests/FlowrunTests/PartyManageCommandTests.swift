import Foundation
import Testing

/// A party managed from the party screen, one profile shared by its members' runs: zones and
/// members a guardian changes are kept and seen by the others, changes beyond a role are a Lua
/// error at the flow's line with nothing kept, and "watch over me" alerts the guardians when
/// its time passes without a check-in. And every park's home has the emergency shortcut.
@Suite struct PartyManageCommandTests {
    /// A profile of its own, removed when done.
    final class Family {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("party-\(UUID().uuidString)")
        var profile: String { folder.path }
        deinit { try? FileManager.default.removeItem(at: folder) }

        /// A party run as `member` at `clock` (PDT on the family's day).
        func run(as member: String, at clock: String = "09:20", _ arguments: [String] = []) throws -> CLIResult {
            try flowrun(
                [
                    "--park", "YOSE", "party", "--party", PartyCommandTests.family, "--as", member, "--profile", profile, "--time",
                    "2026-07-04T\(clock):00-07:00",
                ]
                    + arguments)
        }
    }

    @Test func aZoneAGuardianAddsIsSeenByAChild() throws {
        let family = Family()
        let added = try family.run(as: "ana", ["--follow", "4", "--field", "name=Picnic spot", "--field", "radius=200"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("! Picnic spot is a safe zone around where you are."))
        let seen = try family.run(as: "ben")
        #expect(seen.status == 0, "\(seen.stderr)")
        #expect(seen.stdout.contains("• Picnic spot\n  200 m around 37.74000° N, 119.56500° W"), "\(seen.stdout)")
        #expect(!seen.stdout.contains("Add a safe zone"), "a child is offered no zone form")
        // Moved and removed by the guardian: the child sees that too.
        let removed = try family.run(as: "ana", ["--act", "--arg", "zone=remove", "--arg", "id=picnic-spot"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try !family.run(as: "ben").stdout.contains("Picnic spot"))
    }

    @Test(arguments: [
        (["--arg", "zone=add", "--arg", "name=Mine", "--arg", "radius=50"], "set_zone", "may not change safe zones: only guardians may"),
        (["--arg", "member=add", "--arg", "id=zed", "--arg", "name=Zed"], "add_member", "may not add or remove members: only guardians may"),
        (["--arg", "member=remove", "--arg", "id=cal"], "remove_member", "may not add or remove members: only guardians may"),
    ])
    func aChildsChangeIsALuaErrorAtItsLineAndNothingIsKept(act: [String], function: String, message: String) throws {
        let family = Family()
        let refused = try family.run(as: "ben", ["--act"] + act)
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        let first = refused.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("flowrun: flows/lib/party_manage.lua:"), "\(refused.stderr)")
        #expect(first.hasSuffix("member 'ben' (child) \(message)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("in field '\(function)'"))
        let export = try flowrun(["profile", "export", "--profile", family.profile])
        #expect(export.stdout.contains("\"party_zones\" : [\n\n  ]"), "\(export.stdout)")
        #expect(export.stdout.contains("\"party_members\" : [\n\n  ]"))
    }

    @Test func aGuardianAddsAndRemovesAMember() throws {
        let family = Family()
        let added = try family.run(as: "ana", ["--follow", "8", "--field", "id=eve", "--field", "name=Eve", "--field", "role=child"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("! Eve joined the party."))
        let seen = try family.run(as: "cal")
        #expect(seen.stdout.contains("• Eve (child)\n  no position yet"), "\(seen.stdout)")
        #expect(try family.run(as: "eve").status == 2, "a member added later is no --as of the file")
        let removed = try family.run(as: "ana", ["--act", "--arg", "member=remove", "--arg", "id=eve"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try !family.run(as: "cal").stdout.contains("Eve"))
    }

    @Test func aWatchThatRunsOutAlertsTheGuardians() throws {
        let family = Family()
        let started = try family.run(as: "ben", ["--act", "--arg", "watch=start", "--arg", "until=09:30"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(started.stdout.contains("! Your party watches over you until 09:30: check in before then."))
        #expect(started.stdout.contains("Check in → act party watch=check_in"))
        let late = "LATE   Ben did not check in\n                          watched over until 09:30; told: Ana, Ben"
        #expect(!(try family.run(as: "ana", at: "09:29").stdout.contains(late)), "not before its time")
        let guardian = try family.run(as: "ana", at: "09:40")
        #expect(guardian.stdout.contains(late), "\(guardian.stdout)")
        #expect(!(try family.run(as: "cal", at: "09:40").stdout.contains("Ben did not check in")), "a member is not told of another's")
    }

    @Test func aLiveSessionRaisesTheRunOutWatchOnceAndKeepsIt() throws {
        let family = Family()
        #expect(try family.run(as: "ben", ["--act", "--arg", "watch=start", "--arg", "until=09:30"]).status == 0)
        let live = try flowrun(
            ["live", "--park", "YOSE", "--flow", "party", "--party", PartyCommandTests.family, "--as", "ana", "--speed", "0", "--profile", family.profile])
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stdout.components(separatedBy: "2026-07-04T09:30:00-07:00  overdue  Ben  told: ana, ben\n").count == 2, "once")
        #expect(live.stdout.contains("• Ben did not check in"), "kept, and listed by the party screen")
    }

    @Test func aCheckInCancelsTheWatch() throws {
        let family = Family()
        #expect(try family.run(as: "ben", ["--act", "--arg", "watch=start", "--arg", "until=09:30"]).status == 0)
        let checked = try family.run(as: "ben", at: "09:25", ["--follow", "1"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.contains("! Checked in: nobody will be alerted."), "\(checked.stdout)")
        let guardian = try family.run(as: "ana", at: "09:40")
        #expect(!guardian.stdout.contains("did not check in"))
        #expect(guardian.stdout.contains("• Ben until 09:30\n  checked in"))
    }

    @Test(arguments: [
        ("09:10", "party.watch: until '09:10' is in the past: it is 09:20 in the park now; give a later time"),
        ("soon", "party.watch: until 'soon' is not a time: write HH:MM on the park's clock (18:00) or an ISO 8601 time with its offset"),
        ("2026-07-20T18:00:00-07:00", "party.watch: until '2026-07-20T18:00:00-07:00' is more than a week ahead"),
    ])
    func aWatchsTimeInThePastOrUnreadableIsRefusedByName(until: String, message: String) throws {
        let family = Family()
        let refused = try family.run(as: "ben", ["--act", "--arg", "watch=start", "--arg", "until=\(until)"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("flows/lib/party_manage.lua:"))
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(!(try family.run(as: "ana", at: "10:00").stdout.contains("Watches")), "nothing kept")
    }

    @Test func homeLinksThePartyWhereARunHasOne() throws {
        let with = try flowrun(["--park", "YOSE", "home", "--party", PartyCommandTests.family, "--time", fixedTime])
        #expect(with.stdout.contains("• Your party\n  Where everyone is, safe zones, watch over me"), "\(with.stdout)")
        let without = try flowrun(["--park", "YOSE", "home", "--time", fixedTime])
        #expect(!without.stdout.contains("Your party"))
    }

    @Test func everyParksHomeHasTheEmergencyShortcut() throws {
        let parks = try flowrun(["parks"])
        let codes = parks.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(codes.count >= 60)
        for code in codes {
            let home = try flowrun(["--park", code, "home", "--time", fixedTime])
            #expect(home.stdout.contains("• Emergency\n"), "\(code)")
            #expect(home.stdout.contains("→ go emergency"), "\(code)")
        }
    }
}
