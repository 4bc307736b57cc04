@testable import FlowKit
import Testing

/// Finding sites by what a visitor types: words that begin words of the name or of the
/// category's name, whatever the case, accents or apostrophes; the best matches first.
@Suite struct SiteSearchTests {
    static let sites: [(name: String, category: String)] = [
        ("Fort Point", "fort"), ("Fort Mason Center", "building"), ("General's Residence, One Fort Mason", "building"),
        ("Lower Fort Mason", "building"), ("Crissy Field Picnic Area", "picnic_area"), ("Rodeo Beach", "beach"),
        ("O'Shaughnessy Seawall", "landmark"), ("Café Rouge", "food"), ("Baker Beach", "beach"), ("Fortune Cookie Stand", "food"),
    ]

    /// The sites in name order (their rank) as the index would give it.
    static let search: SiteSearch = {
        let order = sites.indices.sorted { sites[$0].name.lowercased() < sites[$1].name.lowercased() }
        var rank = Array(repeating: 0, count: sites.count)
        for (place, i) in order.enumerated() { rank[i] = place + 1 }
        let names = ["beach": "Beaches", "picnic_area": "Picnic areas", "food": "Food and drink"]
        return SiteSearch(
            count: sites.count, site: { p in (sites[p - 1].name, sites[p - 1].category, rank[p - 1]) }, categoryName: { names[$0] })
    }()

    func names(_ query: String, limit: Int = 50) -> [String] {
        Self.search.positions(matching: query, limit: limit).map { Self.sites[$0 - 1].name }
    }

    @Test func wordsAreFoldedAsAVisitorTypesThem() {
        #expect(
            SiteSearch.words("Fòrt O’Shaughnessy, CAFÉ-rouge 2") == [
                Array("fort".utf8), Array("oshaughnessy".utf8), Array("cafe".utf8), Array("rouge".utf8), Array("2".utf8),
            ])
        #expect(SiteSearch.words("  ,.;  ").isEmpty)
    }

    @Test func namesThatBeginWithTheWordsComeFirstThenNamesWithEveryWord() {
        #expect(names("fort") == ["Fort Mason Center", "Fort Point", "Fortune Cookie Stand", "General's Residence, One Fort Mason", "Lower Fort Mason"])
        #expect(names("fort mas") == ["Fort Mason Center", "General's Residence, One Fort Mason", "Lower Fort Mason"])
        #expect(names("FORT", limit: 2) == ["Fort Mason Center", "Fort Point"])
    }

    @Test func caseAccentsAndApostrophesDoNotMatter() {
        #expect(names("cafe") == ["Café Rouge"])
        #expect(names("Çafé") == ["Café Rouge"])
        #expect(names("o'shaug") == ["O'Shaughnessy Seawall"])
        #expect(names("oshaug") == ["O'Shaughnessy Seawall"])
    }

    /// A category's name as the park says it finds its sites, after the names that match.
    @Test func theCategorysNameFindsItsSites() {
        #expect(names("beach") == ["Baker Beach", "Rodeo Beach"])
        #expect(names("picnic") == ["Crissy Field Picnic Area"])
        #expect(names("food") == ["Café Rouge", "Fortune Cookie Stand"])
        #expect(names("rouge food") == ["Café Rouge"])
    }

    @Test func nothingTypedOrNothingThatMatchesFindsNothing() {
        #expect(names("").isEmpty && names(" - ").isEmpty)
        #expect(names("zzz").isEmpty)
        #expect(names("fort", limit: 0).isEmpty)
        // A word must begin a word: "ason" is inside "Mason", not its beginning.
        #expect(names("ason").isEmpty)
    }
}
