package import LuaKit

/// How sites are listed, grouped, named, hidden and ranked.
extension ParkSettings {
    /// How sites are listed and grouped.
    public struct Sites: SettingRecord, Sendable {
        /// Sites listed per collection, and when ranked by position.
        public var nearby_limit: Int
        /// Groups of sites by category; a category in none of them lands in "More places".
        public var collections: [Collection]
        /// How each category reads on screens, or that visitors never see it.
        public var categories: [String: Category]
        /// Ids of sites visitors never see (staff housing, utilities, duplicates).
        public var hidden: [String]
        /// The name visitors see for a site, by id, where the data's is wrong.
        public var names: [String: String]
        /// Whether names written in capitals only read in title case.
        public var title_case: Bool
        /// Words title case keeps in capitals (`NRA`).
        public var acronyms: [String]
        /// How lib.scoring weighs numeric site properties against distance, by property name.
        public var ranking: [String: RankingWeight]

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            nearby_limit = try t.read("nearby_limit")
            collections = try t.read("collections")
            categories = try t.read("categories")
            hidden = try t.read("hidden")
            names = try t.read("names")
            title_case = try t.read("title_case")
            acronyms = try t.read("acronyms")
            ranking = try t.read("ranking")
        }
    }

    /// What one numeric site property adds to a site's distance when sites are ranked:
    /// `weight × (value − neutral)` metres.
    public struct RankingWeight: SettingRecord, Sendable {
        /// Metres added per unit above ``neutral`` (negative: the site ranks nearer).
        public var weight: Double
        /// The value that adds nothing.
        public var neutral: Double

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            weight = try t.read("weight")
            neutral = try t.read("neutral")
        }
    }

    /// How one category reads: `{ name = "Bench", plural = "Benches" }`, or `{ hidden = true }`.
    public struct Category: SettingRecord, Sendable {
        /// One site's category, as a subtitle ("Picnic area").
        public var name: String?
        /// A list of them, as a title ("Picnic areas").
        public var plural: String?
        /// Whether visitors never see sites of this category (lists, map, AR, alerts).
        public var hidden: Bool?

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            name = try t.read("name")
            plural = try t.read("plural")
            hidden = try t.read("hidden")
        }
    }

    /// A group of sites by category.
    public struct Collection: SettingRecord, Sendable {
        /// The collection's id, unique in the park.
        public var id: String
        /// Its title for people.
        public var title: String
        /// The site categories it holds.
        public var categories: [String]

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            id = try t.read("id")
            title = try t.read("title")
            categories = try t.read("categories")
        }
    }
}
