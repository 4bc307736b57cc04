import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// Forms in the page: what is typed is sent with the form's action, checked by the
    /// runtime first; a refused value is said inside the form and nothing runs.
    @Suite struct FormBrowserTests {
        @Test func typingASearchListsTheSitesAndARefusedValueIsSaidInTheForm() async throws {
            let project = try TestProject()
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=sites&time=2026-07-04T09:30:00-07:00")
                try await page.waitForFrame("the sites") { $0.title == "Sites" }
                // The field is labelled: its label names it for screen readers.
                let label = try await page.session.findElement("#frame label[for='field-1-q']")
                #expect(try await page.session.text(label) == "Search sites")

                try await page.type("fort mas", into: "field-1-q")
                try await page.click("#frame form[data-flow='sites'] button[type=submit]")
                let found = try await page.waitForFrame("the search's sites") { $0.title == "Sites matching \"fort mas\"" }
                #expect(found.headings.first?.hasPrefix("Sites matching \"fort mas\" (") == true, "\(found.headings)")
                #expect(try await page.value("args") == "q=fort mas")
                #expect(try await page.value("field-1-q") == "fort mas", "the box keeps the words")

                // Markup is refused by the runtime, said in the form; the screen stays.
                let before = try await page.frame().loads
                try await page.type("<img src=x>", into: "field-1-q")
                try await page.click("#frame form[data-flow='sites'] button[type=submit]")
                let problem = try await page.session.wait(for: "the form's problem", timeout: .seconds(10)) {
                    let shown = try await page.session.findElements("#frame .form-problem[role=alert]")
                    return shown.isEmpty ? nil : try await page.session.text(shown[0])
                }
                #expect(problem == "sections[2] field 'q' (Search sites): contains markup ('<img src'); write plain text")
                let after = try await page.frame()
                #expect(after.loads == before && after.title == "Sites matching \"fort mas\"")
            }
        }

        @Test func aPinIsDroppedWithWhatWasTyped() async throws {
            let project = try TestProject()
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, ActBrowserTests.pins)
                try await page.waitForFrame("no pins yet") { $0.headings.contains("Your pins (0)") }
                try await page.type("Lookout", into: "field-1-title")
                try await page.type("Bench by the wall", into: "field-1-note")
                try await page.click("#frame form[data-flow='pins'] button[type=submit]")
                let pin = try await page.waitForFrame("the pin dropped") { $0.title == "Lookout" }
                #expect(pin.texts.first == "Dropped Lookout at 37.80780° N, 122.47500° W.")
                #expect(try await page.value("args") == "drop=1\nnote=Bench by the wall\ntitle=Lookout")
            }
        }
    }
}
