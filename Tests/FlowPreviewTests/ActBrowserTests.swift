import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// Act actions in the page: a click performs the act once on the preview's visitor's
    /// store and shows the screen it returns; Back, a save and a reload run views only.
    @Suite struct ActBrowserTests {
        static let pins = "park=GOGA&flow=pins&time=2026-07-04T09:30:00-07:00&at=37.8078,-122.4750"

        /// The pins the server's store holds, from its JSON API (a view run).
        func pinCount(_ url: URL) async throws -> String? {
            let body = try await get(url, "/parks/GOGA/flows/pins?time=2026-07-04T09:30:00-07:00").body
            return body.firstMatch(of: /"title" : "Your pins \((\d+)\)"/).map { String($0.1) }
        }

        @Test func anActIsPerformedOnceAndBackASaveOrAReloadNeverRepeatIt() async throws {
            let project = try TestProject()
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, Self.pins)
                try await page.waitForFrame("no pins yet") { $0.headings.contains("Your pins (0)") }

                try await page.click("#frame form[data-flow='pins'] button[type=submit]")  // Drop a pin here
                let pin = try await page.waitForFrame("the pin the act dropped") { $0.flow == "pins" && $0.title == "Pin 1" }
                #expect(pin.texts.first == "Dropped Pin 1 at 37.80780° N, 122.47500° W.")
                #expect(try await page.value("args") == "drop=1")
                #expect(try await page.session.attribute("data-acts", of: try await page.session.findElement("#frame")) == "1")
                #expect(
                    try await page.session.text(try await page.session.findElement("#notice"))
                        == "Performed the act once on the preview's store; Back and reloads never repeat it")
                #expect(try await pinCount(url) == "1")

                // Back shows the list before the act, as a view: still one pin.
                try await page.click("#back")
                let list = try await page.waitForFrame("the list again") { $0.title == "Your pins" }
                #expect(list.headings.contains("Your pins (1)"))

                // A save re-runs what the page shows, a view again.
                try await page.click("#frame form[data-flow='pins'] button[type=submit]")
                try await page.waitForFrame("the second pin") { $0.title == "Pin 2" }
                let before = try await page.frame().loads
                try project.write("flows/zz_touch.lua", "-- a save\n")
                try await page.waitForFrame("the page after the save", timeout: .seconds(5)) { $0.loads > before }
                #expect(try await pinCount(url) == "2")

                // A reload opens the address, which names a view of the act's flow and args.
                let address = try await page.session.currentURL()
                #expect(address.contains("arg.drop=1"))
                try await page.session.navigate(to: address)
                let reloaded = try await page.waitForFrame("the reloaded page") { $0.loads >= 1 && $0.live && $0.flow == "pins" }
                #expect(reloaded.headings.contains("Your pins (2)"), "\(reloaded.headings)")
                #expect(try await pinCount(url) == "2")
            }
        }
    }
}
