/// How the SVG pictures (a map, a timeline) look, in one place: colors, sizes and limits.
enum SVGStyle {
    static let font = "Helvetica, Arial, sans-serif"  // no web fonts: the file stands alone
    static let background = "#E6ECEE"  // land and water outside the park
    static let gridLine = "#D5DEE2"  // faint lines every 50 points
    static let parkFill = "#CFE2C4"  // inside the boundary
    static let parkStroke = "#5E8C56"  // the boundary's outline
    static let clusterFill = "#264A5D"  // a cluster's disc
    static let ink = "#1D2930"  // titles and labels
    static let mutedInk = "#56656D"  // secondary text
    static let halo = "#FFFFFF"  // around labels and markers
    static let panel = "#FFFFFF"  // behind the title, legend and scale bar
    static let panelOpacity = "0.92"
    static let uncategorised = "#8A969D"  // pins and ring parts without a category

    /// Category colors, given per picture to its most common categories in this order
    /// (see ``SVGMapLegend``); distinguishable with the common color-vision deficiencies,
    /// after Okabe–Ito. No two are alike, so no two legend entries share a color.
    static let palette = ["#D55E00", "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#8C6D31", "#B2182B"]

    static let margin = 12.0  // from the picture's edges to the panels
    static let clusterBaseRadius = 11.0  // a cluster's radius is base + perLog × ln(count) …
    static let clusterRadiusPerLog = 4.5
    static let clusterMaxRadius = 40.0  // … up to this, when its neighbors leave room
    static let clusterMinRadius = 10.0  // neighbors squeeze a disc no smaller (its count still fits) …
    static let clusterMaxShift = 10.0  // … and nudge it at most this far from its place; past both, it shrinks
    static let clusterGap = 2.0  // between the rings of two clusters
    static let ringWidth = 3.5  // the category ring around a cluster
    static let pinRadius = 5.5
    static let favoriteFill = "#FFC20A"  // a favorite's star, drawn over the sites in no category's color
    static let ownPinFill = "#5D3A9B"  // a pin the visitor dropped: a diamond
    static let layerMarkerRadius = 8.0  // the star's and the diamond's reach from their center
    static let visitorFill = "#1A73E8"  // "you are here": the dot, and its accuracy circle faintly
    static let visitorRadius = 6.5
    static let watchedRegion = "#7A4FB0"  // a region the phone watches (geofence), dashed
    static let labelSize = 10.5
    static let labelMaxCharacters = 28  // longer titles are cut with "…"
    static let labelShortCharacters = 16  // … and cut to this when the longer cut finds no room
    static let scaleBarMaxLength = 110.0

    // MARK: - Timeline

    static let timelineSide = 800.0  // the square a timeline's track and regions are fitted into
    static let timelinePadding = 40.0  // from that square's edges to what is drawn
    static let sidebarWidth = 270.0  // the column beside it: titles, times, legend, facts
    static let trackHalo = "#FFFFFF"  // under the track, so it reads over regions
    static let trackColor = "#2B3A42"
    static let trackWidth = 2.5
    static let areaFill = parkFill  // an area region (a park's boundary)
    static let areaStroke = parkStroke
    static let circleFill = "#8FB8D8"  // a circle region, translucent
    static let circleStroke = "#3A6F96"
    static let enterColor = "#1A9850"  // enter and presence_enter
    static let exitColor = "#D73027"  // exit and presence_exit
    static let dwellColor = "#2C7BB6"
    static let calloutColor = "#F28E1C"
    static let heldColor = "#9AA5AB"  // callout_held
    static let missedColor = "#7B3294"  // missed_enter, silent, drift
    static let emergencyColor = "#D7191C"  // emergency
    /// Party members' paths, in member order (repeating).
    static let pathColors = ["#1F78B4", "#E66101", "#33A02C", "#6A3D9A", "#B15928", "#A6CEE3"]
    static let otherEventColor = "#56656D"  // monitor and context
    static let locationColor = "#00A3A3"  // location: the phone's position found, searched for or lost
    static let entryRadius = 6.5
    static let endpointRadius = 8.0  // the start and end markers
    static let stackOffset = 12.0  // entries at one spot fan out this far around it
    static let regionLabelLimit = 30  // circle regions get name labels only when there are at most this many

    /// Approximate width of `text` at `size` points in a sans-serif face, for placing panels.
    static func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        Double(TextWrap.columns(text)) * size * (bold ? 0.62 : 0.58)
    }

    /// A generous width of `text` at `size` points, for boxes that must not overlap once
    /// drawn: per character as wide as in DejaVu Sans, which Helvetica and Arial fall back
    /// to on Linux and which is wider than either, capitals and digits wider than lower case.
    static func boxWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for character in text {
            switch character {
            case "A"..."Z": ems += 0.7
            case "0"..."9": ems += 0.64
            case "a"..."z": ems += 0.6
            case " ": ems += 0.32
            default: ems += character.isASCII ? 0.45 : 0.65 * Double(TextWrap.columns(String(character)))
            }
        }
        return ems * size * (bold ? 1.08 : 1)
    }

    /// `text`, cut with "…" to the most characters (at least 4) whose ``boxWidth(_:size:bold:)`` fits in `width`.
    static func fitted(_ text: String, width: Double, size: Double, bold: Bool = false) -> String {
        // No character is narrower than a space (0.32 em) but those that take no column, so start near the answer.
        var limit = min(text.count, Int(max(width, 0) / (size * 0.32)) + 2)
        while limit > 4 && boxWidth(truncated(text, to: limit), size: size, bold: bold) > width { limit -= 1 }
        return truncated(text, to: limit)
    }

    /// `text` cut to `limit` characters with "…" when longer.
    static func truncated(_ text: String, to limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 1))) + "…"
    }
}
