import Foundation
import Testing

/// `flowrun --park YOSE party --party FILE --duty-cycle POLICY`: the timeline of the
/// duty-cycled phones, marked against the full tracks, with what they used; what a member's
/// role hides stays hidden; bad policies exit 2 naming the option.
@Suite struct PartyDutyCycleCommandTests {
    static let party = "Tests/GeoKitTests/Fixtures/tracks/tuolumne-party.json"

    func run(_ extra: [String]) throws -> CLIResult {
        try flowrun(["--park", "YOSE", "party", "--party", Self.party] + extra)
    }

    @Test func theDefaultPolicyIsComparedWithTheFullTracks() throws {
        let result = try run(["--duty-cycle", "default"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        let text = result.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(text.contains("Duty cycle: 10/75,near=50:10/30,hold=30,fix=5 (GPS on 10 s of every 75 s"))
        #expect(text.contains("GPS on: Ana "))
        #expect(text.contains("Fixes used: Ana "))
        #expect(text.contains("Against the full tracks: "))
        #expect(text.contains("Ana left the safe zones"))
        #expect(result.stdout.contains("against the full track"))
    }

    /// Always on is the full track: every event on time, nothing missed or extra.
    @Test func alwaysOnChangesNothing() throws {
        let result = try run(["--duty-cycle", "always", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0 of 35 missed; 0 late, 0 early, 35 on time; delay median 0 s, worst 0 s; 0 extra (raised only under the duty cycle)"))
        #expect(!result.stdout.contains("Missed: "))
        #expect(result.stdout.contains("Ana 100.0 %, Ben 100.0 %"))
        #expect(result.stdout.contains("Ana 5,025 of 5,025"))
    }

    /// A sparse policy misses alerts; they show as entries of their own, at the full track's time.
    @Test func missedAlertsAreEntriesOfTheirOwn() throws {
        let result = try run(["--duty-cycle", "10/600", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Missed: "))
        #expect(result.stdout.contains("on the full track only: the duty-cycled phone did not raise it"))
    }

    /// A guest is told of no one's alerts: not of those the duty cycle missed either.
    @Test func aGuestSeesNoMissedAlertsOfOthers() throws {
        let guardian = try run(["--duty-cycle", "10/600"])
        let guest = try run(["--duty-cycle", "10/600", "--as", "dee"])
        #expect(guest.status == 0, "\(guest.stderr)")
        #expect(guardian.stdout.contains("Missed: Ben"))
        #expect(!guest.stdout.contains("Missed: Ben"))
        #expect(!guest.stdout.contains("Ben left the safe zones"))
    }

    @Test func theSVGDrawsTheDutyCycledTimeline() throws {
        let result = try run(["--duty-cycle", "default", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<svg") || result.stdout.hasPrefix("<?xml"))
    }

    @Test(arguments: [
        ("fast", "'fast' is not a duty cycle: expected ON/PERIOD in seconds (10/60), 'always' or 'default', then options: "),
        ("70/60", "70/60: on (70 s) is longer than the period (60 s)"),
        ("=-10/60", "-10/60: on must be a positive number of seconds, got -10"),
        ("0/60", "0/60: on must be a positive number of seconds, got 0"),
        ("10/0", "10/0: the period must be a positive number of seconds, got 0"),
        ("10/60,near=200", "'near=200': expected near=METRES:ON/PERIOD such as near=200:10/20, near=200:always or near=off"),
        ("10/60,turbo", "'turbo': unknown option"),
        ("", "'' is not a duty cycle: expected ON/PERIOD"),
        ("=10/-60", "10/-60: the period must be a positive number of seconds, got -60"),
        ("10/60,near=-5:10/20", "near=-5: the distance must be more than 0 and at most 100000 metres"),
        ("10/60,near=100:0/20", "near=100:0/20: on must be a positive number of seconds, got 0"),
        ("10/60,fix=12", "10/60: on (10 s) must be longer than the first-fix delay (fix=12), or no window gets a fix"),
        ("10/60,hold=0", "hold=0: the hold must be more than 0 and at most 600 seconds"),
    ])
    func aBadPolicyExitsTwoNamingTheOption(policy: String, message: String) throws {
        // A value starting with '-' is written --duty-cycle=-10/60 (ArgumentParser takes it for an option).
        let result = try run(policy.hasPrefix("=") ? ["--duty-cycle" + policy] : ["--duty-cycle", policy])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("flowrun: --duty-cycle: \(message)"), "\(result.stderr)")
    }

    /// The same through ArgumentParser (`flowrun run ...`) as through the fast path.
    @Test func theRunSubcommandSaysTheSame() throws {
        let result = try flowrun(["run", "--park", "YOSE", "party", "--party", Self.party, "--duty-cycle", "70/60"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: --duty-cycle: 70/60: on (70 s) is longer than the period (60 s)\n")
    }

    @Test func aDutyCycleNeedsAParty() throws {
        let result = try flowrun(["--park", "YOSE", "party", "--duty-cycle", "10/60"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: --duty-cycle: samples a party's tracks as phones would: give the party with --party FILE\n")
    }

    @Test func theHelpShowsTheSyntax() throws {
        let result = try flowrun(["run", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--duty-cycle <policy>"))
        #expect(result.stdout.replacingOccurrences(of: "\n", with: " ").contains("near=METRES:ON/PERIOD"))
    }
}
