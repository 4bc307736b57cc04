import FlowAuthoring
import FlowKit
import Foundation
import Testing

/// The preview's catalogue page: every screen of a park as `flowrun catalog` draws it, and
/// what the author's saves changed since the server's first catalogue of the park.
@Suite struct PreviewCatalogTests {
    @Test func theCatalogPageIsEveryScreenOfThePark() async throws {
        let expected = try ScreenCatalog(root: repository, park: "GRTE", time: Date())
        let first = try #require(expected.stories.first)
        let (page, phone, missing, unknownPark, redirected) = try await withServer { url in
            (
                try await get(url, "/parks/GRTE/catalog/"), try await get(url, "/parks/GRTE/catalog/screens/" + first.file),
                try await get(url, "/parks/GRTE/catalog/screens/nothing.html"), try await get(url, "/parks/NOPE/catalog/"),
                try await get(url, "/parks/GRTE/catalog")
            )
        }
        #expect(page.status == 200)
        #expect(page.type == "text/html; charset=utf-8")
        #expect(page.body.contains("<h1>GRTE: every screen</h1>"))
        #expect(page.body.components(separatedBy: "<figure class=\"story").count - 1 == expected.stories.count)
        #expect(page.body.contains("<iframe src=\"screens/\(first.file)\""))
        #expect(!page.body.contains("compared with"))
        #expect(phone.status == 200)
        #expect(phone.body.contains("<div class=\"phone\" data-park=\"GRTE\" data-flow=\"\(first.flow)\">"))
        #expect(missing.status == 404)
        #expect(missing.body.contains("no screen nothing.html"))
        #expect(unknownPark.status == 404)
        #expect(redirected.status == 200 && redirected.body.contains("<h1>GRTE: every screen</h1>"), "\(redirected.status)")
    }

    /// A save changes a screen: the next visit marks it, shows it before and after, and its
    /// changed lines; the rest are as they were.
    @Test func aSaveShowsWhatChangedSinceTheFirstCatalogue() async throws {
        let project = try TestProject()
        let (before, after, old, new) = try await withServer(root: project.root) { url in
            let before = try await get(url, "/parks/GRTE/catalog/")
            try project.write(
                "parks/GRTE/flows/home.lua",
                """
                local ui = require("lib.ui")
                flow.register("home", function(ctx, super)
                  assert(super, "the default home")
                  local screen = super(ctx)
                  table.insert(screen.sections, 1, ui.notice("Bears are active: carry bear spray."))
                  return screen
                end)

                """)
            let after = try await get(url, "/parks/GRTE/catalog/")
            return (
                before, after, try await get(url, "/parks/GRTE/catalog/before/home--idle.html"),
                try await get(url, "/parks/GRTE/catalog/screens/home--idle.html")
            )
        }
        #expect(before.status == 200 && after.status == 200)
        #expect(!before.body.contains("compared with"))
        #expect(after.body.contains("compared with the earlier catalogue: "), "\(after.body.prefix(600))")
        #expect(after.body.contains("<figure class=\"story changed\" data-file=\"home--idle.html\">"))
        #expect(after.body.contains("<iframe src=\"before/home--idle.html\""))
        #expect(after.body.contains("Bears are active: carry bear spray."))  // in the changed lines
        #expect(!after.body.contains("data-file=\"map--idle.html\">\n<figcaption>no position<span class=\"badge\">"))
        #expect(old.status == 200 && !old.body.contains("Bears are active"))
        #expect(new.status == 200 && new.body.contains("Bears are active"))
    }
}
