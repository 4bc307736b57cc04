import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// Each kind of screen in the preview page, checked with axe-core (``AxeChecker``): no
    /// `serious` or `critical` violation in the page, its controls and the phone frame
    /// together. A failure lists each violation's rule, impact and elements.
    @Suite(.enabled(if: AxeChecker.isFetched, AxeChecker.missing))
    struct AccessibilityBrowserTests {
        static let time = "time=2026-07-04T09:30:00-07:00"
        static let gate = "at=37.8078,-122.4750"

        @Test(arguments: [
            ("home", "park=GOGA&flow=home&\(time)"),
            ("sites", "park=GOGA&flow=sites&\(time)&\(gate)"),
            ("a site", "park=GOGA&flow=sites&\(time)&\(gate)&arg.id=nps-poi:goga:0025"),
            ("an exhibit with its picture", "park=YELL&flow=exhibits&\(time)&arg.id=how-a-geyser-works"),
            ("the map", "park=GOGA&flow=map&\(time)&\(gate)"),
            ("the AR view", "park=GOGA&flow=ar&\(time)&\(gate)&heading=60"),
            ("a geofence replay's timeline", "park=YOSE&flow=geofence&\(time)&track=parks/YOSE/tests/valley-to-el-portal.gpx"),
            ("onboarding", "park=GOGA&flow=onboarding&\(time)"),
            ("a home of another park", "park=YELL&flow=home&\(time)"),
        ])
        func aScreen(name: String, query: String) async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, query)
                try #require(try await page.frame().isPanel == false, "\(name): the flow failed")
                try await Self.expectNoSeriousViolations(in: page, name)
            }
        }

        @Test func theErrorPanel() async throws {
            let project = try TestProject.withBrokenFlow()
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=broken&\(Self.time)")
                try #require(try await page.frame().errorWhere == "flows/broken.lua:3")
                try await Self.expectNoSeriousViolations(in: page, "the error panel")
            }
        }

        /// The page with every control shown: the flows' chips, a notice, and the frame in
        /// every size beside it.
        @Test func thePreviewPageWithEverySize() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=home&\(Self.time)")
                try await page.click("#compare")
                try await page.session.waitUntil("the other sizes") {
                    let count = try await page.session.executeScript("return document.querySelectorAll('#others .phone').length")
                    return (count.numberValue ?? 0) >= 4
                }
                try await Self.expectNoSeriousViolations(in: page, "the preview page in every size")
            }
        }

        /// The catalogue page the preview links to: every flow of a park in its states.
        @Test func theCataloguePage() async throws {
            try await withServer { url in
                let session = try Browser.current()
                try await session.navigate(to: url.absoluteString + "/parks/GOGA/catalog/")
                let violations = try await AxeChecker.violations(in: session)
                Self.expectNone(violations, "the catalogue page")
            }
        }

        /// A followed link leaves with its screen: the new screen has the focus, so a keyboard
        /// goes on from its top.
        @Test func aFollowedLinkPutsTheFocusOnTheNewScreen() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=home&\(Self.time)")
                try await page.click("#frame .list a.item-action[data-kind='go']")
                try await page.waitForFrame("the collection the link opens") { $0.flow == "sites" }
                try await page.session.waitUntil("the focus on the new screen") {
                    try await page.session.executeScript("return document.activeElement.matches('#frame main.screen')").boolValue == true
                }
            }
        }

        /// The checker runs and reports: a picture without a text alternative put into the
        /// frame is found, by rule, impact and element.
        @Test func theCheckerFindsAPictureWithoutAnAlternative() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=home&\(Self.time)")
                _ = try await page.session.executeScript(
                    "const img = document.createElement('img'); img.src = 'data:,'; document.querySelector('#frame .screen').append(img); return true")
                let violations = try await AxeChecker.violations(in: page.session)
                let found = try #require(violations.first { $0.id == "image-alt" })
                #expect(found.impact == "critical")
                #expect(found.targets == ["img"])
            }
        }

        static func expectNoSeriousViolations(in page: OpenPage, _ name: String) async throws {
            expectNone(try await AxeChecker.violations(in: page.session), name)
        }

        static func expectNone(_ violations: [AxeChecker.Violation], _ name: String) {
            let serious = violations.filter { $0.impact == "serious" || $0.impact == "critical" }
            #expect(serious.isEmpty, "\(name): \(serious.count) serious or critical violations:\n\(serious.map(\.description).joined(separator: "\n"))")
        }
    }
}
