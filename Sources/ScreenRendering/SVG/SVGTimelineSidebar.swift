import Formats
import ScreenModel

/// The column beside a timeline's picture: the screen's and the timeline's titles,
/// the times, a legend of what is drawn (each row with the swatch used on the
/// picture) and the timeline's facts. Rows are measured first, so the picture can
/// grow taller when the column needs it.
struct SVGTimelineSidebar {
    /// What a legend row shows before its text.
    enum Swatch: Equatable {
        case kind(Component.Timeline.Entry.Kind)
        case start, end, track, circle, missedCircle, area
        /// A party member's path, in its color.
        case path(color: String)
    }

    struct Row {
        var text: String
        var size = 11.0
        var bold = false
        var muted = false
        var swatch: Swatch?
        /// Extra space above the row, in points.
        var gap = 0.0
    }

    /// From the column's edges to its text.
    static let padding = 18.0
    /// Room a swatch takes before its row's text.
    static let swatchWidth = 22.0
    /// Line height as a multiple of the font size.
    static let lineHeight = 1.45

    let left: Double
    let width: Double
    let rows: [Row]

    /// Points the column needs from top to bottom.
    var height: Double {
        rows.reduce(2 * Self.padding) { $0 + $1.gap + $1.size * Self.lineHeight }
    }

    init(screen: Screen, timeline: Component.Timeline, layer: SVGTimelineLayer?, left: Double, width: Double) {
        self.left = left
        self.width = width
        let inner = width - 2 * Self.padding
        var rows = Self.wrapped(screen.title, size: 15, bold: true, room: inner, lines: 3)
        if let subtitle = screen.subtitle { rows += Self.wrapped(subtitle, size: 11, muted: true, room: inner, lines: 2) }
        if let title = timeline.title {
            rows += Self.wrapped(title, size: 13, bold: true, room: inner, lines: 3, gap: 10)
        }
        rows += Self.times(timeline, layer: layer, gap: timeline.title == nil ? 10 : 4)

        var legend: [Row] = []
        for (kind, count) in layer?.drawnKinds ?? [] {
            legend.append(Row(text: "\(SVGTimelineLayer.name(of: kind)) · \(count)", swatch: .kind(kind)))
        }
        if layer?.endpoints != nil {
            let zone = ZoneClock(identifier: timeline.timezone)
            legend.append(Row(text: "start · \(zone.clock(timeline.start)) \(zone.abbreviation(timeline.start))", swatch: .start))
            legend.append(Row(text: "end · \(zone.clock(timeline.end)) \(zone.abbreviation(timeline.end))", swatch: .end))
        }
        if timeline.track.count >= 2 { legend.append(Row(text: "track · \(timeline.track.count) points", swatch: .track)) }
        // Whose path is whose: the layer colors them in order (SVGStyle.pathColors).
        for (i, path) in timeline.paths.enumerated() where layer != nil {
            legend.append(Row(text: "\(path.name) · \(path.points.count) fixes", swatch: .path(color: SVGStyle.pathColors[i % SVGStyle.pathColors.count])))
        }
        let circles = timeline.regions.filter { if case .circle = $0.shape { true } else { false } }
        let missed = layer?.missedRegions ?? []
        if circles.contains(where: { !missed.contains($0.id) }) { legend.append(Row(text: "region (circle)", swatch: .circle)) }
        if circles.contains(where: { missed.contains($0.id) }) { legend.append(Row(text: "region entered unmonitored", swatch: .missedCircle)) }
        let characters = max(Int((inner - Self.swatchWidth) / (11 * 0.58)), 8)
        for region in timeline.regions {
            if case .area = region.shape { legend.append(Row(text: SVGStyle.truncated(region.name, to: characters), swatch: .area)) }
        }
        if layer != nil, !legend.isEmpty {
            rows.append(Row(text: "Legend", size: 12, bold: true, gap: 14))
            rows += legend
        }
        if !timeline.facts.isEmpty {
            rows.append(Row(text: "Facts", size: 12, bold: true, gap: 14))
            for fact in timeline.facts {
                rows += Self.wrapped("\(fact.label): \(fact.value)", size: 11, room: inner, lines: 3)
            }
        }
        self.rows = rows
    }

    /// Appends the column's background and rows; `height` is the picture's.
    func draw(into svg: inout SVGMarkup, height: Double) {
        svg.open("g", [("class", "sidebar")])
        svg.element(
            "rect",
            [
                ("x", SVGMarkup.number(left)), ("width", SVGMarkup.number(width)), ("height", SVGMarkup.number(height)),
                ("fill", SVGStyle.panel),
            ])
        svg.element(
            "path",
            [
                ("d", "M\(SVGMarkup.number(left)) 0 V\(SVGMarkup.number(height))"), ("stroke", SVGStyle.gridLine), ("stroke-width", "1"),
            ])
        var y = Self.padding
        for row in rows {
            y += row.gap + row.size * Self.lineHeight
            let baseline = y - row.size * 0.4
            var x = left + Self.padding
            if let swatch = row.swatch {
                Self.swatch(swatch, at: (x + 7, baseline - row.size * 0.35), into: &svg)
                x += Self.swatchWidth
            }
            var attributes: [SVGMarkup.Attribute] = [
                ("x", SVGMarkup.number(x)), ("y", SVGMarkup.number(baseline)), ("font-size", SVGMarkup.number(row.size)),
                ("fill", row.muted ? SVGStyle.mutedInk : SVGStyle.ink),
            ]
            if row.bold { attributes.append(("font-weight", "bold")) }
            svg.text("text", row.text, attributes)
        }
        svg.close("g")
    }

    // MARK: - Private helpers

    /// `2024-07-04 07:43:56 → 09:10:02 PDT` in the timeline's zone (the end on its own row
    /// when it is another day), then the duration and how many entries are drawn.
    private static func times(_ timeline: Component.Timeline, layer: SVGTimelineLayer?, gap: Double) -> [Row] {
        let (start, end) = (timeline.start, timeline.end)
        let zone = ZoneClock(identifier: timeline.timezone)
        var rows: [Row]
        if zone.sameDay(start, end) {
            rows = [Row(text: zone.span(from: start, to: end).joined(separator: " "), gap: gap)]
        } else {
            rows = [
                Row(text: "\(zone.date(start)) \(zone.clock(start)) \(zone.abbreviation(start)) →", gap: gap),
                Row(text: "\(zone.date(end)) \(zone.clock(end)) \(zone.abbreviation(end))"),
            ]
        }
        let count = timeline.entries.count
        let drawn = layer?.markers.count ?? 0
        var summary = "\(count) \(count == 1 ? "entry" : "entries")\(drawn < count ? ", \(drawn) on the map" : "")"
        if let duration = TimeText.duration(from: start, to: end) { summary = "\(duration) · " + summary }
        rows.append(Row(text: summary, muted: true))
        if let hidden = layer?.hiddenLabels, hidden > 0 {
            rows.append(Row(text: "\(hidden) label\(hidden == 1 ? "" : "s") hidden to avoid overlap", muted: true))
        }
        return rows
    }

    /// `text` in rows that fit `room` points, at most `lines` of them (the last cut with "…").
    private static func wrapped(
        _ text: String, size: Double, bold: Bool = false, muted: Bool = false, room: Double, lines: Int, gap: Double = 0
    ) -> [Row] {
        let characters = max(Int(room / (size * (bold ? 0.62 : 0.58))), 4)
        var wrapped = TextWrap.lines(text, width: characters)
        if wrapped.count > lines {
            wrapped = Array(wrapped.prefix(lines))
            wrapped[lines - 1] = SVGStyle.truncated(wrapped[lines - 1] + " …", to: characters)
        }
        return wrapped.enumerated().map { index, line in
            Row(text: SVGStyle.truncated(line, to: characters), size: size, bold: bold, muted: muted, gap: index == 0 ? gap : 0)
        }
    }

    private static func swatch(_ swatch: Swatch, at p: SVGTimelineLayer.Point, into svg: inout SVGMarkup) {
        let (x, y) = (SVGMarkup.number(p.x), SVGMarkup.number(p.y))
        switch swatch {
        case .kind(let kind):
            SVGTimelineLayer.marker(kind, at: p, radius: 5, into: &svg)
        case .start:
            SVGTimelineLayer.endpoint(start: true, at: p, radius: 5.5, into: &svg)
        case .end:
            SVGTimelineLayer.endpoint(start: false, at: p, radius: 5.5, into: &svg)
        case .track, .path:
            let color = if case .path(let color) = swatch { color } else { SVGStyle.trackColor }
            svg.element(
                "path",
                [
                    ("d", "M\(SVGMarkup.number(p.x - 8)) \(y) H\(SVGMarkup.number(p.x + 8))"),
                    ("stroke", color), ("stroke-width", SVGMarkup.number(SVGStyle.trackWidth)), ("stroke-linecap", "round"),
                ])
        case .circle, .missedCircle:
            let missed = swatch == .missedCircle
            var attributes: [SVGMarkup.Attribute] = [
                ("cx", x), ("cy", y), ("r", "6"), ("fill", SVGStyle.circleFill), ("fill-opacity", "0.35"),
                ("stroke", missed ? SVGStyle.missedColor : SVGStyle.circleStroke), ("stroke-width", "1.5"),
            ]
            if missed { attributes.append(("stroke-dasharray", "3 2")) }
            svg.element("circle", attributes)
        case .area:
            svg.element(
                "rect",
                [
                    ("x", SVGMarkup.number(p.x - 7)), ("y", SVGMarkup.number(p.y - 5)), ("width", "14"), ("height", "10"),
                    ("fill", SVGStyle.areaFill), ("fill-opacity", "0.6"), ("stroke", SVGStyle.areaStroke), ("stroke-width", "1.5"),
                ])
        }
    }
}
