import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// Each kind of screen as chromium draws it in the 390×844 phone frame, compared with
    /// its reference in Screenshots/: at most 1% of the pixels may differ by more than 24/255
    /// in a channel (anti-aliasing moves a little between machines). Fonts are pinned by
    /// bin/test (fonts-liberation, fonts-dejavu-core) and the time by the query.
    /// `RECORD_SCREENSHOTS=1 bin/test --filter Screenshot` writes the references anew; look
    /// at them before committing.
    @Suite struct ScreenshotTests {
        static let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Screenshots")
        static let time = "time=2026-07-04T09:30:00-07:00"
        static let tolerance = 24
        static let allowedShare = 0.01

        @Test(arguments: [
            ("goga-home", "park=GOGA&flow=home&\(time)"),
            ("goga-sites", "park=GOGA&flow=sites&\(time)&at=37.8078,-122.4750"),
            ("goga-map", "park=GOGA&flow=map&\(time)"),
            ("goga-site", "park=GOGA&flow=sites&\(time)&at=37.8078,-122.4750&arg.id=nps-poi:goga:0025"),
            ("goga-onboarding", "park=GOGA&flow=onboarding&\(time)"),
            ("yell-home", "park=YELL&flow=home&\(time)"),
        ])
        func aScreen(name: String, query: String) async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, query)
                try await matchesReference(page, name: name)
            }
        }

        @Test func theErrorPanel() async throws {
            let project = try TestProject(files: [
                "flows/broken.lua": """
                -- A flow with a mistake on line 4, as an author might make it.
                flow.register("broken", function(ctx)
                  local site = nil
                  return site.name
                end)

                """
            ])
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=broken&\(Self.time)")
                try #require(try await page.frame().errorWhere == "flows/broken.lua:4")
                try await matchesReference(page, name: "error-panel")
            }
        }

        /// Screenshots the frame and compares it with `Screenshots/NAME.png`, or records it.
        func matchesReference(_ page: OpenPage, name: String) async throws {
            let session = page.session
            // The page's fonts are local, but wait for them anyway: a fallback font is a different picture.
            _ = try await session.executeScript("return document.fonts.ready.then(() => true)")
            let phone = try await session.findElement("#frame > .phone")
            let screenshot = try await session.screenshot(of: phone)
            // A frame the window cuts off would be recorded cut: the picture is the whole frame.
            let frame = try await page.frame()
            try #require(Self.size(screenshot) == (Int(frame.width), Int(frame.height)), "the screenshot is not the whole frame")
            let reference = Self.references.appendingPathComponent("\(name).png")
            if ProcessInfo.processInfo.environment["RECORD_SCREENSHOTS"] == "1" {
                try FileManager.default.createDirectory(at: Self.references, withIntermediateDirectories: true)
                try Data(screenshot).write(to: reference)
                return
            }
            guard let expected = FileManager.default.contents(atPath: reference.path) else {
                Issue.record("no reference \(reference.path): record it with RECORD_SCREENSHOTS=1 bin/test --filter Screenshot")
                return
            }
            let comparison = try await ScreenshotComparison.compare(screenshot, with: [UInt8](expected), tolerance: Self.tolerance, in: session)
            guard comparison.differingShare > Self.allowedShare else { return }
            let saved = try Self.saveFailure(name: name, screenshot: screenshot, diff: comparison.diff)
            if let size = comparison.referenceSize {
                Issue.record("\(name): the screenshot is \(comparison.width)×\(comparison.height), the reference \(size.width)×\(size.height); saved \(saved)")
            } else {
                let percent = String(format: "%.2f", comparison.differingShare * 100)
                Issue.record(
                    "\(name): \(comparison.differing) pixels (\(percent)%) differ by more than \(Self.tolerance)/255 from \(reference.lastPathComponent); saved \(saved)"
                )
            }
        }

        /// A PNG's width and height, from its header chunk.
        static func size(_ png: [UInt8]) -> (Int, Int) {
            guard png.count >= 24 else { return (0, 0) }
            let number = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (number(16), number(20))
        }

        /// Writes a failed screenshot and its difference picture where a developer can look at them.
        static func saveFailure(name: String, screenshot: [UInt8], diff: [UInt8]?) throws -> String {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-screenshots")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let actual = folder.appendingPathComponent("\(name).png")
            try Data(screenshot).write(to: actual)
            guard let diff else { return actual.path }
            let marked = folder.appendingPathComponent("\(name).diff.png")
            try Data(diff).write(to: marked)
            return "\(actual.path) and \(marked.path)"
        }
    }
}
