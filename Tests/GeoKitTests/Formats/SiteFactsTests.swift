import Testing
@testable import GeoKit

/// `rating`, `fee` and `address` in a sites file: kept as they are when they follow the
/// rules, an error naming the file, the feature and the property when they do not.
struct SiteFactsTests {
    static let path = "parks/GOGA/sites.geojson"

    static func read(_ extras: [String]) throws -> [Site] {
        let features = extras.enumerated().map { pointFeature(id: "s\($0.offset + 1)", name: "Site \($0.offset + 1)", extra: $0.element) }
        return try SiteCatalog(geoJSON: sitesFile(features).utf8, displayPath: path).sites
    }

    static func failure(_ extra: String) -> String? {
        let features = [pointFeature(id: "a", name: "A"), pointFeature(id: "fort-point", name: "Fort Point", extra: extra)]
        return GeoKitTests.failure { () throws(GeoError) in try SiteCatalog(geoJSON: sitesFile(features).utf8, displayPath: path) }
    }

    @Test func validFactsStayInProperties() throws {
        let sites = try Self.read([
            #""rating":4.5,"fee":0,"address":"Marine Dr, San Francisco, CA""#,
            #""rating":0,"fee":15,"address":["Fort Point NHS","Marine Dr","San Francisco, CA 94129"]"#,
            #""rating":5,"fee":7.5"#,
            #""rating":null,"fee":null,"address":null"#,
        ])
        #expect(sites[0].properties["rating"] == .number(4.5))
        #expect(sites[0].properties["fee"] == .number(0))
        #expect(sites[0].properties["address"] == .string("Marine Dr, San Francisco, CA"))
        #expect(sites[1].properties["address"] == .array([.string("Fort Point NHS"), .string("Marine Dr"), .string("San Francisco, CA 94129")]))
        #expect(sites[2].properties["fee"] == .number(7.5))
        #expect(sites[3].properties["rating"] == .null)  // null is no rating: kept as the file has it
    }

    @Test func ratingOutOfRangeOrNotANumber() {
        #expect(Self.failure(#""rating":7"#) == "parks/GOGA/sites.geojson: feature 2 ('Fort Point'): rating 7 out of range [0, 5]")
        #expect(Self.failure(#""rating":-0.5"#) == "parks/GOGA/sites.geojson: feature 2 ('Fort Point'): rating -0.5 out of range [0, 5]")
        #expect(
            Self.failure(#""rating":"4.5""#)
                == #"parks/GOGA/sites.geojson: feature 2 ('Fort Point'): rating must be a number from 0 to 5, got string "4.5""#)
        #expect(
            Self.failure(#""rating":true"#)
                == "parks/GOGA/sites.geojson: feature 2 ('Fort Point'): rating must be a number from 0 to 5, got boolean true")
    }

    @Test func feeNotANumberOrNegative() {
        #expect(
            Self.failure(#""fee":"$15""#)
                == #"parks/GOGA/sites.geojson: feature 2 ('Fort Point'): fee must be a number of US dollars (0 is free), got string "$15""#)
        #expect(
            Self.failure(#""fee":-1"#)
                == "parks/GOGA/sites.geojson: feature 2 ('Fort Point'): fee -1 must be at least 0 (US dollars; 0 is free)")
        #expect(
            Self.failure(#""fee":{"adult":15}"#)
                == #"parks/GOGA/sites.geojson: feature 2 ('Fort Point'): fee must be a number of US dollars (0 is free), got object {"adult":15}"#)
    }

    @Test func addressMistakes() {
        let prefix = "parks/GOGA/sites.geojson: feature 2 ('Fort Point'): address: "
        #expect(Self.failure(#""address":" ""#) == prefix + "must not be empty")
        #expect(Self.failure(#""address":["Marine Dr",""]"#) == prefix + "line 2 must not be empty")
        #expect(Self.failure(#""address":["Marine Dr",94129]"#) == prefix + "line 2 must be a string, got number")
        #expect(Self.failure(#""address":[]"#) == prefix + "a list of lines must have at least one")
        #expect(Self.failure(#""address":12"#) == prefix + "expected a string or a list of lines (strings), got number")
        #expect(
            Self.failure(#""address":"Marine Dr\nSan Francisco""#)
                == prefix + "'Marine Dr\nSan Francisco' holds a control character (give lines as a list)")
        #expect(Self.failure(#""address":["a","b","c","d","e","f","g"]"#) == prefix + "7 lines; an address has at most 6")
        let long = String(repeating: "x", count: 121)
        #expect(Self.failure(#""address":"\#(long)""#)?.hasSuffix("is longer than 120 characters") == true)
    }

    /// The fast reader declines a broken fact and the general one names it: both agree on good files.
    @Test func fastAndGeneralReadersAgree() throws {
        let text = sitesFile([pointFeature(id: "a", name: "A", extra: #""rating":4.5,"fee":0,"address":["x","y"]"#)])
        let fast = try SiteCatalog(geoJSON: text.utf8, displayPath: Self.path).sites
        let general = try text.utf8.withContiguousStorageIfAvailable { buffer in
            try SiteCatalog(generalJSON: buffer, displayPath: Self.path).sites
        }
        #expect(fast == general)
        let broken = [UInt8](sitesFile([pointFeature(id: "a", name: "A", extra: #""rating":9"#)]).utf8)
        #expect(broken.withUnsafeBufferPointer { SiteStream.sites(in: $0) } == nil)
    }
}
