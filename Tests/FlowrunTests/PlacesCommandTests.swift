import Foundation
import Testing

/// Issue 16, items 5-7, through the real binary: ranking by rating and fee with its reason
/// line and scenarios (on Demo Park, a fixture whose facts are made up: Fixtures/demo-park/
/// NOTES.md), directions that --follow says the app opens, the parks flow and a --follow
/// that switches park, and each kind of bad input.
@Suite struct PlacesCommandTests {
    /// flows/, parks/defaults.lua and Demo Park; `GOGA` too when asked.
    func demo(withGOGA: Bool = false) throws -> ProjectCopy {
        let copy = try ProjectCopy(["flows", "parks/defaults.lua"] + (withGOGA ? ["parks/GOGA"] : []))
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Tests/FlowrunTests/Fixtures/demo-park"),
            to: copy.url.appendingPathComponent("parks/DEMO"))
        return copy
    }

    // MARK: - Ranking

    @Test func theSitesScreenSaysWhyEachItemRanksWhereItDoes() throws {
        let copy = try demo()
        let result = try flowrun(["--park", "DEMO", "sites", "--at", "37.8,-122.4", "--arg", "collection=more", "--time", fixedTime], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                More places
                ═══════════
                Demo Park

                  Ranked from 37.8000, -122.4000 (here, ±10 m), nearest first.

                More places (4)
                ───────────────
                • Star Overlook                                             500 m N · ★5
                  Viewpoint
                  [1] Open → go sites id=star
                • Free Garden                                             300 m N · free
                  Garden
                  [2] Open → go sites id=free
                • Near Kiosk                                          100 m N · ★3 · $15
                  Food and drink
                  [3] Open → go sites id=near
                • Plain Bench                                                    700 m N
                  Viewpoint
                  [4] Open → go sites id=plain

                ▷ [5] See them in the AR view → go ar collection=more
                ▷ [6] All collections → go sites

                """)
    }

    @Test func demoParksScenariosPass() throws {
        let copy = try demo()
        let result = try flowrun(["test", "--park", "DEMO"], in: copy.url)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout == """
                PASS parks/DEMO/tests/ranking.lua:3 rating and fee move sites, and each item says why
                PASS parks/DEMO/tests/ranking.lua:19 a site's screen offers directions with its address
                PASS parks/DEMO/tests/ranking.lua:28 home offers directions to the park, with its address
                3 passed, 0 failed

                """)
    }

    @Test func aParkChangesTheWeightsInParkLua() throws {
        let copy = try demo()
        let park = try String(contentsOf: copy.url.appendingPathComponent("parks/DEMO/park.lua"), encoding: .utf8)
        try copy.write(
            "parks/DEMO/park.lua",
            park.replacingOccurrences(
                of: "sites = { collections = {} },", with: "sites = { collections = {}, ranking = { rating = { weight = 0 }, fee = { weight = 0 } } },"))
        let result = try flowrun(["--park", "DEMO", "sites", "--at", "37.8,-122.4", "--arg", "collection=more", "--format", "json"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        let details = result.stdout.split(separator: "\n").filter { $0.contains("\"detail\"") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(details == [#""detail" : "100 m N","#, #""detail" : "300 m N","#, #""detail" : "500 m N","#, #""detail" : "700 m N","#])
    }

    // MARK: - Directions

    @Test func followingDirectionsSaysWhatTheAppOpens() throws {
        let copy = try demo()
        let text = try flowrun(["--park", "DEMO", "sites", "--arg", "id=near", "--follow", "1"], in: copy.url)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "The app opens directions to Near Kiosk, 2 Demo Road, Nowhere, CA (37.80090, -122.40000)\n")
        let json = try flowrun(["--park", "DEMO", "sites", "--arg", "id=near", "--follow", "1", "--format", "json"], in: copy.url)
        #expect(
            json.stdout == """
                {
                  "address" : "2 Demo Road, Nowhere, CA",
                  "id" : "1",
                  "kind" : "directions",
                  "label" : "Directions to Near Kiosk",
                  "lat" : 37.8009,
                  "lon" : -122.4,
                  "name" : "Near Kiosk"
                }

                """)
        let html = try flowrun(["--park", "DEMO", "home", "--format", "html"], in: copy.url)
        #expect(
            html.stdout.contains(
                #"data-kind="directions" data-action="12" href="geo:37.80000,-122.40000" "#
                    + #"data-directions="Demo Park, 1 Demo Road, Nowhere, CA 94000 (37.80000, -122.40000)">Directions</a>"#))
    }

    @Test func homeGivesDirectionsToTheParkWithoutAnAddressTooAndCheckPasses() throws {
        let home = try flowrun(["--park", "GOGA", "home", "--follow", "22", "--time", fixedTime])
        #expect(home.stdout == "The app opens directions to Golden Gate National Recreation Area (37.80780, -122.47500)\n")
    }

    // MARK: - The Park Browser

    @Test func theParksFlowListsEveryParkNearestFirst() throws {
        let result = try flowrun(["--park", "GOGA", "parks", "--at", "44.4605,-110.8281", "--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        try expectGolden(result.stdout, "goga-parks-flow-at.txt")
        let alphabetical = try flowrun(["--park", "YELL", "parks", "--time", fixedTime])
        let titles = alphabetical.stdout.split(separator: "\n").filter { $0.hasPrefix("• ") }
        #expect(titles.count == 64)
        #expect(Array(titles.prefix(2)) == ["• Acadia National Park", "• Arches National Park"])
        #expect(titles.contains("• Yellowstone National Park ‹current›"))
    }

    @Test func followSwitchesParkAndKeepsFollowingThere() throws {
        // GOGA's park browser → Yellowstone's home → its "Geysers near you" link, a flow GOGA does not have.
        let home = try flowrun(["--park", "GOGA", "parks", "--at", "44.4605,-110.8281", "--follow", "1", "--time", fixedTime])
        #expect(home.status == 0, "\(home.stderr)")
        #expect(home.stdout.hasPrefix("Yellowstone National Park\n═════════════════════════\nWyoming, Montana, Idaho\n"))
        let line = try #require(home.stdout.split(separator: "\n").first { $0.contains("Geysers near you") })
        let id = try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        let geysers = try flowrun([
            "--park", "GOGA", "parks", "--at", "44.4605,-110.8281", "--follow", "1", "--follow", String(id),
            "--time", fixedTime,
        ])
        #expect(geysers.status == 0, "\(geysers.stderr)")
        #expect(geysers.stdout.contains("Old Faithful"))
        // Found by name: By state, All parks, then Yellowstone.
        let json = try flowrun(["--park", "GOGA", "parks", "--arg", "q=yellowstone", "--follow", "3", "--format", "json", "--time", fixedTime])
        #expect(json.stdout.contains(#""park" : "YELL""#) && json.stdout.contains(#""flow" : "home""#))
    }

    // MARK: - Bad input

    @Test func aRatingOutOfRangeOrAFeeThatIsNotANumberNamesFileFeatureAndField() throws {
        for (from, to, message) in [
            (#""rating":5,"#, #""rating":7,"#, "parks/DEMO/sites.geojson: feature 3 ('Star Overlook'): rating 7 out of range [0, 5]"),
            (
                #""fee":15,"#, #""fee":"$15","#,
                #"parks/DEMO/sites.geojson: feature 1 ('Near Kiosk'): fee must be a number of US dollars (0 is free), got string "$15""#
            ),
        ] {
            let copy = try demo()
            let file = copy.url.appendingPathComponent("parks/DEMO/sites.geojson")
            let text = try String(contentsOf: file, encoding: .utf8)
            try copy.write("parks/DEMO/sites.geojson", text.replacingOccurrences(of: from, with: to))
            let check = try flowrun(["check", "--park", "DEMO"], in: copy.url)
            #expect(check.status == 2)
            #expect(check.stdout.hasPrefix("FAIL DEMO"))
            #expect(check.stderr.hasPrefix(message + "\n"), "\(check.stderr)")
            let run = try flowrun(["--park", "DEMO", "sites"], in: copy.url)
            #expect(run.status == 2)
            #expect(run.stderr == "flowrun: \(message)\n")
        }
    }

    @Test func aBadAddressOrWeightInParkLuaNamesTheField() throws {
        let copy = try demo()
        for (setting, message) in [
            ("address = { 'Road', '' }", "parks/DEMO/park.lua:1: address: line 2 must not be empty"),
            ("sites = { ranking = { fee = { weight = 'high' } } }", "parks/DEMO/park.lua:1: sites.ranking.fee.weight: expected number, got string 'high'"),
        ] {
            try copy.write("parks/DEMO/park.lua", "return { name = 'Demo Park', center = { lat = 37.8, lon = -122.4 }, \(setting) }")
            let result = try flowrun(["--park", "DEMO", "home"], in: copy.url)
            #expect(result.status == 2)
            #expect(result.stderr == "flowrun: \(message)\n")
        }
    }

    @Test func directionsToNowhereAndAGoToAnUnknownParkAreInvalidScreens() throws {
        let copy = try demo()
        try copy.write(
            "flows/bad.lua",
            """
            local ui = require("lib.ui")
            flow.register("bad", function(ctx)
              return ui.screen("Bad", {
                ui.button("Directions", ui.directions(137.8, -122.4, "")),
                ui.button("Yellowstone", ui.go_park("YELLO")),
              })
            end)
            """)
        let result = try flowrun(["--park", "DEMO", "bad"], in: copy.url)
        #expect(result.status == 1)
        #expect(
            result.stderr == """
                flowrun: flows/bad.lua: flow 'bad' returned an invalid screen:
                  sections[1].action.lat: latitude 137.8 is outside -90...90
                  sections[1].action.name: must not be empty
                  flows/bad.lua:5: sections[2].action.park: unknown park 'YELLO'; parks: DEMO

                """)
    }

    @Test func followingAGoToABrokenParkReportsThatParksError() throws {
        // The park's folder is there, so the screen is valid; following loads the park and fails as --park would.
        let copy = try demo(withGOGA: true)
        try copy.write(
            "parks/GOGA/flows/parks.lua",
            """
            flow.register("parks", function(ctx)
              return { title = "Parks", sections = { { type = "button", label = "Demo", action = { kind = "go", flow = "home", park = "DEMO" } } } }
            end)
            """)
        let ok = try flowrun(["--park", "GOGA", "parks", "--follow", "1"], in: copy.url)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.hasPrefix("Demo Park\n"))
        try copy.write("parks/DEMO/park.lua", "return { name = 'Demo Park' }")
        let broken = try flowrun(["--park", "GOGA", "parks", "--follow", "1"], in: copy.url)
        #expect(broken.status == 2)
        #expect(broken.stderr == "flowrun: parks/DEMO/park.lua: center: missing (required)\n")
    }
}
