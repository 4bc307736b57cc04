import Testing
import Foundation

/// A collection or category the park does not have is said, with what it has, instead of
/// an empty screen with exit 0 (issue 13).
@Suite struct SitesArgumentTests {
    @Test func anUnknownCollectionNamesTheKnownOnes() throws {
        let result = try flowrun(["--park", "GOGA", "sites", "--arg", "collection=nope"])
        #expect(result.status == 2, "bad input: the sites flow declares its collection argument")
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "flowrun: --arg collection: no collection 'nope' in GOGA; did you mean 'more'? collections: services, views, history, water, outdoors, more\n"))
    }

    @Test func anUnknownCategoryNamesTheParksCategories() throws {
        let result = try flowrun(["--park", "GOGA", "sites", "--arg", "category=beaches"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: --arg category: no category 'beaches' in GOGA; did you mean 'beach'?\n")
        // A category the park names but no site has: the flow says so.
        let project = try projectWithoutSites("BIBE")
        defer { try? FileManager.default.removeItem(at: project) }
        let none = try flowrun(["--park", "BIBE", "sites", "--arg", "category=viewpoint"], in: project)
        #expect(none.stderr.hasPrefix("flowrun: sites: no site of category 'viewpoint' in BIBE; categories here: none"))
    }

    @Test func knownOnesStillWork() throws {
        #expect(try flowrun(["--park", "GOGA", "sites", "--arg", "collection=views"]).status == 0)
        #expect(try flowrun(["--park", "GOGA", "sites", "--arg", "category=beach"]).status == 0)
    }
}

/// A screen's list with a nil in the middle keeps its other items (issue 13).
@Suite struct ListWithHolesTests {
    @Test func aNilSectionIsDroppedNotTheWholeList() throws {
        let project = try ProjectCopy()
        try project.write(
            "flows/holes.lua",
            """
            flow.register("holes", function(ctx)
              local cond = false
              return { title = "Holes", sections = { { type = "text", text = "a" },
                cond and { type = "text", text = "b" } or nil, { type = "text", text = "c" } } }
            end)
            """)
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "holes"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("a\n\nc"), "\(result.stdout)")
    }
}
