import Foundation
import Testing

/// `flowbench party` from outside: a bad policy exits 2 naming --policy, and the stops party
/// in the repository is what the stop rule makes of the tracks.
@Suite struct PartyBenchTests {
    @Test func helpExitsZero() throws {
        let result = try flowbench(["party", "--help"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: flowbench party"))
    }

    @Test(arguments: [
        (["party", "--policy", "70/60"], "--policy: 70/60: on (70 s) is longer than the period (60 s)"),
        (["party", "--policy", "10/60,near=x"], "--policy: 'near=x': expected near=METRES:ON/PERIOD"),
    ])
    func aBadPolicyExitsTwo(arguments: [String], message: String) throws {
        let result = try flowbench(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func theStopsPartyIsWhatTheRuleMakes() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pct-stops-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try flowbench(["party", "--root", repositoryRoot.path, "--write-stops", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let made = try String(contentsOf: out, encoding: .utf8)
        let committed = try String(contentsOf: repositoryRoot.appendingPathComponent("Tests/GeoKitTests/Fixtures/tracks/pct-stops.json"), encoding: .utf8)
        #expect(made == committed)
    }
}
