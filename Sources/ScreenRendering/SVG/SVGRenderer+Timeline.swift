import ScreenModel

extension SVGRenderer {
    /// The screen's first timeline, when it has one.
    static func firstTimeline(in screen: Screen) -> Component.Timeline? {
        for case .timeline(let timeline) in screen.sections { return timeline }
        return nil
    }

    /// A timeline's picture: its track, regions and entries fitted into a
    /// ``SVGStyle/timelineSide`` square, a strip under it with the scale bar, and the sidebar
    /// to their right. Without any position to draw, the square says so.
    static func timelinePicture(_ screen: Screen, _ timeline: Component.Timeline) -> String {
        let side = SVGStyle.timelineSide
        let (projection, layer) = timelineLayer(timeline, side: side)
        let sidebar = SVGTimelineSidebar(screen: screen, timeline: timeline, layer: layer, left: side, width: SVGStyle.sidebarWidth)
        let width = side + SVGStyle.sidebarWidth
        let height = max(side + scaleStripHeight, sidebar.height.rounded(.up))
        var svg = document(
            width: width, height: height, title: "\(screen.title) · timeline",
            description: PictureDescription.timeline(timeline, on: screen))
        drawTimelineMap(projection, layer, side: side, height: height, into: &svg)
        sidebar.draw(into: &svg, height: height)
        svg.close("svg")
        return svg.lines.joined(separator: "\n") + "\n"
    }

    /// A timeline's map alone, `side` points square with the scale bar's strip under it: what
    /// a phone shows above the entries it lists as text (the HTML renderer), where a sidebar
    /// would be shrunk unreadable.
    static func timelineMapPicture(_ screen: Screen, _ timeline: Component.Timeline, side: Double) -> String {
        let (projection, layer) = timelineLayer(timeline, side: side)
        let height = side + scaleStripHeight
        var svg = document(
            width: side, height: height, title: "\(timeline.title ?? screen.title) · map of the timeline",
            description: PictureDescription.timeline(timeline, on: screen))
        drawTimelineMap(projection, layer, side: side, height: height, into: &svg)
        svg.close("svg")
        return svg.lines.joined(separator: "\n") + "\n"
    }

    /// The strip under a timeline's square that holds its scale bar, so the bar covers nothing drawn.
    static let scaleStripHeight = SVGScaleBar.height + 2 * SVGMapBands.padding

    /// The projection that frames a timeline in a `side` square, and its drawn layer.
    private static func timelineLayer(_ timeline: Component.Timeline, side: Double) -> (SVGLocalProjection?, SVGTimelineLayer?) {
        // The picture frames the track, the events and the site circles, and areas no larger
        // than they are (a meadow beside a walk); larger ones (the Presidio around a walk, a
        // park) are drawn around them, and framed only when nothing else is.
        var coordinates = timeline.track + timeline.paths.flatMap(\.points) + timeline.entries.compactMap(\.position)
        var circles: [(center: Component.Coordinate, radius: Double)] = []
        var areas: [[Component.Coordinate]] = []
        for region in timeline.regions {
            switch region.shape {
            case .circle(let center, let radius): circles.append((center, radius))
            case .area(let rings): areas.append(Array(rings.joined()))
            }
        }
        if coordinates.isEmpty && circles.isEmpty {
            coordinates = areas.flatMap { $0 }
        } else {
            let framed = SVGLocalProjection.span(coordinates + circles.map(\.center)) + 2 * (circles.map(\.radius).max() ?? 0)
            for area in areas where SVGLocalProjection.span(area) <= max(framed, 100) { coordinates += area }
        }
        let projection = SVGLocalProjection(fitting: coordinates, circles: circles, side: side, padding: SVGStyle.timelinePadding)
        return (projection, projection.map { SVGTimelineLayer(timeline: timeline, projection: $0) })
    }

    /// The square (background, grid and layer, in a `map-area` of its own that cuts what
    /// reaches past its edges) and the strip under it, `height` tall together, with the scale
    /// bar; or a word that there is nothing to draw.
    private static func drawTimelineMap(
        _ projection: SVGLocalProjection?, _ layer: SVGTimelineLayer?, side: Double, height: Double, into svg: inout SVGMarkup
    ) {
        svg.element("rect", [("width", SVGMarkup.number(side)), ("height", SVGMarkup.number(height)), ("fill", SVGStyle.panel)])
        openMapArea(.init(minX: 0, minY: 0, maxX: side, maxY: side), into: &svg)
        svg.element("rect", [("width", SVGMarkup.number(side)), ("height", SVGMarkup.number(side)), ("fill", SVGStyle.background)])
        grid(width: side, height: side, into: &svg)
        if let layer {
            layer.draw(into: &svg)
        } else {
            svg.text(
                "text", "No positions to draw",
                [
                    ("x", SVGMarkup.number(side / 2)), ("y", SVGMarkup.number(side / 2)), ("text-anchor", "middle"),
                    ("font-size", "15"), ("fill", SVGStyle.mutedInk),
                ])
        }
        svg.close("svg")
        if let projection, layer != nil,
            let bar = SVGScaleBar(metresPerPoint: projection.metresPerPoint, maxPoints: min(SVGStyle.scaleBarMaxLength, side / 3))
        {
            bar.draw(left: SVGMapBands.padding, top: side + SVGMapBands.padding, into: &svg)
        }
    }
}
