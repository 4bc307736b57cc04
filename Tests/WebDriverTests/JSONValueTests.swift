import Formats
import Foundation
import Testing
import WebDriver

/// JSON values both ways: what a script returns comes back as the value it was.
@Suite struct JSONValueTests {
    @Test func valuesRoundTrip() throws {
        let value: JSONValue = [
            "flow": "sites", "count": 3, "ratio": 0.25, "ok": true, "none": .null,
            "list": [1, "two", ["three": 3]],
        ]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }

    @Test func trueAndOneStayApart() throws {
        let decoded = try JSONDecoder().decode(JSONValue.self, from: Data("[true, 1, 0, false]".utf8))
        #expect(decoded == [true, 1, 0, false])
        #expect(decoded.arrayValue?.first?.boolValue == true)
        #expect(decoded.arrayValue?[1].numberValue == 1)
    }

    @Test func accessorsAreNilForOtherKinds() {
        let value: JSONValue = ["a": "text"]
        #expect(value["a"]?.stringValue == "text")
        #expect(value["a"]?.numberValue == nil)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["a"] == nil)
    }

    @Test func aTimeoutSaysWhatWasWaitedFor() {
        let error = WebDriverError.timedOut(condition: "the frame's title 'Yellowstone'", seconds: 5, lastError: "no such element")
        #expect(error.description == "timed out after 5 s waiting for the frame's title 'Yellowstone' (last error: no such element)")
    }
}
