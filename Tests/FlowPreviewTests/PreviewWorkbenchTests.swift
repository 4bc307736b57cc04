import FlowKit
import Formats
import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// What the preview shows an author beside the phone: the flow's prints and budget use,
    /// the park's flows to pick from, every size at once, and a save that keeps the place.
    @Suite struct PreviewWorkbenchTests {
        static let hello = """
            flow.register("hello", function(ctx)
              print("hello from the flow", 42)
              local items = {}
              for i = 1, 60 do items[i] = { title = "Item " .. i } end
              return { title = "Hello", sections = { { type = "list", title = "Items", items = items } } }
            end)
            """

        func script(_ page: OpenPage, _ source: String) async throws -> JSONValue {
            try await page.session.executeScript(source)
        }

        @Test func theConsoleShowsWhatTheFlowPrintedAndWhatItUsed() async throws {
            let project = try TestProject(files: ["parks/GOGA/flows/hello.lua": Self.hello])
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=hello")
                try await page.waitForFrame("hello") { $0.title == "Hello" }
                let console = try await script(
                    page,
                    "const c = document.querySelector('#console .console'); return c ? [c.querySelector('pre').textContent, c.querySelector('.usage').textContent] : null"
                )
                let parts = console.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(parts.first == "parks/GOGA/flows/hello.lua:2: hello from the flow\t42")
                #expect(parts.last?.contains(" of 20,000,000 instructions · ") == true, "\(parts)")
                #expect(parts.last?.hasSuffix(" ms") == true)
            }
        }

        @Test func theParksFlowsArePickedFromAList() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, "park=GOGA")
                let chips = try await script(page, "return [...document.querySelectorAll('#flowlist button')].map((b) => b.textContent)")
                let names = chips.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(names.contains("home") && names.contains("map") && names.contains("sites"))
                try await page.click("#flowlist button[data-flow='sites']")
                try await page.waitForFrame("the sites flow") { $0.flow == "sites" }
                #expect(try await page.value("flow") == "sites")
                let current = try await script(page, "return document.querySelector('#flowlist button.current').dataset.flow")
                #expect(current.stringValue == "sites")
            }
        }

        @Test func aSaveKeepsTheScrollAndEverySizeShowsSideBySide() async throws {
            let project = try TestProject(files: ["parks/GOGA/flows/hello.lua": Self.hello])
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=hello")
                let first = try await page.waitForFrame("hello") { $0.title == "Hello" }
                _ = try await script(page, "document.querySelector('#frame .screen').scrollTop = 600")
                try project.write("parks/GOGA/flows/hello.lua", Self.hello.replacingOccurrences(of: "\"Hello\"", with: "\"Hello again\""))
                try await page.waitForFrame("the saved flow") { $0.title == "Hello again" && $0.loads > first.loads }
                let top = try await script(page, "return document.querySelector('#frame .screen').scrollTop")
                #expect((top.numberValue ?? 0) >= 590, "the place in the screen survives the save")

                try await page.click("#compare")
                try await page.session.waitUntil("the other sizes beside the phone") {
                    let count = try await script(page, "return document.querySelectorAll('#others .other .phone').length")
                    return count.numberValue == 4
                }
                let sizes = try await script(page, "return [...document.querySelectorAll('#others .other')].map((o) => o.dataset.size)")
                #expect(sizes.arrayValue?.compactMap(\.stringValue) == ["375x667", "430x932", "360x800", "768x1024"])
            }
        }

        /// "Every screen of this park" opens the park's catalogue: a phone per flow and state.
        @Test func theCatalogueLinkOpensEveryScreenOfThePark() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, "park=GRTE")
                let link = try await script(page, "return document.getElementById('catalog').getAttribute('href')")
                #expect(link.stringValue == "/parks/GRTE/catalog/")
                try await page.session.navigate(to: url.absoluteString + (link.stringValue ?? ""))
                let phones = """
                    const figures = document.querySelectorAll('figure.story');
                    const first = document.querySelector('figure.story iframe');
                    const phone = first && first.contentDocument && first.contentDocument.querySelector('.phone');
                    return phone ? [String(figures.length), phone.dataset.park, phone.dataset.flow, document.querySelector('h1').textContent] : null
                    """
                try await page.session.waitUntil("the catalogue's first phone") { try await script(page, phones) != .null }
                let seen = try await script(page, phones).arrayValue?.compactMap(\.stringValue) ?? []
                let flows = try await get(url, "/parks/GRTE/flows").body
                #expect(seen.count == 4, "\(seen)")
                #expect(Int(seen.first ?? "") ?? 0 >= 5 * (flows.components(separatedBy: ",").count), "every flow in five states at least: \(seen)")
                #expect(seen.dropFirst().first == "GRTE")
                #expect(seen.last == "GRTE: every screen")
            }
        }
    }
}
