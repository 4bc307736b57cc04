import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// A timeline's picture in SVG, inside its projection's square: area regions as
/// translucent filled outlines, circle regions as circles of their radius (dashed
/// purple when an entry says the visitor missed entering them), the track as a
/// polyline with start and end markers, and one marker per entry with a position,
/// colored by kind; park (presence) events are diamonds, the others dots. Entries
/// at one spot fan out around it on short leader lines.
struct SVGTimelineLayer {
    typealias Kind = Component.Timeline.Entry.Kind
    typealias Point = (x: Double, y: Double)

    /// An entry drawn on the picture: where it happened and where its marker sits.
    struct Marker {
        var entry: Component.Timeline.Entry
        var at: Point
        var spot: Point
    }

    let timeline: Component.Timeline
    let projection: SVGLocalProjection
    /// The entries with a finite position, in entry order.
    let markers: [Marker]
    /// Where the start and end markers go: the track's ends, else the first and last marker.
    let endpoints: (start: Point, end: Point)?
    /// The names placed, each with its color (nil: ink) and weight.
    let labels: [(label: SVGLabelPlacer.Label, color: String?, bold: Bool)]
    /// How many names found no room.
    let hiddenLabels: Int

    init(timeline: Component.Timeline, projection: SVGLocalProjection) {
        self.timeline = timeline
        self.projection = projection
        let positioned = timeline.entries.compactMap { entry in
            entry.position.flatMap { SVGLocalProjection.isFinite($0) ? (entry, projection.point($0)) : nil }
        }
        let track = timeline.track.filter(SVGLocalProjection.isFinite).map(projection.point)
        if let first = track.first, let last = track.last {
            endpoints = (first, last)
        } else if let first = positioned.first, let last = positioned.last {
            endpoints = (first.1, last.1)
        } else {
            endpoints = nil
        }
        // The start and end markers hold their spots; entries there fan out around them.
        var occupied = endpoints.map { [$0.start, $0.end] } ?? []
        markers = positioned.map { entry, at in
            let stacked = occupied.filter { abs($0.x - at.x) < 2 && abs($0.y - at.y) < 2 }.count
            occupied.append(at)
            return Marker(entry: entry, at: at, spot: Self.fanned(at, index: stacked))
        }
        (labels, hiddenLabels) = Self.labels(timeline: timeline, projection: projection, markers: markers, endpoints: endpoints)
    }

    /// The names on the picture, placed in order of importance (start and end, the party's
    /// members, the regions) clear of every marker and of each other.
    private static func labels(
        timeline: Component.Timeline, projection: SVGLocalProjection, markers: [Marker], endpoints: (start: Point, end: Point)?
    ) -> (placed: [(label: SVGLabelPlacer.Label, color: String?, bold: Bool)], hidden: Int) {
        var placer = SVGLabelPlacer(width: projection.side, height: projection.side)
        for marker in markers { placer.avoid(.circle(x: marker.spot.x, y: marker.spot.y, radius: SVGStyle.entryRadius * 1.3 + 1)) }
        let ends = endpoints.map { [$0.start, $0.end] } ?? []
        for p in ends { placer.avoid(.circle(x: p.x, y: p.y, radius: SVGStyle.endpointRadius + 1)) }
        let pathEnds = timeline.paths.enumerated().compactMap { i, path -> (name: String, at: Point, color: String)? in
            guard let last = path.points.last(where: SVGLocalProjection.isFinite) else { return nil }
            return (path.name, projection.point(last), SVGStyle.pathColors[i % SVGStyle.pathColors.count])
        }
        for end in pathEnds { placer.avoid(.circle(x: end.at.x, y: end.at.y, radius: pathEndRadius + 1)) }

        var wanted: [(text: String, at: Point, reach: Double, size: Double, color: String?, bold: Bool)] = []
        if let endpoints {
            wanted.append(("Start", endpoints.start, SVGStyle.endpointRadius, SVGStyle.labelSize, nil, true))
            wanted.append(("End", endpoints.end, SVGStyle.endpointRadius, SVGStyle.labelSize, nil, true))
        }
        wanted += pathEnds.map { ($0.name, $0.at, pathEndRadius, 12, $0.color, true) }
        let circles = timeline.regions.compactMap { region -> (String, Component.Coordinate, Double)? in
            if case .circle(let center, let radius) = region.shape, SVGLocalProjection.isFinite(center) { (region.name, center, radius) } else { nil }
        }
        if circles.count <= SVGStyle.regionLabelLimit {
            for (name, center, radius) in circles {
                let reach = max(projection.points(metres: radius.isFinite ? radius : 0), 2) * 0.7
                wanted.append((name, projection.point(center), reach, SVGStyle.labelSize, nil, false))
            }
        }
        var placed: [(label: SVGLabelPlacer.Label, color: String?, bold: Bool)] = []
        for want in wanted {
            if let label = placer.place(want.text, at: want.at, reach: want.reach, size: want.size, bold: want.bold) {
                placed.append((label, want.color, want.bold))
            }
        }
        return (placed, wanted.count - placed.count)
    }

    /// The kinds that have a marker, in declaration order, with how many.
    var drawnKinds: [(kind: Kind, count: Int)] {
        Kind.allCases.compactMap { kind in
            let count = markers.filter { $0.entry.kind == kind }.count
            return count > 0 ? (kind, count) : nil
        }
    }

    /// Ids of the regions an entry says the visitor missed entering.
    var missedRegions: Set<String> {
        Set(timeline.entries.filter { $0.kind == .missedEnter }.compactMap(\.region))
    }

    /// Appends regions, the paths and the track, the start and end, the entries, then the names.
    func draw(into svg: inout SVGMarkup) {
        regions(into: &svg)
        paths(into: &svg)
        track(into: &svg)
        SVGMapLayer.drawLeaders(labels.map(\.label), into: &svg)
        if let endpoints {
            let zone = ZoneClock(identifier: timeline.timezone)
            let (start, end) = (timeline.start, timeline.end)
            Self.endpoint(start: true, at: endpoints.start, title: "Start · \(zone.clock(start)) \(zone.abbreviation(start))", into: &svg)
            Self.endpoint(start: false, at: endpoints.end, title: "End · \(zone.clock(end)) \(zone.abbreviation(end))", into: &svg)
        }
        entries(into: &svg)
        svg.open("g", [("class", "labels")])
        SVGMapLayer.draw(labels.map(\.label), colors: labels.map(\.color), bold: labels.map(\.bold), into: &svg)
        svg.close("g")
    }

    // MARK: - Drawing parts

    private func regions(into svg: inout SVGMarkup) {
        svg.open("g", [("class", "regions")])
        let missed = missedRegions
        for region in timeline.regions {
            guard case .area(let rings) = region.shape else { continue }
            let d = rings.map { ring in ring.filter(SVGLocalProjection.isFinite).map(projection.point) }.filter { $0.count >= 3 }
                .map { ring in Self.pathData(ring) + " Z" }.joined(separator: " ")
            guard !d.isEmpty else { continue }
            svg.open("g")
            svg.text("title", region.name)
            svg.element(
                "path",
                [
                    ("class", "region area"), ("d", d), ("fill", SVGStyle.areaFill), ("fill-opacity", "0.6"), ("fill-rule", "evenodd"),
                    ("stroke", SVGStyle.areaStroke), ("stroke-width", "1.5"), ("stroke-linejoin", "round"),
                ])
            svg.close("g")
        }
        for region in timeline.regions {
            guard case .circle(let center, let radius) = region.shape, SVGLocalProjection.isFinite(center) else { continue }
            let c = projection.point(center)
            let wasMissed = missed.contains(region.id)
            svg.open("g")
            svg.text("title", "\(region.name) · \(Decimals.short(radius, 1)) m\(wasMissed ? " · missed" : "")")
            var attributes: [SVGMarkup.Attribute] = [
                ("class", "region circle"), ("cx", SVGMarkup.number(c.x)), ("cy", SVGMarkup.number(c.y)),
                ("r", SVGMarkup.number(max(projection.points(metres: radius.isFinite ? radius : 0), 2))),
                ("fill", SVGStyle.circleFill), ("fill-opacity", "0.35"),
                ("stroke", wasMissed ? SVGStyle.missedColor : SVGStyle.circleStroke), ("stroke-width", "1.5"),
            ]
            if wasMissed { attributes.append(("stroke-dasharray", "4 3")) }
            svg.element("circle", attributes)
            svg.close("g")
        }
        svg.close("g")
    }

    private func track(into svg: inout SVGMarkup) {
        let points = timeline.track.filter(SVGLocalProjection.isFinite).map(projection.point)
        guard points.count >= 2 else { return }
        let list = points.map { "\(SVGMarkup.number($0.x)),\(SVGMarkup.number($0.y))" }.joined(separator: " ")
        let line: [SVGMarkup.Attribute] = [("points", list), ("fill", "none"), ("stroke-linejoin", "round"), ("stroke-linecap", "round")]
        svg.element(
            "polyline",
            [("class", "track-halo")] + line + [
                ("stroke", SVGStyle.trackHalo), ("stroke-width", SVGMarkup.number(SVGStyle.trackWidth + 3)), ("stroke-opacity", "0.9"),
            ])
        svg.element(
            "polyline",
            [("class", "track")] + line + [
                ("stroke", SVGStyle.trackColor), ("stroke-width", SVGMarkup.number(SVGStyle.trackWidth)),
            ])
    }

    /// The radius of the dot at the end of a party member's path.
    static let pathEndRadius = 4.0

    /// Each other person's path in a color of its own, with a dot at its end (their name is a label).
    private func paths(into svg: inout SVGMarkup) {
        guard !timeline.paths.isEmpty else { return }
        svg.open("g", [("class", "paths")])
        for (i, path) in timeline.paths.enumerated() {
            let points = path.points.filter(SVGLocalProjection.isFinite).map(projection.point)
            guard let last = points.last else { continue }
            let color = SVGStyle.pathColors[i % SVGStyle.pathColors.count]
            if points.count >= 2 {
                let list = points.map { "\(SVGMarkup.number($0.x)),\(SVGMarkup.number($0.y))" }.joined(separator: " ")
                svg.element(
                    "polyline",
                    [
                        ("class", "path"), ("points", list), ("fill", "none"), ("stroke-linejoin", "round"),
                        ("stroke-linecap", "round"), ("stroke", color), ("stroke-width", SVGMarkup.number(SVGStyle.trackWidth)),
                        ("stroke-opacity", "0.85"),
                    ])
            }
            svg.open("g", [("class", "path-end")])
            svg.text("title", path.name)
            svg.element(
                "circle",
                [("cx", SVGMarkup.number(last.x)), ("cy", SVGMarkup.number(last.y)), ("r", SVGMarkup.number(Self.pathEndRadius)), ("fill", color)])
            svg.close("g")
        }
        svg.close("g")
    }

    private func entries(into svg: inout SVGMarkup) {
        let zone = ZoneClock(identifier: timeline.timezone)
        svg.open("g", [("class", "entries")])
        for marker in markers where marker.at != marker.spot {
            svg.element(
                "path",
                [
                    (
                        "d",
                        "M\(SVGMarkup.number(marker.at.x)) \(SVGMarkup.number(marker.at.y)) L\(SVGMarkup.number(marker.spot.x)) \(SVGMarkup.number(marker.spot.y))"
                    ),
                    ("stroke", SVGStyle.mutedInk), ("stroke-width", "1"),
                ])
        }
        for marker in markers {
            let entry = marker.entry
            svg.open("g", [("class", "entry \(entry.kind.rawValue)")])
            let elapsed = TimeText.elapsed(from: timeline.start, to: entry.time)
            let detail = entry.detail.map { " — \($0)" } ?? ""
            let clock = "\(zone.clock(entry.time)) \(zone.abbreviation(entry.time))"
            svg.text("title", "\(clock) \(elapsed) · \(Self.name(of: entry.kind)) · \(entry.title)\(detail)")
            Self.marker(entry.kind, at: marker.spot, radius: SVGStyle.entryRadius, into: &svg)
            svg.close("g")
        }
        svg.close("g")
    }

    // MARK: - Shared with the sidebar

    /// An entry's marker at `p`: a diamond for park (presence) events, else a dot.
    static func marker(_ kind: Kind, at p: Point, radius r: Double, into svg: inout SVGMarkup) {
        let paint: [SVGMarkup.Attribute] = [("fill", color(for: kind)), ("stroke", SVGStyle.halo), ("stroke-width", "1.5")]
        if kind == .presenceEnter || kind == .presenceExit {
            let d = r * 1.3
            let (x, y) = (p.x, p.y)
            svg.element(
                "path",
                [
                    (
                        "d",
                        "M\(SVGMarkup.number(x)) \(SVGMarkup.number(y - d)) L\(SVGMarkup.number(x + d)) \(SVGMarkup.number(y))"
                            + " L\(SVGMarkup.number(x)) \(SVGMarkup.number(y + d)) L\(SVGMarkup.number(x - d)) \(SVGMarkup.number(y)) Z"
                    )
                ] + paint)
        } else {
            svg.element("circle", [("cx", SVGMarkup.number(p.x)), ("cy", SVGMarkup.number(p.y)), ("r", SVGMarkup.number(r))] + paint)
        }
    }

    /// The start (a white dot ringed in the track's color) or end (a dark dot) marker;
    /// with a `title`, in a group classed `start` or `end` (the picture's, not a legend swatch).
    static func endpoint(start: Bool, at p: Point, title: String? = nil, radius: Double = SVGStyle.endpointRadius, into svg: inout SVGMarkup) {
        if let title {
            svg.open("g", [("class", start ? "start" : "end")])
            svg.text("title", title)
        }
        svg.element(
            "circle",
            [
                ("cx", SVGMarkup.number(p.x)), ("cy", SVGMarkup.number(p.y)), ("r", SVGMarkup.number(radius)),
                ("fill", start ? SVGStyle.halo : SVGStyle.trackColor),
                ("stroke", start ? SVGStyle.trackColor : SVGStyle.halo), ("stroke-width", start ? "3" : "2"),
            ])
        if title != nil { svg.close("g") }
    }

    /// The color of a kind's marker.
    static func color(for kind: Kind) -> String {
        switch kind {
        case .enter, .presenceEnter, .zoneReturn, .reporting, .together: SVGStyle.enterColor
        case .exit, .presenceExit, .zoneLeft: SVGStyle.exitColor
        case .silent, .drift: SVGStyle.missedColor
        case .emergency, .overdue: SVGStyle.emergencyColor
        case .dwell: SVGStyle.dwellColor
        case .callout: SVGStyle.calloutColor
        case .calloutHeld: SVGStyle.heldColor
        case .missedEnter: SVGStyle.missedColor
        case .monitor, .context: SVGStyle.otherEventColor
        case .location: SVGStyle.locationColor
        }
    }

    /// A kind as the legend names it.
    static func name(of kind: Kind) -> String {
        switch kind {
        case .presenceEnter: "park enter"
        case .presenceExit: "park exit"
        case .enter: "enter"
        case .exit: "exit"
        case .dwell: "dwell"
        case .callout: "callout"
        case .calloutHeld: "callout held"
        case .monitor: "monitoring"
        case .missedEnter: "missed enter"
        case .context: "context"
        case .location: "location state"
        case .zoneLeft: "left safe zones"
        case .zoneReturn: "back in a safe zone"
        case .silent: "stopped reporting"
        case .reporting: "reporting again"
        case .drift: "drifted apart"
        case .together: "together again"
        case .emergency: "emergency"
        case .overdue: "watch ran out"
        }
    }

    // MARK: - Pure helpers

    /// Where the `index`-th marker at one spot goes: the first on it, the next ones
    /// around it clockwise from the top, a ring further out every six.
    static func fanned(_ p: Point, index: Int) -> Point {
        guard index > 0 else { return p }
        let angle = -Double.pi / 2 + Double((index - 1) % 6) * Double.pi / 3
        let distance = SVGStyle.stackOffset * Double(1 + (index - 1) / 6)
        return (p.x + distance * cos(angle), p.y + distance * sin(angle))
    }

    /// `M x y L x y …` through `points`.
    static func pathData(_ points: [Point]) -> String {
        points.enumerated().map { index, p in "\(index == 0 ? "M" : "L")\(SVGMarkup.number(p.x)) \(SVGMarkup.number(p.y))" }
            .joined(separator: " ")
    }
}
