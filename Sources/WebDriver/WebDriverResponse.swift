import Formats
import Foundation

/// Reading a driver's answer: W3C WebDriver answers every command with a JSON object whose
/// `value` is the result, or, for a failure, an object with `error`, `message` and
/// `stacktrace` (and an HTTP status of 4xx or 5xx).
enum WebDriverResponse {
    /// The request body's bytes for `command`, or nil for a command without a body.
    static func body(of command: WebDriverCommand) throws(WebDriverError) -> [UInt8]? {
        guard let body = command.body else { return nil }
        do {
            return Array(try JSONEncoder().encode(body))
        } catch {
            throw .malformedResponse(command: command.name, reason: "cannot encode the body: \(error)")
        }
    }

    /// The `value` of the answer to `command`.
    /// - Parameters:
    ///   - bytes: the answer's body.
    ///   - status: its HTTP status.
    ///   - command: the command answered, for errors.
    /// - Throws: ``WebDriverError/command(_:error:message:)`` for an error the driver
    ///   returned; ``WebDriverError/malformedResponse(command:reason:)`` for an answer that
    ///   is not WebDriver JSON.
    static func value(_ bytes: [UInt8], status: Int, command: WebDriverCommand) throws(WebDriverError) -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            let text = String(decoding: bytes.prefix(200), as: UTF8.self)
            throw .malformedResponse(command: command.name, reason: "HTTP \(status), body '\(text)'")
        }
        guard let value = json["value"] else {
            throw .malformedResponse(command: command.name, reason: "HTTP \(status), no 'value' in the answer")
        }
        if let code = value["error"]?.stringValue {
            throw .command(command.name, error: code, message: value["message"]?.stringValue ?? "")
        }
        guard (200..<300).contains(status) else {
            throw .malformedResponse(command: command.name, reason: "HTTP \(status) without an error code")
        }
        return value
    }

    /// The new session's id from the answer to `new session`.
    static func sessionID(_ value: JSONValue) throws(WebDriverError) -> String {
        guard let id = value["sessionId"]?.stringValue, !id.isEmpty else {
            throw .malformedResponse(command: "new session", reason: "no 'sessionId' in the value")
        }
        return id
    }

    /// The element `value` refers to.
    static func element(_ value: JSONValue, command: WebDriverCommand) throws(WebDriverError) -> Element {
        guard let element = Element(value) else {
            throw .malformedResponse(command: command.name, reason: "the value is not an element reference")
        }
        return element
    }

    /// The elements `value` lists.
    static func elements(_ value: JSONValue, command: WebDriverCommand) throws(WebDriverError) -> [Element] {
        guard let values = value.arrayValue else {
            throw .malformedResponse(command: command.name, reason: "the value is not a list")
        }
        var elements: [Element] = []
        for value in values { elements.append(try element(value, command: command)) }
        return elements
    }

    /// The PNG bytes of a screenshot's value, which is base64 text.
    static func png(_ value: JSONValue, command: WebDriverCommand) throws(WebDriverError) -> [UInt8] {
        guard let text = value.stringValue, let data = Data(base64Encoded: text) else {
            throw .malformedResponse(command: command.name, reason: "the value is not base64 text")
        }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw .malformedResponse(command: command.name, reason: "the screenshot is not a PNG")
        }
        return bytes
    }
}
