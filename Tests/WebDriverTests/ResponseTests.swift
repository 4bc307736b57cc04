import Formats
import Foundation
import Testing
@testable import WebDriver

/// Reading the driver's answers: values, element references, screenshots, and errors that
/// name the command and the driver's error.
@Suite struct ResponseTests {
    func read(_ text: String, status: Int = 200, command: WebDriverCommand = .status) throws(WebDriverError) -> JSONValue {
        try WebDriverResponse.value(Array(text.utf8), status: status, command: command)
    }

    @Test func aValueIsTheAnswersValueMember() throws {
        #expect(try read(#"{"value": {"ready": true, "message": "ChromeDriver ready"}}"#)["ready"] == true)
        #expect(try read(#"{"value": null}"#) == .null)
        #expect(try read(#"{"value": [1, 2.5, "x", false]}"#) == [1, 2.5, "x", false])
    }

    @Test func anErrorNamesTheCommandAndTheDriversError() {
        let command = WebDriverCommand.findElement("s", css: "#nothing")
        let answer = ##"{"value": {"error": "no such element", "message": "Unable to locate element: #nothing", "stacktrace": "#0 ..."}}"##
        #expect(throws: WebDriverError.command("find element '#nothing'", error: "no such element", message: "Unable to locate element: #nothing")) {
            try read(answer, status: 404, command: command)
        }
        let error = WebDriverError.command("find element '#nothing'", error: "no such element", message: "Unable to locate element: #nothing")
        #expect(error.description == "WebDriver find element '#nothing': no such element: Unable to locate element: #nothing")
    }

    @Test func anAnswerThatIsNotWebDriverJSONIsMalformed() {
        #expect(throws: WebDriverError.malformedResponse(command: "status", reason: "HTTP 502, body 'Bad Gateway'")) {
            try read("Bad Gateway", status: 502)
        }
        #expect(throws: WebDriverError.malformedResponse(command: "status", reason: "HTTP 200, no 'value' in the answer")) {
            try read(#"{"sessionId": "x"}"#)
        }
        #expect(throws: WebDriverError.malformedResponse(command: "status", reason: "HTTP 500 without an error code")) {
            try read(#"{"value": "?"}"#, status: 500)
        }
    }

    @Test func elementsAreReadFromTheirW3CKey() throws {
        let command = WebDriverCommand.findElements("s", css: "a")
        let value = try read(#"{"value": [{"element-6066-11e4-a52e-4f735466cecf": "f.1"}, {"element-6066-11e4-a52e-4f735466cecf": "f.2"}]}"#)
        #expect(try WebDriverResponse.elements(value, command: command) == [Element(id: "f.1"), Element(id: "f.2")])
        #expect(throws: WebDriverError.malformedResponse(command: "find elements 'a'", reason: "the value is not an element reference")) {
            try WebDriverResponse.elements([["ELEMENT": "old"]], command: command)
        }
    }

    @Test func aNewSessionsIdIsRead() throws {
        let value = try read(#"{"value": {"sessionId": "5a1e", "capabilities": {"browserName": "chrome"}}}"#)
        #expect(try WebDriverResponse.sessionID(value) == "5a1e")
        #expect(throws: WebDriverError.malformedResponse(command: "new session", reason: "no 'sessionId' in the value")) {
            try WebDriverResponse.sessionID(["capabilities": [:]])
        }
    }

    @Test func aScreenshotIsBase64PNG() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let command = WebDriverCommand.screenshot("s")
        #expect(try WebDriverResponse.png(.string(Data(png).base64EncodedString()), command: command) == png)
        #expect(throws: WebDriverError.malformedResponse(command: "take screenshot", reason: "the screenshot is not a PNG")) {
            try WebDriverResponse.png(.string(Data("GIF89a".utf8).base64EncodedString()), command: command)
        }
        #expect(throws: WebDriverError.malformedResponse(command: "take screenshot", reason: "the value is not base64 text")) {
            try WebDriverResponse.png("not base64!", command: command)
        }
    }
}
