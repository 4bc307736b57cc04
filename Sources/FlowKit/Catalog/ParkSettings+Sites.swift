/// How sites are listed, grouped, named, hidden and ranked.
extension ParkSettings {
    /// How sites are listed and grouped.
    public struct Sites: Decodable, Sendable {
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
    }

    /// What one numeric site property adds to a site's distance when sites are ranked:
    /// `weight × (value − neutral)` metres.
    public struct RankingWeight: Decodable, Sendable {
        /// Metres added per unit above ``neutral`` (negative: the site ranks nearer).
        public var weight: Double
        /// The value that adds nothing.
        public var neutral: Double
    }

    /// How one category reads: `{ name = "Bench", plural = "Benches" }`, or `{ hidden = true }`.
    public struct Category: Decodable, Sendable {
        /// One site's category, as a subtitle ("Picnic area").
        public var name: String?
        /// A list of them, as a title ("Picnic areas").
        public var plural: String?
        /// Whether visitors never see sites of this category (lists, map, AR, alerts).
        public var hidden: Bool?
    }

    /// A group of sites by category.
    public struct Collection: Decodable, Sendable {
        /// The collection's id, unique in the park.
        public var id: String
        /// Its title for people.
        public var title: String
        /// The site categories it holds.
        public var categories: [String]
    }
}
