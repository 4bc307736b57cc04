import Foundation
import Testing
import ScreenModel

@Suite struct ScreenCodingTests {
    @Test func completeScreenRoundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(Samples.complete)
        #expect(try JSONDecoder().decode(Screen.self, from: data) == Samples.complete)
    }

    @Test func encodesExactlyTheDocumentedShape() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try JSONSerialization.jsonObject(with: Data(Samples.smallJSON.utf8)) as? NSDictionary
        let actual = try JSONSerialization.jsonObject(with: encoder.encode(Samples.small)) as? NSDictionary
        #expect(actual == expected)
        #expect(try JSONDecoder().decode(Screen.self, from: Data(Samples.smallJSON.utf8)) == Samples.small)
    }

    @Test func omitsNilOptionalsAndDefaults() throws {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "T",
            sections: [
                .text(.init("body text")),
                .image(.init(url: "a.jpg", alt: "")),
                .card(.init(title: "C")),
                .button(.init("B", action: .go("sites"))),
            ])
        let json = String(decoding: try JSONEncoder().encode(screen), as: UTF8.self)
        for absent in ["subtitle", "style", "priority", "placeholder", "badges", "args", "\"id\"", "label\":null", "null"] {
            #expect(!json.contains(absent), "\(absent) should be omitted: \(json)")
        }
    }

    @Test func schemaIDAndKnownNames() {
        #expect(Screen.schemaID == "flowrun/screen@1")
        #expect(Component.knownTypes == ["text", "image", "card", "list", "carousel", "button", "form", "onboarding", "map", "timeline", "ar"])
        #expect(Component.Map.Annotation.knownTypes == ["cluster", "pin"])
        #expect(Action.knownKinds == ["go", "url", "call", "directions", "act"])
        #expect(Samples.complete.sections.map(\.type) == Component.knownTypes)
        #expect(Samples.complete.sections.map(\.id) == ["closure", "hero", "alcatraz", "sites", "themes", "call", "drop", "intro", "map", "replay", "ar"])
    }

    // MARK: - Errors

    @Test func unknownComponentTypeListsTheKnownOnes() {
        let message = decodingMessage(section: #"{"type": "txt", "text": "hi"}"#)
        #expect(message == "unknown component type 'txt'; expected one of: text, image, card, list, carousel, button, form, onboarding, map, timeline, ar")
    }

    @Test func unknownActionKindListsTheKnownOnes() {
        let message = decodingMessage(section: #"{"type": "button", "label": "B", "action": {"kind": "mail", "to": "x"}}"#)
        #expect(message == "unknown action kind 'mail'; expected one of: go, url, call, directions, act")
    }

    @Test func aGoToAnotherParkRoundTrips() throws {
        let json = #"{"kind": "go", "flow": "home", "park": "YELL", "label": "Yellowstone"}"#
        let action = try JSONDecoder().decode(Action.self, from: Data(json.utf8))
        #expect(action == .go("home", park: "YELL", label: "Yellowstone"))
        #expect(try JSONDecoder().decode(Action.self, from: JSONEncoder().encode(action)) == action)
        #expect(!String(decoding: try JSONEncoder().encode(Action.go("home")), as: UTF8.self).contains("park"))
    }

    @Test func directionsRoundTripAndRefuseOtherKeys() throws {
        let json = #"{"kind": "directions", "lat": 37.81058, "lon": -122.477, "name": "Fort Point", "address": "Marine Dr, San Francisco, CA", "label": "Go"}"#
        let action = try JSONDecoder().decode(Action.self, from: Data(json.utf8))
        #expect(action == .directions(.init(latitude: 37.81058, longitude: -122.477, name: "Fort Point", address: "Marine Dr, San Francisco, CA"), label: "Go"))
        #expect(try JSONDecoder().decode(Action.self, from: JSONEncoder().encode(action)) == action)
        let noAddress = try JSONDecoder().decode(Action.self, from: Data(#"{"kind": "directions", "lat": 0, "lon": 0, "name": "N"}"#.utf8))
        #expect(!String(decoding: try JSONEncoder().encode(noAddress), as: UTF8.self).contains("address"))
        let message = decodingMessage(
            section: #"{"type": "button", "label": "B", "action": {"kind": "directions", "lat": 1, "lon": 2, "name": "N", "url": "https://a.b"}}"#)
        #expect(message == "unknown key 'url' in directions action; expected one of: kind, id, label, lat, lon, name, address")
    }

    @Test func misspeltKeyIsAnError() {
        let message = decodingMessage(section: #"{"type": "card", "title": "C", "subtitel": "S"}"#)
        #expect(message == "unknown key 'subtitel' in card; expected one of: type, id, title, subtitle, body, image, badges, action")
    }

    @Test func keyOfAnotherActionKindIsAnError() {
        let message = decodingMessage(section: #"{"type": "button", "label": "B", "action": {"kind": "url", "url": "https://a.b", "phone": "1"}}"#)
        #expect(message == "unknown key 'phone' in url action; expected one of: kind, id, label, url")
    }

    @Test func actRoundTripsWithItsFlowAndArgs() throws {
        let action = Action.act("favorites", args: ["add": "nps-poi:goga:0005"], label: "Add to favorites", id: "fav")
        let json = String(decoding: try JSONEncoder().encode(action), as: UTF8.self)
        #expect(json.contains(#""kind":"act""#) && json.contains(#""flow":"favorites""#))
        #expect(try JSONDecoder().decode(Action.self, from: Data(json.utf8)) == action)
        #expect(action.flowTarget?.flow == "favorites" && action.flowTarget?.args == ["add": "nps-poi:goga:0005"])
        #expect(Action.url("https://a.b").flowTarget == nil)
    }

    @Test func actTakesOnlyAGoActionsKeys() {
        let message = decodingMessage(section: #"{"type": "button", "label": "B", "action": {"kind": "act", "flow": "pins", "url": "https://a.b"}}"#)
        #expect(message == "unknown key 'url' in act action; expected one of: kind, id, label, flow, args")
    }

    @Test func typeIsNotAcceptedInsideACarouselCard() {
        let message = decodingMessage(section: #"{"type": "carousel", "cards": [{"type": "card", "title": "C"}]}"#)
        #expect(message?.hasPrefix("unknown key 'type' in card") == true)
    }

    @Test func unknownStyleListsTheChoices() {
        let message = decodingMessage(section: #"{"type": "text", "text": "T", "style": "headline"}"#)
        #expect(message == "unknown text style 'headline'; expected one of: title, heading, body, caption, notice")
    }

    @Test func errorsCarryTheCodingPath() throws {
        let json =
            #"{"schema": "flowrun/screen@1", "park": "P", "flow": "f", "title": "T", "sections": [{"type": "text", "text": "a"}, {"type": "list", "items": [{"title": "x", "action": {"kind": "go"}}]}]}"#
        do {
            _ = try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
            Issue.record("decoding should fail")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "flow")
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["sections", "1", "items", "0", "action"])
        }
    }

    // MARK: - Empty Lua tables

    @Test func emptyObjectsAreAcceptedWhereListsAreExpected() throws {
        let json = #"""
            {"schema": "flowrun/screen@1", "park": "P", "flow": "f", "title": "T", "sections": [
              {"type": "list", "items": {}},
              {"type": "carousel", "cards": {}},
              {"type": "onboarding", "pages": [{"title": "p", "body": "b", "background": {}}]},
              {"type": "card", "title": "c", "badges": {}, "action": {"kind": "go", "flow": "x", "args": []}}
            ]}
            """#
        let screen = try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
        #expect(
            screen.sections == [
                .list(.init()), .carousel(.init()),
                .onboarding(.init(pages: [.init(title: "p", body: "b")])),
                .card(.init(title: "c", action: .go("x"))),
            ])
        let empty = try JSONDecoder().decode(Screen.self, from: Data(#"{"schema": "s", "park": "P", "flow": "f", "title": "T", "sections": {}}"#.utf8))
        #expect(empty.sections.isEmpty)
    }

    @Test func nonEmptyObjectIsStillRejectedAsAList() {
        let message = decodingMessage(section: #"{"type": "list", "items": {"a": 1}}"#)
        #expect(message != nil)
    }

    /// The debug description of the error decoding a screen with one section, or nil.
    private func decodingMessage(section: String) -> String? {
        let json = #"{"schema": "flowrun/screen@1", "park": "P", "flow": "f", "title": "T", "sections": ["# + section + "]}"
        do {
            _ = try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                return context.debugDescription
            @unknown default:
                return "\(error)"
            }
        } catch {
            return "\(error)"
        }
    }
}
