import Foundation
import Testing
import WebDriver

/// axe-core, the accessibility checker, run in the page the shared browser shows. Its script
/// is fetched at test time, never committed (`Tests/Accessibility/fetch`, run by bin/test;
/// source and license in `Tests/Accessibility/SOURCES.md`).
enum AxeChecker {
    /// Where the fetch script puts axe-core.
    static let script = repositoryRoot.appendingPathComponent(".build/axe-core-4.10.2/axe.min.js")

    /// Whether axe-core was fetched.
    static var isFetched: Bool { FileManager.default.fileExists(atPath: script.path) }

    /// Why the checks are skipped when it was not.
    static let missing: Comment = "axe-core was never fetched: run Tests/Accessibility/fetch (bin/test runs it)"

    /// One rule a page breaks, with the elements that break it.
    struct Violation: Sendable, CustomStringConvertible {
        var id: String
        var impact: String
        var help: String
        /// Each element's CSS selector, as axe names it.
        var targets: [String]
        /// What axe says is wrong with the first element (the colours it found, the name it missed).
        var summary: String

        var description: String { "\(id) (\(impact)): \(help) at \(targets.joined(separator: "; ")); first: \(summary)" }
    }

    /// What axe-core finds in the page `session` shows now: every rule it runs (WCAG 2 A and
    /// AA, and its best practices) over the whole document.
    static func violations(in session: WebDriverSession) async throws -> [Violation] {
        let source = try String(contentsOf: script, encoding: .utf8)
        // A page the script replaced since the last check has no axe: put it in again.
        let present = try await session.executeScript("return typeof window.axe === 'object'")
        if present.boolValue != true {
            _ = try await session.executeScript(source + "\nreturn typeof window.axe;")
        }
        // A promise the script returns is awaited by WebDriver.
        let value = try await session.executeScript(
            """
            return axe.run(document, { resultTypes: ["violations"] }).then((result) => result.violations.map((v) => ({
              id: v.id, impact: v.impact || "", help: v.help,
              targets: v.nodes.map((n) => n.target.join(" ")),
              summary: v.nodes.length ? (v.nodes[0].failureSummary || "").replace(/\\s+/g, " ") : "",
            })));
            """)
        return (value.arrayValue ?? []).map { v in
            Violation(
                id: v["id"]?.stringValue ?? "?", impact: v["impact"]?.stringValue ?? "", help: v["help"]?.stringValue ?? "",
                targets: v["targets"]?.arrayValue?.compactMap(\.stringValue) ?? [], summary: v["summary"]?.stringValue ?? "")
        }
    }
}
