package import LuaKit

/// What the onboarding and home screens show.
extension ParkSettings {
    /// The onboarding flow's content.
    public struct Onboarding: SettingRecord, Sendable {
        /// The pages in order; with none, the onboarding flow shows one welcome page.
        public var pages: [Page]
        /// Which site categories `flowrun art` draws as what in the onboarding pictures.
        public var art: Art

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            pages = try t.read("pages")
            art = try t.read("art")
        }
    }

    /// The site categories the onboarding pictures are drawn from: content's words, so a
    /// park with categories of its own (`volcano`) names them here.
    public struct Art: SettingRecord, Sendable {
        /// Categories that stand up from the land: their sites become the skylines' summits.
        public var relief: [String]
        /// Categories of open water: with any site of one, the foreground is a lake or bay.
        public var water: [String]
        /// Categories drawn as plumes on the foreground.
        public var geyser: [String]
        /// Categories drawn as towers on the foreground.
        public var lighthouse: [String]

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            relief = try t.read("relief")
            water = try t.read("water")
            geyser = try t.read("geyser")
            lighthouse = try t.read("lighthouse")
        }
    }

    /// One onboarding page.
    public struct Page: SettingRecord, Sendable {
        /// The page's title.
        public var title: String
        /// The page's text.
        public var body: String
        /// The parallax pictures behind the text.
        public var background: [Layer]

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            title = try t.read("title")
            body = try t.read("body")
            background = try t.read("background")
        }
    }

    /// One parallax layer: position and depth in [0, 1].
    public struct Layer: SettingRecord, Sendable {
        /// Where the picture is.
        public var image: String
        /// Where the picture's center sits on the page.
        public var position: Position
        /// Parallax: 0 stays fixed (far away), 1 moves with the finger.
        public var depth: Double
        /// A `#RRGGBB` color shown while the picture loads.
        public var placeholder: String?

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            image = try t.read("image")
            position = try t.read("position")
            depth = try t.read("depth")
            placeholder = try t.read("placeholder")
        }
    }

    /// A point on the page in unit coordinates: (0, 0) top left, (1, 1) bottom right.
    public struct Position: SettingRecord, Sendable {
        /// From the left edge (0) to the right edge (1).
        public var x: Double
        /// From the top edge (0) to the bottom edge (1).
        public var y: Double

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            x = try t.read("x")
            y = try t.read("y")
        }
    }

    /// What the home screen shows, in what order.
    public struct Home: SettingRecord, Sendable {
        /// Sections in order, by the names the home flow builds: content, not Swift, owns them.
        public var sections: [String]
        /// How many sites the highlights carousel shows.
        public var highlights: Int
        /// The categories the highlights come from, most wanted first.
        public var highlight_categories: [String]
        /// Extra links to other flows.
        public var links: [Link]

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            sections = try t.read("sections")
            highlights = try t.read("highlights")
            highlight_categories = try t.read("highlight_categories")
            links = try t.read("links")
        }
    }

    /// A link on the home screen to another flow.
    public struct Link: SettingRecord, Sendable {
        /// The link's text.
        public var label: String
        /// The flow it opens.
        public var flow: String
        /// The flow's `ctx.args`, if any.
        public var args: [String: String]?

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            label = try t.read("label")
            flow = try t.read("flow")
            args = try t.read("args")
        }
    }
}
