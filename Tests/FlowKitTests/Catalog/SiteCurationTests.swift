import Foundation
import GeoKit
import Testing
@testable import FlowKit

/// What a visitor sees of a park's site data (issue 13, items 6 and 7): names in capitals
/// read in title case, hidden categories and sites are gone everywhere, renamed sites keep
/// their ids, and a curation that names what the data lacks is an error, not a no-op.
@Suite struct SiteCurationTests {
    @Test(arguments: [
        ("FORT MASON CHAPEL", "Fort Mason Chapel"),
        ("CHAPEL OF OUR LADY", "Chapel of Our Lady"),
        ("INN AT THE PRESIDIO", "Inn at the Presidio"),
        ("THE WARMING HUT", "The Warming Hut"),
        ("BATTERY O'ROURKE", "Battery O'Rourke"),
        ("DEAD MAN'S POINT", "Dead Man's Point"),
        ("BATTERY HOWE-WAGNER", "Battery Howe-Wagner"),
        ("BATTERY GUTHRIE/SMITH", "Battery Guthrie/Smith"),
        ("BATTERY MCKINNON-STOTSENBERG", "Battery McKinnon-Stotsenberg"),
        ("25TH AVE NORTH ENTRANCE", "25th Ave North Entrance"),
        ("HILL 88", "Hill 88"),
        ("GOLDEN GATE NRA HEADQUARTERS", "Golden Gate NRA Headquarters"),
        ("Alcatraz Historic Garden - Main Road", "Alcatraz Historic Garden - Main Road"),  // has lower case: as written
        ("Old Faithful", "Old Faithful"),
    ])
    func namesInCapitalsReadInTitleCase(written: String, read: String) {
        #expect(TitleCase.apply(to: written, acronyms: ["NRA"]) == read)
    }

    func site(_ id: String, _ name: String, _ category: String) -> Site {
        Site(id: id, name: name, category: category, coordinate: Coordinate(latitude: 37.8, longitude: -122.4))
    }

    var data: [Site] {
        [
            site("a", "SEWAGE PLANT", "landmark"), site("b", "BATTERY SPENCER", "historic"),
            site("c", "Staff Row", "housing"), site("d", "Cliff House, SH-1", "food"),
        ]
    }

    func curation(hiddenCategories: Set<String> = [], hidden: [String] = [], names: [String: String] = [:]) -> SiteCuration {
        SiteCuration(hiddenCategories: hiddenCategories, hiddenSites: hidden, names: names, titleCase: true, acronyms: [])
    }

    @Test func hiddenSitesAndCategoriesAreGoneAndRenamedOnesKeepTheirIds() throws {
        var places = SettingPlaces(code: "TEST", root: ProjectRoot(files: [:], origin: URL(fileURLWithPath: "/")))
        let seen = try curation(hiddenCategories: ["housing"], hidden: ["a"], names: ["d": "Cliff House"])
            .apply(to: data, places: &places, dataFile: "parks/TEST/sites.geojson")
        #expect(seen.map(\.id) == ["b", "d"])
        #expect(seen.map(\.name) == ["Battery Spencer", "Cliff House"])
    }

    @Test func anIdTheDataLacksIsAnErrorWithASuggestion() {
        var places = SettingPlaces(code: "TEST", root: ProjectRoot(files: [:], origin: URL(fileURLWithPath: "/")))
        let error = flowError { try curation(hidden: ["e"]).apply(to: data, places: &places, dataFile: "parks/TEST/sites.geojson") }
        #expect(error?.description == "parks/TEST/park.lua: sites.hidden[1]: no site 'e' in parks/TEST/sites.geojson; did you mean 'a'?")
        #expect(error?.exitCode == 2)
        let renamed = flowError { try curation(names: ["zz-top": "X"]).apply(to: data, places: &places, dataFile: "parks/TEST/sites.geojson") }
        #expect(renamed?.description == "parks/TEST/park.lua: sites.names.zz-top: no site 'zz-top' in parks/TEST/sites.geojson")
    }

    @Test func aHiddenCategoryTheDataLacksIsAnError() {
        var places = SettingPlaces(code: "TEST", root: ProjectRoot(files: [:], origin: URL(fileURLWithPath: "/")))
        let error = flowError { try curation(hiddenCategories: ["housin"]).apply(to: data, places: &places, dataFile: "parks/TEST/sites.geojson") }
        #expect(
            error?.description
                == "parks/TEST/park.lua: sites.categories.housin.hidden: no site of category 'housin' in parks/TEST/sites.geojson; did you mean 'housing'?")
    }
}
