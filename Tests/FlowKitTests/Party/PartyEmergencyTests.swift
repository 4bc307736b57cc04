import GeoKit
import ScreenModel
import Testing
@testable import FlowKit

/// `party.emergency` and the emergency flow's party part: the runtime raises an emergency
/// only in an act run and never for a guest, whatever the flow shows, and tells everyone else.
@Suite struct PartyEmergencyTests {
    let probe: PartyProbe

    init() throws { probe = try PartyProbe() }

    static let raise = "local told = party.emergency(37.74, -119.565)\nreturn { title = table.concat(told, ' '), sections = {} }"

    @Test(arguments: [(nil, "ben cal dee"), ("ben", "ana cal dee"), ("cal", "ana ben dee")] as [(String?, String)])
    func anActRunAlertsEveryoneElse(member: String?, told: String) throws {
        let result = try probe.run(Self.raise, as: member, acting: true)
        #expect(result.title == told, "\(result.error?.description ?? "")")
    }

    @Test func withoutAPositionTheAlertStillGoesOut() throws {
        let result = try probe.run("return { title = table.concat(party.emergency(), ' '), sections = {} }", as: "ben", acting: true)
        #expect(result.title == "ana cal dee", "\(result.error?.description ?? "")")
    }

    @Test func aViewRunNeverRaisesOne() throws {
        let text = try probe.run(Self.raise, as: "ben").error?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:2: party.emergency alerts the party only in an act run: raise it from an act action (ui.act)"), "\(text)")
    }

    @Test func aGuestCannotEvenInAnActRun() throws {
        let text = try probe.run(Self.raise, as: "dee", acting: true).error?.description ?? "no error"
        #expect(
            text.contains("flows/probe.lua:2: member 'dee' (guest) may not raise a party emergency: guests may call the park but not alert the party"),
            "\(text)")
    }

    @Test func aBadPositionIsNamedAsAnArgument() throws {
        let text = try probe.run("party.emergency(97, -119.565)\nreturn { title = 'x', sections = {} }", acting: true).error?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:2: bad argument #1 to 'emergency' (latitude 97 out of range [-90, 90])"), "\(text)")
    }

    // MARK: - The emergency flow

    func emergency(as member: String?, acting: Bool = false, at: Coordinate? = nil) throws -> Screen {
        var request = FlowRequest(flow: "emergency", args: acting ? ["alert": "party"] : [:], at: at)
        request.party = try PartyRun(party: try PartyFile.read(PartyProbe.file, displayPath: "valley-family.json"), as: member)
        request.acting = acting
        return try FlowRuntime(root: repository, park: "YOSE", time: fixedTime).run(request)
    }

    func texts(_ screen: Screen) -> [String] {
        screen.sections.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    }

    @Test func aMemberMayAlertThePartyByAnActAndIsToldWhoHeardIt() throws {
        let shown = try emergency(as: "ben", at: Coordinate(latitude: 37.745, longitude: -119.56))
        #expect(shown.actions.contains { $0.action.kind == "act" && $0.action.label == "Alert your party" })
        #expect(texts(shown).contains("Tells Ana, Cal and Dee that you need help, and where you are."))
        let acted = try emergency(as: "ben", acting: true, at: Coordinate(latitude: 37.745, longitude: -119.56))
        #expect(texts(acted).contains("Ana, Cal and Dee were alerted with your position."))
        #expect(!acted.actions.contains { $0.action.kind == "act" })
    }

    @Test func aGuestIsOfferedNoAlertAndAForcedOneFails() throws {
        let shown = try emergency(as: "dee")
        #expect(!shown.actions.contains { $0.action.kind == "act" })
        #expect(texts(shown).contains("As a guest you cannot alert Valley family: call for help, or ask Ana."))
        #expect(shown.actions.contains { $0.action.kind == "call" && $0.action.label == "Call 911" })
        let forced = flowError { try self.emergency(as: "dee", acting: true) }?.description ?? "no error"
        #expect(forced.contains("flows/emergency.lua:"), "\(forced)")
        #expect(forced.contains("member 'dee' (guest) may not raise a party emergency"), "\(forced)")
    }
}
