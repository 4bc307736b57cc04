import Foundation
import Testing
import ScreenModel

/// Names and values from a hostile script: messages stay short and the work stays linear
/// in the size of the screen, whatever the length of the names.
@Suite struct HostileNameTests {
    private let known: Set<String> = ["home", "map", "sites"]

    private func screen(_ sections: [Component]) -> Screen {
        Screen(park: "GOGA", flow: "home", title: "Golden Gate", sections: sections)
    }

    @Test func longUnknownFlowNamesGetNoSuggestionAndAreCut() {
        // 200 actions to flows named with 60 KB strings: each differs from the last by its end.
        let sections: [Component] = (0..<200).map { i in
            .button(.init("B\(i)", action: .go(String(repeating: "s", count: 61_437) + String(format: "%03d", i))))
        }
        let issues = ScreenValidator(knownFlows: known).validate(screen(sections))
        #expect(issues.count == 200)
        let cut = "'" + String(repeating: "s", count: 60) + "…' (61,440 characters)"
        #expect(issues.first?.description == "sections[1].action.flow: unknown flow \(cut); known flows: home, map, sites")
        #expect(issues.allSatisfy { $0.message.utf8.count < 200 })
    }

    @Test func aLongNameNearALongKnownNameGetsNoSuggestion() {
        let long = String(repeating: "a", count: 60_000)
        let issues = ScreenValidator(knownFlows: [long, "home"]).validate(screen([.button(.init("B", action: .go(long + "b")))]))
        #expect(
            issues.map(\.message) == [
                "unknown flow '\(String(repeating: "a", count: 60))…' (60,001 characters); known flows: \(String(repeating: "a", count: 60))… (60,000 characters), home"
            ])
    }

    @Test func namesUpToSixtyFourScalarsAreSuggested() {
        let name = String(repeating: "x", count: 63) + "y"
        let flows: Set<String> = [String(repeating: "x", count: 64), String(repeating: "x", count: 65)]
        let near = ScreenValidator(knownFlows: flows).validate(screen([.button(.init("B", action: .go(name)))]))
        #expect(near.first?.message.hasSuffix("did you mean '\(String(repeating: "x", count: 64))'?") == true)
        let tooLong = ScreenValidator(knownFlows: flows).validate(screen([.button(.init("B", action: .go(name + "y")))]))
        #expect(tooLong.first?.message.contains("did you mean") == false)
    }

    @Test func distanceCountsUnicodeScalars() {
        let issues = ScreenValidator(knownFlows: ["café", "map"]).validate(screen([.button(.init("B", action: .go("cafe")))]))
        #expect(issues.map(\.message) == ["unknown flow 'cafe'; did you mean 'café'?"])
        let tie = ScreenValidator(knownFlows: ["maps", "mapx", "home"]).validate(screen([.button(.init("B", action: .go("mapz")))]))
        #expect(tie.map(\.message) == ["unknown flow 'mapz'; did you mean 'maps'?"])
    }

    @Test func theKnownFlowsListIsCut() {
        let flows = Set((1...30).map { "flow\(String(format: "%02d", $0))" })
        let issues = ScreenValidator(knownFlows: flows).validate(screen([.button(.init("B", action: .go("zzzzzzzz")))]))
        let listed = (1...20).map { "flow\(String(format: "%02d", $0))" }.joined(separator: ", ")
        #expect(issues.map(\.message) == ["unknown flow 'zzzzzzzz'; known flows: \(listed) and 10 more"])
    }

    @Test func aHundredThousandBadActionsAreCountedNotListed() {
        let sections: [Component] = (0..<100_000).map { i in .button(.init("B", action: .url("ftp://\(i)"))) }
        let report = ScreenValidator().validate(screen(sections), listing: ScreenValidator.listedIssues)
        #expect(report.listed.count == 20)
        #expect(report.more == 99_980)
        #expect(
            report.listed.last?.description == "sections[20].action.url: 'ftp://19' is not an absolute http(s) URL (it must start with http:// or https://)")
    }

    @Test func longValuesInOtherMessagesAreCut() {
        let url = "ftp://" + String(repeating: "u", count: 70_000)
        let id = String(repeating: "i", count: 70_000)
        let issues = ScreenValidator().validate(
            screen([
                .button(.init("A", action: .url(url, id: id))),
                .button(.init("B", action: .call(String(repeating: "5", count: 90_000), id: id))),
            ]))
        #expect(
            issues.map(\.message) == [
                "'ftp://\(String(repeating: "u", count: 54))…' (70,006 characters) is not an absolute http(s) URL (it must start with http:// or https://)",
                "action id '\(String(repeating: "i", count: 60))…' (70,000 characters) is already used by sections[1].action",
                "'\(String(repeating: "5", count: 60))…' (90,000 characters) has 90000 digits; a phone number needs 7–15 (or is an emergency number of 3 digits alone, such as 911)",
            ])
    }

    @Test func manyLongUnknownKeysAreListedShort() throws {
        var keys = (0..<50).map { "\"k\(String(format: "%02d", $0))\": 1" }
        keys.append("\"\(String(repeating: "z", count: 70_000))\": 1")
        let json =
            "{\"schema\": \"flowrun/screen@1\", \"park\": \"GOGA\", \"flow\": \"home\", \"title\": \"T\", \"sections\": [], \(keys.joined(separator: ", "))}"
        do {
            _ = try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
            Issue.record("decoded a screen with unknown keys")
        } catch DecodingError.dataCorrupted(let context) {
            let listed = (0..<20).map { "'k\(String(format: "%02d", $0))'" }.joined(separator: ", ")
            #expect(context.debugDescription.hasPrefix("unknown keys \(listed) and 31 more in screen; expected one of: "))
            #expect(context.debugDescription.utf8.count < 400)
            #expect(context.codingPath.last?.stringValue == "k00")
        }
    }
}
