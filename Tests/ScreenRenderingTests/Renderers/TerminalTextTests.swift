import Formats
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ScreenRendering
import ScreenModel

/// Content that would drive a terminal (ESC sequences, NUL, CR, C1 controls, bidi
/// overrides) shows escaped as `\u{1B}` in text output and messages, and never reaches
/// an SVG picture as a character XML forbids.
@Suite struct TerminalTextTests {
    /// Every kind of character a terminal acts on, once.
    static let hostile = "a\u{1B}[2Jb\u{0}c\rd\u{8}e\u{7F}f\u{9B}31mg\u{202E}h\u{2066}i\u{7}j"
    static let shown = #"a\u{1B}[2Jb\u{00}c\u{0D}d\u{08}e\u{7F}f\u{9B}31mg\u{202E}h\u{2066}i\u{07}j"#

    /// Whether `text` holds a character a terminal acts on, other than newline.
    private func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && TerminalText.isControl($0) }
    }

    @Test func linesEscapeEveryControlAndMakeTabsSpaces() {
        #expect(TerminalText.line(Self.hostile) == Self.shown)
        #expect(TerminalText.line("a\tb\nc") == #"a b\u{0A}c"#)
        #expect(TerminalText.line("Golden Gate · café 東京") == "Golden Gate · café 東京")
        #expect(TerminalText.line(#"C:\u{1B} stays"#) == #"C:\u{1B} stays"#)
    }

    @Test func messagesKeepNewlinesAndTabs() {
        #expect(
            TerminalText.message("x:1: boom\u{1B}]0;owned\u{7}\nstack traceback:\n\t[C]: in ?")
                == "x:1: boom\\u{1B}]0;owned\\u{07}\nstack traceback:\n\t[C]: in ?")
    }

    @Test func textOutputShowsHostileContentEscaped() {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "Title" + Self.hostile, subtitle: Self.hostile,
            sections: [
                .text(.init("Body " + Self.hostile + "\tand\ttabs")),
                .list(.init(title: Self.hostile, items: [.init(title: Self.hostile, detail: "D\u{1B}", action: .go("sites", args: ["q": "x\u{1B}y\tz"]))])),
                .button(.init("Go " + Self.hostile, action: .go("sites"))),
                .onboarding(
                    .init(pages: [
                        .init(
                            title: Self.hostile, body: Self.hostile,
                            background: [.init(image: "sky\u{1B}.png", position: .init(x: 0, y: 0), depth: 0)])
                    ])),
                .timeline(.init(start: 0, end: 10, entries: [.init(time: 5, kind: .enter, title: "T\u{1B}", detail: "d\u{9B}")])),
            ])
        for colors in [false, true] {
            let text = TextRenderer(options: .init(width: 72, colors: colors)).render(screen)
            let withoutStyles = text.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
            #expect(!hasControl(colors ? withoutStyles : text), "\(text)")
            #expect(text.contains(#"b\u{00}c\u{0D}d"#))
            #expect(text.contains("and tabs"))
            #expect(text.contains(#"D\u{1B}"#))
            #expect(text.contains(#"q="x\u{1B}y z""#))
            #expect(text.contains(#"sky\u{1B}.png"#))
            #expect(text.contains(#"T\u{1B} "#))
        }
    }

    @Test func escapedContentStillFitsTheWidth() {
        let screen = Screen(
            park: "GOGA", flow: "home", title: "T",
            sections: [
                .list(.init(items: [.init(title: "Fort\u{1B}Point", detail: "1.2\u{1B}km")]))
            ])
        let text = TextRenderer(options: .init(width: 30)).render(screen)
        #expect(text.contains(#"• Fort\u{1B}Point   1.2\u{1B}km"#) || text.contains(#"• Fort\u{1B}Point"#))
        for line in text.split(separator: "\n") { #expect(line.count <= 30, "\(line)") }
    }

    @Test func svgDropsWhatXMLForbidsOrNoFontDraws() {
        let map = Component.Map(
            camera: .init(center: .init(latitude: 37.8, longitude: -122.46), zoom: 12),
            bbox: .init(west: -122.52, south: 37.72, east: -122.41, north: 37.89),
            size: .init(width: 390, height: 844),
            annotations: [.pin(.init(id: "p\u{0}", coordinate: .init(latitude: 37.8, longitude: -122.46), title: "Pin" + Self.hostile))])
        let svg = SVGRenderer().render(Screen(park: "GOGA", flow: "map", title: "Map" + Self.hostile, sections: [.map(map)]))
        // XML 1.0 allows tab, newline and CR (a parser reads CR as a newline).
        #expect(!svg.unicodeScalars.contains { ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || (0x7F...0x9F).contains($0.value) })
        #expect(svg.contains("Mapa[2Jbc\rdef31mg\u{202E}h\u{2066}ij"))
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    /// Escaping and wrapping are linear in what they are given (the time is the containment
    /// benchmark's to measure): a text of a quarter million ESC bytes and one of a million
    /// one-letter words come out whole and right.
    @Test func largeHostileTextComesOutWhole() {
        let escapes = String(repeating: "\u{1B}", count: 250_000)
        #expect(TerminalText.line(escapes) == String(repeating: #"\u{1B}"#, count: 250_000))
        let lines = TextWrap.lines(String(repeating: "a ", count: 1_000_000), width: 40)
        #expect(lines.count == 50_000 && lines.allSatisfy { $0 == String(repeating: "a ", count: 19) + "a" })
        #expect(TextWrap.lines("one\n\ntwo three", width: 5) == ["one", "", "two", "three"])
        #expect(TextWrap.lines("", width: 5) == [""])
    }
}
