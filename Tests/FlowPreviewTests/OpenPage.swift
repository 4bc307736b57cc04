import Foundation
import Testing
import WebDriver

/// The preview page open in the shared browser, read as a user sees it and used as a user
/// would: clicks, typing, the Run button. Every wait has a timeout; none is a fixed sleep.
struct OpenPage {
    let session: WebDriverSession
    let server: URL

    /// Opens the page at `/?query` and waits until its script has loaded the frame once
    /// and follows the server's changes (the status says Live).
    static func open(_ server: URL, _ query: String = "") async throws -> OpenPage {
        let page = OpenPage(session: try Browser.current(), server: server)
        try await page.session.navigate(to: server.absoluteString + "/" + (query.isEmpty ? "" : "?" + query))
        try await page.session.waitUntil("the page's first load and its live connection") {
            let frame = try await page.frame()
            return frame.loads >= 1 && frame.live
        }
        return page
    }

    /// What the phone frame shows now.
    struct Frame: Sendable {
        var park: String?
        var flow: String?
        var title: String?
        /// The section titles and text headings, in order.
        var headings: [String]
        /// Card titles, in order.
        var cards: [String]
        /// Captions and body texts, in order.
        var texts: [String]
        /// The error panel's `file:line`, when the frame is an error panel.
        var errorWhere: String?
        /// The error panel's marked source line.
        var errorLine: String?
        /// How many times the page's script has loaded the frame.
        var loads: Int
        /// Whether the page follows the server's changes.
        var live: Bool
        /// The size the frame is drawn at.
        var width: Double
        var height: Double
        /// Whether the frame is the error panel.
        var isPanel: Bool
    }

    /// Reads the whole frame in one script, so no part of it is from a later load.
    func frame() async throws -> Frame {
        let value = try await session.executeScript(
            """
            const frame = document.getElementById("frame");
            const phone = frame.querySelector(".phone");
            const all = (selector) => [...frame.querySelectorAll(selector)].map((e) => e.textContent.trim());
            const one = (selector) => { const e = frame.querySelector(selector); return e ? e.textContent.trim() : null; };
            const box = phone ? phone.getBoundingClientRect() : { width: 0, height: 0 };
            return {
              park: phone ? phone.dataset.park || null : null, flow: phone ? phone.dataset.flow || null : null,
              title: one(".bar h1"), headings: all(".section-title, .text-heading, .text-title"), cards: all(".card-title"),
              texts: all(".text-body, .text-caption, .text-notice"), errorWhere: one(".err-where"),
              errorLine: one(".src-line.current"), loads: Number(frame.dataset.loads || 0),
              live: document.getElementById("status").classList.contains("live"), width: box.width, height: box.height,
              panel: Boolean(frame.querySelector(".flow-error")),
            };
            """)
        return Frame(
            park: value["park"]?.stringValue, flow: value["flow"]?.stringValue, title: value["title"]?.stringValue,
            headings: value["headings"]?.arrayValue?.compactMap(\.stringValue) ?? [], cards: value["cards"]?.arrayValue?.compactMap(\.stringValue) ?? [],
            texts: value["texts"]?.arrayValue?.compactMap(\.stringValue) ?? [], errorWhere: value["errorWhere"]?.stringValue,
            errorLine: value["errorLine"]?.stringValue, loads: Int(value["loads"]?.numberValue ?? 0), live: value["live"]?.boolValue ?? false,
            width: value["width"]?.numberValue ?? 0, height: value["height"]?.numberValue ?? 0, isPanel: value["panel"]?.boolValue ?? false)
    }

    /// Waits until the frame satisfies `condition`, and returns it.
    @discardableResult
    func waitForFrame(_ description: String, timeout: Duration = .seconds(10), _ condition: @escaping @Sendable (Frame) -> Bool) async throws -> Frame {
        try await session.wait(for: description, timeout: timeout) {
            let frame = try await self.frame()
            return condition(frame) ? frame : nil
        }
    }

    /// The current value of the control `id` (an input, a text area, a select).
    func value(_ id: String) async throws -> String {
        try await session.property("value", of: try await session.findElement("#" + id)).stringValue ?? ""
    }

    /// Empties the control `id` and types `text` into it, key by key.
    func type(_ text: String, into id: String) async throws {
        let field = try await session.findElement("#" + id)
        try await session.clear(field)
        try await session.sendKeys(text, to: field)
    }

    /// Clicks the first element matching `selector`. The live page replaces its frame's
    /// content whenever a screen arrives, which can fall between finding the element and
    /// clicking it: WebDriver then answers "stale element reference" and nothing was clicked,
    /// so the element is found again (a few times at most).
    func click(_ selector: String) async throws {
        var attempt = 1
        while true {
            do {
                let element = try await session.findElement(selector)
                try await session.click(element)
                return
            } catch {
                guard case .command(_, "stale element reference", _) = error, attempt < 5 else { throw error }
            }
            attempt += 1
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Presses the Run button.
    func run() async throws {
        try await click("#run")
    }

    /// The page's address now.
    func address() async throws -> URLComponents {
        try #require(URLComponents(string: try await session.currentURL()))
    }
}
