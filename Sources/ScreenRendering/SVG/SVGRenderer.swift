public import ScreenModel

/// Renders the screen's first `map` as a standalone SVG picture: the map's `size` of Web
/// Mercator over its `bbox` (the park's boundary, clusters, pins and their labels), with a
/// header band above it (the title and zoom) and a footer band below (a scale bar and a
/// legend), so no panel covers the map (`SVGMapBands`). A screen without a map but with a `timeline`
/// gets the timeline's picture instead: its track, regions and entries on a local
/// projection, with a column of times, legend and facts. No external resources; the
/// same screen always gives the same bytes (numbers with at most two decimals).
///
/// A screen without a map gets its first `timeline` drawn (see `SVGRenderer+Timeline.swift`),
/// else its first `ar` view (see `SVGRenderer+AR.swift`). A screen with none of them gives a
/// small picture that says so; callers that treat that as an error ask ``canRender(_:)`` first.
public struct SVGRenderer: ScreenRenderer {
    /// The picture's size when the map's own is unusable (not finite, not positive).
    static let fallbackSize = Component.Map.Size(width: 390, height: 844)

    /// Creates an SVG renderer; it has no options.
    public init() {}

    /// Whether `screen` holds a map, a timeline or an AR view to draw.
    /// - Parameter screen: the screen to look in.
    public static func canRender(_ screen: Screen) -> Bool {
        firstMap(in: screen) != nil || firstTimeline(in: screen) != nil || firstAR(in: screen) != nil
    }

    /// The picture as SVG text with a trailing newline.
    /// - Parameter screen: the screen to draw.
    public func render(_ screen: Screen) -> String {
        guard let map = Self.firstMap(in: screen) else {
            if let timeline = Self.firstTimeline(in: screen) { return Self.timelinePicture(screen, timeline) }
            if let ar = Self.firstAR(in: screen) { return Self.render(ar, of: screen) }
            return Self.noMap(screen)
        }
        let width = Self.side(map.size.width, fallback: Self.fallbackSize.width)
        let height = Self.side(map.size.height, fallback: Self.fallbackSize.height)
        let projection = SVGProjection(bbox: map.bbox, width: width, height: height)
        let layout = SVGMapLayout(screen: screen, map: map, projection: projection)
        let area = layout.bands.mapArea

        var svg = Self.document(
            width: width, height: layout.bands.pictureHeight, title: "\(screen.title) · map", description: PictureDescription.map(map, on: screen))
        layout.bands.draw(into: &svg)
        Self.openMapArea(area, into: &svg)
        svg.element(
            "rect",
            [
                ("width", SVGMarkup.number(width)), ("height", SVGMarkup.number(height)), ("fill", SVGStyle.background),
            ])
        Self.grid(width: width, height: height, into: &svg)
        SVGMapLayer(map: map, projection: projection, layout: layout).draw(into: &svg)
        svg.close("svg")
        svg.close("svg")
        return svg.lines.joined(separator: "\n") + "\n"
    }

    /// Opens the map's own `<svg>`, classed `map-area`, at `area` of the picture: inside it,
    /// points are the map's (its top-left corner at 0, 0), and what reaches past its edges
    /// (a cluster's disc, the boundary) is cut there, never drawn over a band. Its `viewBox`
    /// is the map's size, so a click's position in it is a point of the projection (the
    /// preview turns a click on the map into a position this way).
    static func openMapArea(_ area: SVGMapLayer.Box, into svg: inout SVGMarkup) {
        let (w, h) = (SVGMarkup.number(area.maxX - area.minX), SVGMarkup.number(area.maxY - area.minY))
        svg.open(
            "svg",
            [
                ("class", "map-area"), ("x", SVGMarkup.number(area.minX)), ("y", SVGMarkup.number(area.minY)), ("width", w), ("height", h),
                ("viewBox", "0 0 \(w) \(h)"), ("overflow", "hidden"),
            ])
    }

    // MARK: - Private helpers

    private static func firstMap(in screen: Screen) -> Component.Map? {
        for case .map(let map) in screen.sections { return map }
        return nil
    }

    /// The XML declaration and the opened `<svg>` root with its `<title>`, and the picture's
    /// text alternative (``PictureDescription``) as its `<desc>` when it has one.
    static func document(width: Double, height: Double, title: String, description: String? = nil) -> SVGMarkup {
        var svg = SVGMarkup()
        svg.raw(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        let (w, h) = (SVGMarkup.number(width), SVGMarkup.number(height))
        svg.open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("width", w), ("height", h), ("viewBox", "0 0 \(w) \(h)"),
                ("font-family", SVGStyle.font), ("role", "img"),
            ])
        svg.text("title", title)
        if let description { svg.text("desc", description) }
        return svg
    }

    /// Faint lines every 50 points, so the picture reads as a map even where it is empty.
    static func grid(width: Double, height: Double, into svg: inout SVGMarkup) {
        let step = 50.0
        var d: [String] = []
        var x = step
        while x < width { d.append("M\(SVGMarkup.number(x)) 0 V\(SVGMarkup.number(height))"); x += step }
        var y = step
        while y < height { d.append("M0 \(SVGMarkup.number(y)) H\(SVGMarkup.number(width))"); y += step }
        guard !d.isEmpty else { return }
        svg.element("path", [("d", d.joined(separator: " ")), ("stroke", SVGStyle.gridLine), ("stroke-width", "1")])
    }

    /// A 320 × 80 picture saying the screen has no map.
    private static func noMap(_ screen: Screen) -> String {
        var svg = document(width: 320, height: 80, title: "\(screen.title) · no map")
        svg.element("rect", [("width", "320"), ("height", "80"), ("fill", SVGStyle.background)])
        svg.text(
            "text", "No map on this screen",
            [
                ("x", "160"), ("y", "36"), ("text-anchor", "middle"), ("font-size", "15"), ("font-weight", "bold"), ("fill", SVGStyle.ink),
            ])
        svg.text(
            "text", SVGStyle.truncated("\(screen.park) · \(screen.flow) · \(screen.title)", to: 48),
            [
                ("x", "160"), ("y", "58"), ("text-anchor", "middle"), ("font-size", "11"), ("fill", SVGStyle.mutedInk),
            ])
        svg.close("svg")
        return svg.lines.joined(separator: "\n") + "\n"
    }

    /// `value` when it is a usable side in points (finite, positive, at most 10,000), else `fallback`.
    static func side(_ value: Double, fallback: Double) -> Double {
        value.isFinite && value > 0 ? min(value, Component.Map.maximumSide) : fallback
    }
}
