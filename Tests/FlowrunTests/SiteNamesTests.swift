import Foundation
import Testing

/// Screens built from site data read as English and show what a visitor should see
/// (issue 13, items 6 and 7), in the four parks here and in a park's own settings.
@Suite struct SiteNamesTests {
    @Test func categoryTitlesComeFromTheTableNotFromAppendingS() throws {
        let benches = try flowrun(["--park", "GRTE", "sites", "--arg", "category=bench"])
        #expect(benches.stdout.hasPrefix("Benches\n"), "\(benches.stdout)")
        let beaches = try flowrun(["--park", "GOGA", "sites", "--arg", "category=beach"])
        #expect(beaches.stdout.hasPrefix("Beaches\n"))
        let one = try flowrun(["--park", "GOGA", "sites", "--arg", "id=nps-poi:goga:0074"])
        #expect(one.stdout.contains("More beaches"), "\(one.stdout)")
        for park in ["GOGA", "GRTE", "YELL"] {
            let all = try flowrun(["--park", park, "sites", "--format", "json"]).stdout
            for wrong in ["Beachs", "Benchs", "Passs", "Archs", "More others", "Lodgings"] {
                #expect(!all.contains(wrong), "\(park) shows \(wrong)")
            }
        }
    }

    @Test func theParksHideWhatVisitorsShouldNotSee() throws {
        let goga =
            try flowrun(["--park", "GOGA", "sites", "--arg", "collection=more"]).stdout
            + (try flowrun(["--park", "GOGA", "sites", "--arg", "collection=history"]).stdout)
        for hidden in ["SEWAGE PLANT", "Sewage Plant", "BADM Building -1003", "Neighborhood", "Compost Yard", "Stop Sign"] {
            #expect(!goga.contains(hidden), "GOGA shows \(hidden)")
        }
        #expect(goga.contains("Battery O'Rourke"))
        #expect(goga.contains("Discovery Museum: Bakery"))
        let map = try flowrun(["--park", "GOGA", "map", "--zoom", "16", "--center", "37.7907,-122.4735", "--format", "json"]).stdout
        #expect(!map.contains("Neighborhood") && !map.contains("NEIGHBORHOOD"), "the map hides them too")
        let yell = try flowrun(["--park", "YELL", "sites", "--arg", "collection=more"]).stdout
        #expect(!yell.contains("Soda Butte (historical)"))
        #expect(!yell.contains("\n• Lake\n"))
    }

    @Test func aParkRenamesAndHidesWithItsOwnSettings() throws {
        let project = try ProjectCopy()
        try project.write("parks/GRTE/flows/.keep", "")
        let park = project.url.appendingPathComponent("parks/GRTE/park.lua")
        var text = try String(contentsOf: park, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\n}",
            with: """

                  sites = { categories = { bench = { name = "Terrace", plural = "Terraces" }, glacier = { hidden = true } },
                            names = { ["gnis:1597217"] = "Beaver Creek Residences" } },
                }
                """)
        try project.write("parks/GRTE/park.lua", text)
        let benches = try flowrun(["--root", project.url.path, "--park", "GRTE", "sites", "--arg", "category=bench"])
        #expect(benches.stdout.hasPrefix("Terraces\n") && benches.stdout.contains("\n  Terrace\n"), "\(benches.stdout)\(benches.stderr)")
        let glaciers = try flowrun(["--root", project.url.path, "--park", "GRTE", "sites", "--arg", "category=glacier"])
        #expect(glaciers.status == 1 && glaciers.stderr.contains("no site of category 'glacier' in GRTE"), "\(glaciers.stderr)")
        let renamed = try flowrun(["--root", project.url.path, "--park", "GRTE", "sites", "--arg", "id=gnis:1597217"])
        #expect(renamed.stdout.hasPrefix("Beaver Creek Residences\n"))
    }

    @Test func checkReportsACategoryWithoutANameAndACurationTypo() throws {
        let project = try ProjectCopy()
        let data = project.url.appendingPathComponent("parks/GRTE/sites.geojson")
        let sites = try String(contentsOf: data, encoding: .utf8)
        try project.write("parks/GRTE/sites.geojson", sites.replacingOccurrences(of: #""category":"bench""#, with: #""category":"moraine""#))
        let check = try flowrun(["--root", project.url.path, "check", "--park", "GRTE", "--time", fixedTime])
        #expect(check.status == 1)
        #expect(
            check.stderr.contains(
                "parks/GRTE/sites.geojson: category 'moraine' (1 site) has no name: add it to sites.categories in parks/GRTE/park.lua, say moraine = { name = \"Moraine\", plural = \"Moraines\" }"
            ), "\(check.stderr)")

        let park = project.url.appendingPathComponent("parks/GRTE/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try project.write("parks/GRTE/park.lua", text.replacingOccurrences(of: "\n}", with: "\n  sites = { hidden = { \"gnis:1603614\" } },\n}"))
        let typo = try flowrun(["--root", project.url.path, "--park", "GRTE", "sites"])
        #expect(typo.status == 2)
        #expect(
            typo.stderr
                == "flowrun: parks/GRTE/park.lua:37: sites.hidden[1]: no site 'gnis:1603614' in parks/GRTE/sites.geojson; did you mean 'gnis:1603613'?\n",
            "\(typo.stderr)")
    }
}
