import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// `--duty-cycle` as a run's input: read into the party's run, refused without a party or when
/// it does not read (naming the option); and the docs' table of defaults is the policy's.
@Suite struct PartyDutyCycleTests {
    static let party = repositoryRoot.appendingPathComponent("Tests/GeoKitTests/Fixtures/tracks/tuolumne-party.json").path

    func request(party: String?, dutyCycle: String) -> Result<FlowRequest, FlowError> {
        var text = RunInputText(flow: "party")
        (text.values["party"], text.values["duty-cycle"]) = (party, dutyCycle)
        return Result { () throws(FlowError) in try text.inputs().request() }
    }

    @Test func thePolicyRidesWithTheParty() throws {
        let request = try request(party: Self.party, dutyCycle: "10/60,near=100:10/20").get()
        #expect(request.party?.dutyCycle == (try DutyCyclePolicy(parsing: "10/60,near=100:10/20")))
        var plain = RunInputs(flow: "party")
        plain.party = Self.party
        #expect(try plain.request().party?.dutyCycle == nil)
    }

    @Test(
        arguments: [
            (party, "70/60", "--duty-cycle: 70/60: on (70 s) is longer than the period (60 s)"),
            (party, "10/60,near=50", "--duty-cycle: 'near=50': expected near=METRES:ON/PERIOD such as near=200:10/20, near=200:always or near=off"),
            (nil, "default", "--duty-cycle: samples a party's tracks as phones would: give the party with --party FILE"),
        ] as [(String?, String, String)])
    func badInputNamesTheOption(party: String?, text: String, message: String) {
        guard case .failure(let error) = request(party: party, dutyCycle: text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        guard case .badArgument(let name, _) = error else {
            Issue.record("not a bad argument: \(error)")
            return
        }
        #expect(name == "--duty-cycle")
        #expect(error.description == message)
    }

    /// docs/authoring/parties.md, "A party's GPS duty cycle": the table of defaults says what ``DutyCyclePolicy/standard`` is.
    @Test func theReadmeTableIsTheDefault() throws {
        let rows = try SettingsDefaultsTests.docsTable("| default | value |", in: "docs/authoring/parties.md")
        let written = try #require(rows["rhythm"]) + ",near=" + (rows["near"] ?? "?") + ",hold=" + (rows["hold"] ?? "?") + ",fix=" + (rows["fix"] ?? "?")
        #expect(written == DutyCyclePolicy.standard.description)
    }
}
