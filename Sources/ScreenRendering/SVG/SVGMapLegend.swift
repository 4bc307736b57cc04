import ScreenModel

/// The colors of one map picture and its legend. Colors are given per picture: the
/// categories of what is drawn are ranked by how many sites have them (a pin counts one,
/// a cluster each of its members by its `categories`), most first and ties by name; the
/// first `SVGStyle.palette.count` take the palette's colors in that order. Everything
/// else (the rest of the categories, pins without one, and cluster members their
/// `categories` do not cover) is grey and counted under one "other" entry.
///
/// So no two entries share a color and every entry is the color its sites are drawn in.
/// The price: a category's color can change between views (zoom in, and "beach" may rank
/// second instead of first). A fixed color per category could not promise distinct colors
/// with more categories on a map (Yellowstone has 30) than colors that can be told apart.
struct SVGMapLegend {
    /// One row of the legend.
    struct Entry: Equatable {
        /// The category, or "other".
        var label: String
        var color: String
        /// How many of the drawn sites it covers.
        var count: Int
    }

    /// The label of the grey entry.
    static let otherLabel = "other"

    /// The colored categories, most common first, then "other" when anything is grey.
    let entries: [Entry]
    /// The visitor's layers drawn (favorites, then own pins) with how many pins each; their
    /// markers are shapes of their own, outside the category colors (``SVGLayerMarker``).
    let layers: [(layer: Component.Map.Pin.Layer, count: Int)]
    private let colors: [String: String]

    /// The legend of a picture that draws the sites' `pins` and `clusters`, and pins of the
    /// visitor's `layers` (one entry per pin).
    init(pins: [Component.Map.Pin], clusters: [Component.Map.Cluster], layers: [Component.Map.Pin.Layer] = []) {
        self.layers = [Component.Map.Pin.Layer.favorites, .own].compactMap { layer in
            let count = layers.count { $0 == layer }
            return count > 0 ? (layer, count) : nil
        }
        var counts: [String: Int] = [:]
        // How the park names each category, where the flow said: for one site ("Picnic
        // area", a pin's or a cluster's single) and for several ("Picnic areas").
        var single: [String: String] = [:], several: [String: String] = [:]
        var grey = 0
        for pin in pins {
            if let category = pin.category { counts[category, default: 0] = Self.sum(counts[category, default: 0], 1) } else { grey = Self.sum(grey, 1) }
            if let category = pin.category, let name = pin.categoryName, single[category] == nil { single[category] = name }
        }
        for cluster in clusters {
            var covered = 0
            for part in cluster.categories where part.count > 0 {
                if let name = part.name {
                    if part.count == 1 {
                        single[part.category] = single[part.category] ?? name
                    } else {
                        several[part.category] = several[part.category] ?? name
                    }
                }
                counts[part.category, default: 0] = Self.sum(counts[part.category, default: 0], part.count)
                covered = Self.sum(covered, part.count)
            }
            // An unchecked screen may say any count: one far below zero minus the covered overflows.
            let (rest, overflow) = cluster.count.subtractingReportingOverflow(covered)
            grey = Self.sum(grey, overflow ? 0 : max(rest, 0))
        }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let colored = ranked.prefix(SVGStyle.palette.count)
        func label(_ category: String, _ count: Int) -> String {
            (count == 1 ? single[category] ?? several[category] : several[category] ?? single[category]) ?? category
        }
        var entries = zip(colored, SVGStyle.palette).map { Entry(label: label($0.key, $0.value), color: $1, count: $0.value) }
        grey = ranked.dropFirst(colored.count).reduce(grey) { Self.sum($0, $1.value) }
        if grey > 0 { entries.append(Entry(label: Self.otherLabel, color: SVGStyle.uncategorised, count: grey)) }
        self.entries = entries
        colors = Dictionary(uniqueKeysWithValues: zip(colored.map(\.key), SVGStyle.palette))
    }

    /// The color `category` is drawn in: its palette color, or grey.
    func color(for category: String?) -> String {
        category.flatMap { colors[$0] } ?? SVGStyle.uncategorised
    }

    /// A cluster's ring as colored parts in the order of its `categories`, then one grey
    /// part for the rest (other categories and members no category covers).
    func ring(of cluster: Component.Map.Cluster) -> [(color: String, count: Double)] {
        // Doubles: counts come from data and their sum may exceed Int.
        var parts: [(color: String, count: Double)] = []
        var covered = 0.0, grey = 0.0
        for part in cluster.categories where part.count > 0 {
            covered += Double(part.count)
            if let color = colors[part.category] { parts.append((color, Double(part.count))) } else { grey += Double(part.count) }
        }
        guard covered > 0 else { return [] }
        grey += max(Double(cluster.count) - covered, 0)
        if grey > 0 { parts.append((SVGStyle.uncategorised, grey)) }
        return parts
    }

    /// `a + b`, saturating at `Int.max` instead of trapping.
    private static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }
}
