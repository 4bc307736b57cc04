import Formats

import Foundation
import Testing
@testable import WebDriver

/// What each command sends: method, path and JSON body, as the W3C specification gives them.
@Suite struct CommandTests {
    /// The body as a JSON value again, so tests compare values, not key order.
    func body(_ command: WebDriverCommand) throws -> JSONValue? {
        guard let bytes = try WebDriverResponse.body(of: command) else { return nil }
        return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    @Test func aNewSessionSendsItsCapabilitiesAsAlwaysMatch() throws {
        var options = BrowserOptions()
        (options.width, options.height) = (390, 844)
        let command = WebDriverCommand.newSession(capabilities: options.capabilities(profile: "/tmp/p"))
        #expect(command.method == .post)
        #expect(command.path == "/session")
        let capabilities = try #require(try body(command)?["capabilities"]?["alwaysMatch"])
        #expect(capabilities["browserName"] == "chrome")
        #expect(capabilities["goog:chromeOptions"]?["binary"] == "/usr/lib/chromium/chromium")
        let arguments = try #require(capabilities["goog:chromeOptions"]?["args"]?.arrayValue).compactMap(\.stringValue)
        for argument in [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=390,844", "--disable-dev-shm-usage",
            "--user-data-dir=/tmp/p",
        ] {
            #expect(arguments.contains(argument), "missing \(argument)")
        }
        #expect(arguments.contains { $0.hasPrefix("--host-resolver-rules=MAP * ~NOTFOUND") })
        #expect(capabilities["timeouts"]?["pageLoad"] == 30_000)
    }

    @Test func findingAnElementSendsACSSSelectorUnderTheSession() throws {
        let command = WebDriverCommand.findElement("abc", css: "#frame .phone h1")
        #expect(command.method == .post)
        #expect(command.path == "/session/abc/element")
        #expect(try body(command) == ["using": "css selector", "value": "#frame .phone h1"])
        #expect(command.name == "find element '#frame .phone h1'")

        let inside = WebDriverCommand.findElements("abc", css: "li", from: Element(id: "e-1"))
        #expect(inside.path == "/session/abc/element/e-1/elements")
    }

    @Test func commandsWithoutInputSendAnEmptyObjectOrNoBody() throws {
        #expect(try body(.click("s", Element(id: "e"))) == [:])
        #expect(WebDriverCommand.click("s", Element(id: "e")).path == "/session/s/element/e/click")
        #expect(try body(.text("s", Element(id: "e"))) == nil)
        #expect(WebDriverCommand.text("s", Element(id: "e")).method == .get)
        #expect(WebDriverCommand.deleteSession("s").method == .delete)
        #expect(WebDriverCommand.deleteSession("s").path == "/session/s")
    }

    @Test func aScriptSendsItsArgumentsWithElementsAsReferences() throws {
        let command = WebDriverCommand.executeScript("s", "return arguments[0].textContent", [Element(id: "e-7").json, 3, "x", .null])
        #expect(command.path == "/session/s/execute/sync")
        #expect(
            try body(command) == [
                "script": "return arguments[0].textContent",
                "args": [["element-6066-11e4-a52e-4f735466cecf": "e-7"], 3, "x", .null],
            ])
    }

    @Test func typingSendsTheTextAndNavigatingTheURL() throws {
        #expect(try body(.sendKeys("s", Element(id: "e"), "37.8,-122.4")) == ["text": "37.8,-122.4"])
        #expect(try body(.navigate("s", to: "http://127.0.0.1:8080/?park=GOGA")) == ["url": "http://127.0.0.1:8080/?park=GOGA"])
        #expect(WebDriverCommand.screenshot("s", of: Element(id: "e")).path == "/session/s/element/e/screenshot")
        #expect(WebDriverCommand.screenshot("s").path == "/session/s/screenshot")
    }

    @Test func idsAndNamesAreEscapedForThePath() {
        #expect(WebDriverCommand.attribute("a/b", Element(id: "x y"), "data-flow").path == "/session/a%2Fb/element/x%20y/attribute/data-flow")
    }
}
