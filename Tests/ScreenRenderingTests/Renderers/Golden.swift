import Foundation
import Testing

/// Golden files under `Tests/ScreenRenderingTests/Fixtures/renderers/`.
///
/// To regenerate them after an intended change, run:
///
///     UPDATE_GOLDENS=1 swift test --filter RendererGoldenTests
///
/// then review the diff of the fixtures before committing.
enum Golden {
    /// The fixtures folder in the source tree (not the copied bundle), so updates land in git.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/renderers")

    /// Whether this run rewrites goldens instead of comparing with them.
    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDENS"] == "1" }

    /// Compares `actual` with the golden file `name`, or rewrites it when ``updating``.
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden \(name); run UPDATE_GOLDENS=1 swift test", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            Issue.record("\(name) differs from its golden\n\(firstDifference(expected, actual))", sourceLocation: sourceLocation)
        }
    }

    /// The first line that differs, for a readable failure.
    private static func firstDifference(_ expected: String, _ actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(e.count, a.count) {
            let el = index < e.count ? String(e[index]) : "<end>"
            let al = index < a.count ? String(a[index]) : "<end>"
            if el != al { return "line \(index + 1):\n  expected: \(el)\n  actual:   \(al)" }
        }
        return "(only line endings differ)"
    }
}
