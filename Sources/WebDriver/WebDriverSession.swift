public import Formats
import AsyncHTTPClient
import Foundation
import NIOCore

/// A browser session: each method is one W3C WebDriver command, sent as JSON over HTTP to
/// the driver. Start one with ``WebDriver/withSession(_:_:)``, which also ends it.
public struct WebDriverSession: Sendable {
    /// The session's id, chosen by the driver.
    public let id: String
    /// The driver's address: `http://127.0.0.1:PORT`.
    let driver: String
    let client: HTTPClient
    let timeout: Duration

    // MARK: - Navigation and the window

    /// Opens `url` and waits until the page has loaded.
    public func navigate(to url: String) async throws(WebDriverError) {
        _ = try await send(.navigate(id, to: url))
    }

    /// The address of the page shown.
    public func currentURL() async throws(WebDriverError) -> String {
        let command = WebDriverCommand.currentURL(id)
        guard let url = try await send(command).stringValue else {
            throw .malformedResponse(command: command.name, reason: "the value is not text")
        }
        return url
    }

    /// Sets the window's outer size in CSS pixels.
    public func setWindowSize(width: Int, height: Int) async throws(WebDriverError) {
        _ = try await send(.setWindowRect(id, width: width, height: height))
    }

    // MARK: - Elements

    /// The first element matching the CSS `selector` (inside `parent` when given).
    /// - Throws: ``WebDriverError/command(_:error:message:)`` with `no such element` when none does.
    public func findElement(_ selector: String, in parent: Element? = nil) async throws(WebDriverError) -> Element {
        let command = WebDriverCommand.findElement(id, css: selector, from: parent)
        return try WebDriverResponse.element(try await send(command), command: command)
    }

    /// Every element matching the CSS `selector` (inside `parent` when given), in document order.
    public func findElements(_ selector: String, in parent: Element? = nil) async throws(WebDriverError) -> [Element] {
        let command = WebDriverCommand.findElements(id, css: selector, from: parent)
        return try WebDriverResponse.elements(try await send(command), command: command)
    }

    /// Clicks the element's centre, as a user would (scrolled into view first).
    public func click(_ element: Element) async throws(WebDriverError) {
        _ = try await send(.click(id, element))
    }

    /// Empties an input or a text area.
    public func clear(_ element: Element) async throws(WebDriverError) {
        _ = try await send(.clear(id, element))
    }

    /// Types `text` into the element, key by key.
    public func sendKeys(_ text: String, to element: Element) async throws(WebDriverError) {
        _ = try await send(.sendKeys(id, element, text))
    }

    /// The element's text as it is rendered (hidden text left out).
    public func text(_ element: Element) async throws(WebDriverError) -> String {
        try await send(.text(id, element)).stringValue ?? ""
    }

    /// The element's attribute `name` as written in the document; nil when it has none.
    public func attribute(_ name: String, of element: Element) async throws(WebDriverError) -> String? {
        try await send(.attribute(id, element, name)).stringValue
    }

    /// The element's DOM property `name` (an input's current `value`, say).
    public func property(_ name: String, of element: Element) async throws(WebDriverError) -> JSONValue {
        try await send(.property(id, element, name))
    }

    // MARK: - Scripts and pictures

    /// Runs `script` as a function body in the page with `arguments` (``Element/json``
    /// passes an element) and returns what it returns; a returned promise is waited for.
    public func executeScript(_ script: String, _ arguments: [JSONValue] = []) async throws(WebDriverError) -> JSONValue {
        try await send(.executeScript(id, script, arguments))
    }

    /// A PNG of the viewport, or of `element`'s box when given.
    public func screenshot(of element: Element? = nil) async throws(WebDriverError) -> [UInt8] {
        let command = WebDriverCommand.screenshot(id, of: element)
        return try WebDriverResponse.png(try await send(command), command: command)
    }

    // MARK: - The wire

    /// Sends `command` and returns its answer's `value`.
    func send(_ command: WebDriverCommand) async throws(WebDriverError) -> JSONValue {
        try await Self.send(command, to: driver, client: client, timeout: timeout)
    }

    static func send(_ command: WebDriverCommand, to driver: String, client: HTTPClient, timeout: Duration) async throws(WebDriverError) -> JSONValue {
        var request = HTTPClientRequest(url: driver + command.path)
        request.method = .init(rawValue: command.method.rawValue)
        if let body = try WebDriverResponse.body(of: command) {
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let status: Int, bytes: [UInt8]
        do {
            let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
            let response = try await client.execute(request, timeout: .nanoseconds(nanoseconds))
            status = Int(response.status.code)
            bytes = Array(buffer: try await response.body.collect(upTo: 64 << 20))
        } catch {
            throw .transport(command: command.name, reason: "\(error)")
        }
        return try WebDriverResponse.value(bytes, status: status, command: command)
    }
}
