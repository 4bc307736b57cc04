public import Formats
import Foundation
/// One W3C WebDriver command: its method, path and body, and the name errors call it by.
/// Building a command does no I/O, so the encoding is tested without a browser.
public struct WebDriverCommand: Sendable, Equatable {
    /// The HTTP method.
    public enum Method: String, Sendable {
        case get = "GET", post = "POST", delete = "DELETE"
    }

    /// What errors call it: the W3C command's name and what it was given (`find element '#frame h1'`).
    public var name: String
    public var method: Method
    /// The path under the driver's address, starting with `/`.
    public var path: String
    /// The JSON body; POST commands always send one (`{}` when they need nothing).
    public var body: JSONValue?

    /// A command on session `session`: `/session/{id}` + `path`.
    static func on(_ session: String, _ name: String, _ method: Method, _ path: String, _ body: JSONValue? = nil) -> WebDriverCommand {
        WebDriverCommand(
            name: name, method: method, path: "/session/\(escape(session))\(path)",
            body: method == .post ? body ?? [:] : nil)
    }

    /// `value` made safe for one path segment (ids are opaque strings chosen by the driver):
    /// every byte but RFC 3986's unreserved ones percent-encoded.
    static func escape(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
}

// MARK: - The commands this client uses (W3C WebDriver, section by section)

extension WebDriverCommand {
    static let status = WebDriverCommand(name: "status", method: .get, path: "/status")

    static func newSession(capabilities: JSONValue) -> WebDriverCommand {
        WebDriverCommand(
            name: "new session", method: .post, path: "/session",
            body: ["capabilities": ["alwaysMatch": capabilities]])
    }

    static func deleteSession(_ session: String) -> WebDriverCommand {
        on(session, "delete session", .delete, "")
    }

    static func navigate(_ session: String, to url: String) -> WebDriverCommand {
        on(session, "navigate to '\(url)'", .post, "/url", ["url": .string(url)])
    }

    static func currentURL(_ session: String) -> WebDriverCommand {
        on(session, "get current url", .get, "/url")
    }

    static func setWindowRect(_ session: String, width: Int, height: Int) -> WebDriverCommand {
        on(
            session, "set window rect \(width)x\(height)", .post, "/window/rect",
            ["width": .number(Double(width)), "height": .number(Double(height))])
    }

    static func findElement(_ session: String, css: String, from parent: Element? = nil) -> WebDriverCommand {
        on(
            session, "find element '\(css)'", .post, (parent.map { "/element/\(escape($0.id))" } ?? "") + "/element",
            ["using": "css selector", "value": .string(css)])
    }

    static func findElements(_ session: String, css: String, from parent: Element? = nil) -> WebDriverCommand {
        on(
            session, "find elements '\(css)'", .post, (parent.map { "/element/\(escape($0.id))" } ?? "") + "/elements",
            ["using": "css selector", "value": .string(css)])
    }

    static func click(_ session: String, _ element: Element) -> WebDriverCommand {
        on(session, "element click", .post, "/element/\(escape(element.id))/click")
    }

    static func clear(_ session: String, _ element: Element) -> WebDriverCommand {
        on(session, "element clear", .post, "/element/\(escape(element.id))/clear")
    }

    static func sendKeys(_ session: String, _ element: Element, _ text: String) -> WebDriverCommand {
        on(session, "element send keys", .post, "/element/\(escape(element.id))/value", ["text": .string(text)])
    }

    static func text(_ session: String, _ element: Element) -> WebDriverCommand {
        on(session, "get element text", .get, "/element/\(escape(element.id))/text")
    }

    static func attribute(_ session: String, _ element: Element, _ name: String) -> WebDriverCommand {
        on(session, "get element attribute '\(name)'", .get, "/element/\(escape(element.id))/attribute/\(escape(name))")
    }

    static func property(_ session: String, _ element: Element, _ name: String) -> WebDriverCommand {
        on(session, "get element property '\(name)'", .get, "/element/\(escape(element.id))/property/\(escape(name))")
    }

    static func executeScript(_ session: String, _ script: String, _ arguments: [JSONValue]) -> WebDriverCommand {
        on(session, "execute script", .post, "/execute/sync", ["script": .string(script), "args": .array(arguments)])
    }

    static func screenshot(_ session: String, of element: Element? = nil) -> WebDriverCommand {
        guard let element else { return on(session, "take screenshot", .get, "/screenshot") }
        return on(session, "take element screenshot", .get, "/element/\(escape(element.id))/screenshot")
    }
}
