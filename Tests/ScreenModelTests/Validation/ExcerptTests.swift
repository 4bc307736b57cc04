import Formats
import Testing
import ScreenModel

@Suite struct ExcerptTests {
    @Test func shortTextIsQuotedWhole() {
        #expect(Excerpt.quoted("sites") == "'sites'")
        #expect(Excerpt.text("sites") == "sites")
        let sixty = String(repeating: "é", count: 60)  // 120 bytes, 60 scalars: not cut
        #expect(Excerpt.quoted(sixty) == "'\(sixty)'")
    }

    @Test func longTextShowsSixtyScalarsAndItsLength() {
        let long = String(repeating: "a", count: 61_440)
        #expect(Excerpt.quoted(long) == "'\(String(repeating: "a", count: 60))…' (61,440 characters)")
        #expect(Excerpt.text(long) == "\(String(repeating: "a", count: 60))… (61,440 characters)")
        #expect(Excerpt.text(String(repeating: "€", count: 1_234_567)).hasSuffix("… (1,234,567 characters)"))
    }

    @Test func listsStopAtTwentyItems() {
        #expect(Excerpt.list(["a", "b"]) == "a, b")
        #expect(Excerpt.list([]) == "")
        #expect(Excerpt.list((1...25).map(String.init), limit: 3) == "1, 2, 3 and 22 more")
        #expect(Excerpt.list(["x", "y"], quoted: true) == "'x', 'y'")
        #expect(Excerpt.more(1, "issue") == "and 1 more issue")
        #expect(Excerpt.more(99_980, "issue") == "and 99,980 more issues")
    }

    /// A message line of megabytes (a script's error text) keeps its start and end.
    @Test func longMessageLinesAreCutInTheMiddle() {
        let line = "flows/x.lua:3: " + String(repeating: "x", count: 10_000_000) + " end"
        let shown = Excerpt.message(line + "\nstack traceback:")
        #expect(shown.hasPrefix("flows/x.lua:3: xxx") && shown.hasSuffix("xxx end\nstack traceback:"))
        #expect(shown.contains(" … (9,998,619 characters cut) … "))
        #expect(shown.unicodeScalars.count < Excerpt.messageLineLength + 100)
        #expect(Excerpt.message("short\nlines") == "short\nlines")
        // A message quoting a cut message is not cut again.
        #expect(Excerpt.message("flowrun: " + shown) == "flowrun: " + shown)
    }
}
