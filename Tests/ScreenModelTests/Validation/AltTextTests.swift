import Foundation
import ScreenModel
import Testing

/// A picture's `alt`: required by the contract, `""` for a picture that only decorates, and
/// refused when it reads as if it said something but does not.
@Suite struct AltTextTests {
    private func issues(_ image: Component.Image) -> [String] {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "Golden Gate",
            sections: [.image(image), .card(.init(title: "In a card", image: image))])
        return ScreenValidator().validate(screen).map(\.description)
    }

    @Test func aSentenceAndAnEmptyAltAreBothValid() {
        #expect(issues(.init(url: "https://www.nps.gov/goga/bridge.jpg", alt: "The bridge in fog")) == [])
        #expect(issues(.init(url: "onboarding/sky.svg", alt: "")) == [], "empty: the picture only decorates")
    }

    @Test(arguments: [
        (" ", "is blank: say what the picture shows, or write \"\" for a picture that only decorates"),
        ("\t\n", "is blank: say what the picture shows, or write \"\" for a picture that only decorates"),
        ("bridge.jpg", "'bridge.jpg' is the picture's file name: say what the picture shows"),
        (" Bridge.JPG ", "' Bridge.JPG ' is the picture's file name: say what the picture shows"),
        ("https://www.nps.gov/goga/bridge.jpg", "'https://www.nps.gov/goga/bridge.jpg' is the picture's file name: say what the picture shows"),
        (
            String(repeating: "fog ", count: 80),
            "has 320 characters, more than 300: say what the picture shows in a sentence and put the rest in a text"
        ),
    ])
    func anAltThatSaysNothingIsRefusedAtItsPath(alt: String, message: String) {
        #expect(
            issues(.init(url: "https://www.nps.gov/goga/bridge.jpg", alt: alt)) == [
                "sections[1].alt: \(message)", "sections[2].image.alt: \(message)",
            ])
    }

    @Test func aMissingAltIsRefusedWithItsPath() throws {
        let json =
            #"{"schema": "flowrun/screen@1", "park": "P", "flow": "f", "title": "T", "sections": [{"type": "text", "text": "a"}, {"type": "card", "title": "C", "image": {"url": "a.jpg"}}]}"#
        do {
            _ = try JSONDecoder().decode(Screen.self, from: Data(json.utf8))
            Issue.record("decoding should fail")
        } catch let DecodingError.keyNotFound(key, context) {
            #expect(key.stringValue == "alt")
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["sections", "1", "image"])
        }
    }
}
