import Foundation
import Testing

/// `flowrun new park` from data files of many parks, as NPS publishes them: the park's own
/// share of a boundary file and of a points file (GeoJSON or CSV), what the boundary's
/// attributes say, and the time zone from where the park is; and every refusal.
@Suite struct ParkImportTests {
    /// Two parks in Utah and Maine, with NPS's attribute names, one with an extension on its phone.
    static let boundaries = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"UNIT_CODE": "CANX", "UNIT_NAME": "Canyon  Test\\u00a0National Park", "STATE": "UT",
            "PHONE": "(435) 555-0100\\u00a0x22", "WEBSITE": "https://www.nps.gov/canx/index.htm",
            "DESCR": "Red rock, slot canyons and a river."},
           "geometry": {"type": "Polygon", "coordinates": [[[-113.1, 37.2], [-112.9, 37.2], [-112.9, 37.4], [-113.1, 37.4], [-113.1, 37.2]]]}},
          {"type": "Feature", "properties": {"UNIT_CODE": "ISLX", "UNIT_NAME": "Island Test National Park", "STATE": "ME"},
           "geometry": {"type": "Polygon", "coordinates": [[[-68.4, 44.2], [-68.1, 44.2], [-68.1, 44.4], [-68.4, 44.4], [-68.4, 44.2]]]}}
        ]}
        """

    /// Points of both parks and of none; a name with a comma, quoted.
    static let points = """
        id,name,category,lon,lat,park
        gnis:1,Angels Landing,peak,-113.0,37.27,CANX
        gnis:2,"The Narrows, upper",waterfall,-112.95,37.35,CANX
        gnis:3,Cadillac Mountain,peak,-68.22,44.35,ISLX
        gnis:4,Somewhere Else,peak,-100.0,40.0,

        """

    func project() throws -> ProjectCopy {
        let copy = try ProjectCopy()
        try copy.write("in/parks.geojson", Self.boundaries)
        try copy.write("in/points.csv", Self.points)
        return copy
    }

    @Test func aParkTakesItsShareOfManyParksFilesAndWhatTheySayOfIt() throws {
        let copy = try project()
        let result = try flowrun(["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/points.csv"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("wrote parks/CANX/park.lua\nwrote parks/CANX/boundary.geojson\nwrote parks/CANX/sites.geojson\n"))
        let park = try String(contentsOf: copy.url.appendingPathComponent("parks/CANX/park.lua"), encoding: .utf8)
        #expect(park.contains("  name = \"Canyon Test National Park\",\n  state = \"Utah\",\n"))
        #expect(park.contains("  timezone = \"America/Denver\",   -- IANA zone for ctx.time; where the park is: Utah\n"))
        #expect(park.contains("  description = \"Red rock, slot canyons and a river.\",\n"))
        #expect(park.contains("  website = \"https://www.nps.gov/canx/index.htm\",\n  phone = \"+1 435-555-0100\",\n"))

        // The park's feature alone, and its points alone.
        let boundary = try String(contentsOf: copy.url.appendingPathComponent("parks/CANX/boundary.geojson"), encoding: .utf8)
        #expect(boundary.contains("CANX") && !boundary.contains("ISLX"))
        let sites = try String(contentsOf: copy.url.appendingPathComponent("parks/CANX/sites.geojson"), encoding: .utf8)
        #expect(sites.contains("\"The Narrows, upper\"") && sites.contains("[-113.0,37.27]"))
        #expect(!sites.contains("Cadillac") && !sites.contains("Somewhere"))

        let check = try flowrun(["check", "--park", "CANX"], in: copy.url)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.hasPrefix("ok   CANX: 12 flows, 2 sites, "))
        let test = try flowrun(["test", "--park", "CANX"], in: copy.url)
        #expect(test.status == 0 && test.stdout.hasSuffix("1 passed, 0 failed\n"), "\(test.stdout)\(test.stderr)")
        let home = try flowrun(["--park", "CANX", "home"], in: copy.url)
        #expect(home.status == 0 && home.stdout.hasPrefix("Canyon Test National Park\n"), "\(home.stderr)")

        // The other park of the same files, in another zone.
        let island = try flowrun(["new", "park", "ISLX", "--boundary", "in/parks.geojson", "--sites", "in/points.csv"], in: copy.url)
        #expect(island.status == 0, "\(island.stderr)")
        let islandPark = try String(contentsOf: copy.url.appendingPathComponent("parks/ISLX/park.lua"), encoding: .utf8)
        #expect(islandPark.contains("  state = \"Maine\",\n  timezone = \"America/New_York\","))
        #expect(try flowrun(["test", "--park", "ISLX"], in: copy.url).status == 0)
    }

    @Test func withoutAParkColumnThePointsInsideTheBoundaryAreTakenAndTheRestSaid() throws {
        let copy = try project()
        try copy.write(
            "in/loose.csv",
            """
            name,lat,lon,category,id
            Inside,37.3,-113.0,peak,p1
            Outside,40.0,-100.0,peak,p2

            """)
        let result = try flowrun(["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/loose.csv"], in: copy.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "note: left out 1 of 2 points of in/loose.csv that lie outside the park's boundary (line 3, id 'p2'); --outside keep keeps them\n"))
        #expect(try flowrun(["check", "--park", "CANX"], in: copy.url).stdout.hasPrefix("ok   CANX: 12 flows, 1 sites, "))
        // As the author says: kept, and counted all the same.
        let kept = try flowrun(["new", "park", "ISLX", "--boundary", "in/parks.geojson", "--sites", "in/loose.csv", "--outside", "keep"], in: copy.url)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("note: kept 2 of 2 points of in/loose.csv that lie outside the park's boundary (line 2, id 'p1'; line 3, id 'p2')\n"))
        #expect(try flowrun(["check", "--park", "ISLX"], in: copy.url).stdout.hasPrefix("ok   ISLX: 12 flows, 2 sites, "))
    }

    @Test(arguments: [
        (
            ["new", "park", "CANZ", "--boundary", "in/parks.geojson"],
            "flowrun: --boundary: 'in/parks.geojson' has no feature of CANZ (its 2 parks: CANX, ISLX); did you mean CANX?\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--timezone", "America/New_York"],
            "flowrun: --timezone: 'America/New_York' is not the clock where CANX is (Utah at 37.30000,-113.00000 keeps America/Denver's); give --timezone America/Denver, or leave it out\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/twice.csv"],
            "flowrun: in/twice.csv:3: id 'a' is already on line 2; ids are unique\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/swapped.csv"],
            "flowrun: in/swapped.csv:2: lat '-113.0' is not a latitude (a number from -90 to 90); are the lat and lon columns swapped?\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/elsewhere.csv"],
            "flowrun: in/elsewhere.csv: none of its 1 points lies inside the park's boundary (are lat and lon the right way round?)\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/badlat.csv"],
            "flowrun: in/badlat.csv:2: lat '37,3' is not a latitude (a number from -90 to 90)\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/nocategory.csv"],
            "flowrun: in/nocategory.csv: no column 'category' in the header (id,name,lat,lon); a points file has id, name, category, lat and lon\n"
        ),
        (
            ["new", "park", "CANX", "--boundary", "in/parks.geojson", "--sites", "in/open.csv"],
            "flowrun: in/open.csv:2: a quoted field is not closed before the end of the file\n"
        ),
        (
            ["new", "park", "ISLX", "--boundary", "in/parks.geojson", "--sites", "in/points.csv", "--name", "X", "--center", "1,2"],
            "flowrun: in/points.csv: none of its 4 points has park ISLX (its park column names the park each point is in)\n"
        ),
        (
            ["new", "park", "CANX", "--sites", "in/points.csv"],
            "flowrun: --name: the park needs a name: give --name \"...\", or a --boundary whose feature has one (UNIT_NAME or name)\n"
        ),
    ])
    func refusesBadDataAndWritesNothing(arguments: [String], message: String) throws {
        let copy = try project()
        try copy.write("in/twice.csv", "id,name,category,lat,lon\na,One,peak,37.3,-113.0\na,Two,peak,37.31,-113.0\n")
        try copy.write("in/swapped.csv", "id,name,category,lat,lon\na,One,peak,-113.0,37.3\n")
        try copy.write("in/elsewhere.csv", "id,name,category,lat,lon\na,One,peak,44.3,-68.2\n")
        try copy.write("in/badlat.csv", "id,name,category,lat,lon\na,One,peak,\"37,3\",-113.0\n")
        try copy.write("in/nocategory.csv", "id,name,lat,lon\na,One,37.3,-113.0\n")
        try copy.write("in/open.csv", "id,name,category,lat,lon\na,\"One,peak,37.3,-113.0\n")
        if arguments.contains("--center") {
            // A park whose points file names no point of it (ISLX's point renamed away).
            try copy.write("in/points.csv", Self.points.replacingOccurrences(of: ",ISLX", with: ",CANX"))
        }
        let before = fileTree(copy.url)
        let result = try flowrun(arguments, in: copy.url)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
        #expect(fileTree(copy.url) == before)
    }
}
