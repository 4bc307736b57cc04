import Foundation
import ScreenModel

/// The map's content in SVG: the park's boundary, clusters as discs sized by the
/// logarithm of their count with a ring of category arcs, and pins as dots colored
/// by category, labelled with their titles when there are few.
struct SVGMapLayer {
    /// A rectangle in picture points, to keep labels apart.
    struct Box {
        var minX, minY, maxX, maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    let map: Component.Map
    let projection: SVGProjection
    /// Every category on the map, sorted: a category's color is its place here.
    let categories: [String]
    /// Whether anything is drawn in the grey of no category: a pin without one, or
    /// part of a cluster's ring that its listed categories do not cover.
    let hasUncategorised: Bool

    init(map: Component.Map, projection: SVGProjection) {
        self.map = map
        self.projection = projection
        var found = Set<String>()
        var grey = false
        for annotation in map.annotations {
            switch annotation {
            case .cluster(let cluster):
                found.formUnion(cluster.categories.map(\.category))
                let covered = Self.total(cluster.categories.prefix(SVGStyle.ringMaxSegments).map(\.count))
                grey = grey || (!cluster.categories.isEmpty && covered < cluster.count)
            case .pin(let pin):
                if let category = pin.category { found.insert(category) } else { grey = true }
            }
        }
        categories = found.sorted()
        hasUncategorised = grey
    }

    /// The color of `category`: its palette entry, or grey when it has none.
    func color(for category: String?) -> String {
        guard let category, let index = categories.firstIndex(of: category) else { return SVGStyle.uncategorised }
        return SVGStyle.palette[index % SVGStyle.palette.count]
    }

    /// Appends the boundary, then clusters, then pins and their labels; labels keep
    /// clear of the `reserved` boxes (the overlay's panels).
    func draw(into svg: inout SVGMarkup, reserved: [Box] = []) {
        boundary(into: &svg)
        var taken = reserved
        svg.open("g", [("class", "clusters")])
        for case .cluster(let cluster) in map.annotations {
            let center = projection.point(cluster.coordinate)
            let radius = Self.radius(count: cluster.count)
            guard projection.isVisible(center, radius: radius + SVGStyle.ringWidth) else { continue }
            self.cluster(cluster, at: center, radius: radius, into: &svg)
            taken.append(Box(minX: center.x - radius, minY: center.y - radius, maxX: center.x + radius, maxY: center.y + radius))
        }
        svg.close("g")
        let pins = map.annotations.compactMap { if case .pin(let pin) = $0 { pin } else { nil } }
            .map { (pin: $0, at: projection.point($0.coordinate)) }
            .filter { projection.isVisible($0.at, radius: SVGStyle.pinRadius) }
        let r = SVGStyle.pinRadius
        taken += pins.map { Box(minX: $0.at.x - r, minY: $0.at.y - r, maxX: $0.at.x + r, maxY: $0.at.y + r) }
        svg.open("g", [("class", "pins")])
        for (pin, at) in pins {
            svg.open("g")
            svg.text("title", [pin.title, pin.category].compactMap { $0 }.joined(separator: " · "))
            svg.element("circle", [
                ("cx", SVGMarkup.number(at.x)), ("cy", SVGMarkup.number(at.y)), ("r", SVGMarkup.number(r)),
                ("fill", color(for: pin.category)), ("stroke", SVGStyle.halo), ("stroke-width", "1.5"),
            ])
            svg.close("g")
        }
        if pins.count <= SVGStyle.labelLimit {
            for (pin, at) in pins { label(pin.title, at: at, taken: &taken, into: &svg) }
        }
        svg.close("g")
    }

    // MARK: - Private helpers

    private func boundary(into svg: inout SVGMarkup) {
        let rings = map.boundary.map { ring in
            ring.map(projection.point).filter { $0.x.isFinite && $0.y.isFinite }
        }.filter { $0.count >= 3 }
        guard !rings.isEmpty else { return }
        let d = rings.map { ring in
            ring.enumerated().map { index, p in "\(index == 0 ? "M" : "L")\(SVGMarkup.number(p.x)) \(SVGMarkup.number(p.y))" }
                .joined(separator: " ") + " Z"
        }.joined(separator: " ")
        svg.element("path", [
            ("class", "boundary"), ("d", d), ("fill", SVGStyle.parkFill), ("fill-rule", "evenodd"),
            ("stroke", SVGStyle.parkStroke), ("stroke-width", "1.5"), ("stroke-linejoin", "round"),
        ])
    }

    private func cluster(_ cluster: Component.Map.Cluster, at center: (x: Double, y: Double), radius: Double, into svg: inout SVGMarkup) {
        let (cx, cy) = (SVGMarkup.number(center.x), SVGMarkup.number(center.y))
        svg.open("g")
        let mix = cluster.categories.map { "\($0.category) \($0.count)" }.joined(separator: ", ")
        svg.text("title", "\(cluster.count) sites\(mix.isEmpty ? "" : " · \(mix)") · splits at zoom \(cluster.expansionZoom)")
        svg.element("circle", [
            ("cx", cx), ("cy", cy), ("r", SVGMarkup.number(radius)),
            ("fill", SVGStyle.clusterFill), ("fill-opacity", "0.92"), ("stroke", SVGStyle.halo), ("stroke-width", "2"),
        ])
        ring(cluster, at: center, radius: radius + 1 + SVGStyle.ringWidth / 2, into: &svg)
        let size = min(max(radius * 0.62, 10), 17)
        svg.text("text", Self.countLabel(cluster.count), [
            ("x", cx), ("y", SVGMarkup.number(center.y + size * 0.36)), ("text-anchor", "middle"),
            ("font-size", SVGMarkup.number(size)), ("font-weight", "bold"), ("fill", SVGStyle.halo),
        ])
        svg.close("g")
    }

    /// The category mix as arcs clockwise from the top; what no category covers stays grey.
    private func ring(_ cluster: Component.Map.Cluster, at center: (x: Double, y: Double), radius: Double, into svg: inout SVGMarkup) {
        let counts = cluster.categories.filter { $0.count > 0 }
        guard !counts.isEmpty else { return }
        // Doubles: counts come from data and their sum may exceed Int.
        let total = max(Double(cluster.count), counts.reduce(0) { $0 + Double($1.count) })
        var segments = counts.prefix(SVGStyle.ringMaxSegments).map { (color: color(for: $0.category), count: Double($0.count)) }
        let rest = total - segments.reduce(0) { $0 + $1.count }
        if rest > 0 { segments.append((SVGStyle.uncategorised, rest)) }
        let stroke: [SVGMarkup.Attribute] = [("fill", "none"), ("stroke-width", SVGMarkup.number(SVGStyle.ringWidth))]
        if segments.count == 1 {
            svg.element("circle", [("cx", SVGMarkup.number(center.x)), ("cy", SVGMarkup.number(center.y)),
                                   ("r", SVGMarkup.number(radius)), ("stroke", segments[0].color)] + stroke)
            return
        }
        let gap = 0.05  // radians between arcs, so neighbors stay apart
        var start = -Double.pi / 2
        for segment in segments {
            let sweep = segment.count / total * 2 * .pi
            defer { start += sweep }
            guard sweep > gap * 1.5 else { continue }
            let (a0, a1) = (start + gap / 2, start + sweep - gap / 2)
            let d = "M\(SVGMarkup.number(center.x + radius * cos(a0))) \(SVGMarkup.number(center.y + radius * sin(a0)))"
                + " A\(SVGMarkup.number(radius)) \(SVGMarkup.number(radius)) 0 \(a1 - a0 > .pi ? 1 : 0) 1"
                + " \(SVGMarkup.number(center.x + radius * cos(a1))) \(SVGMarkup.number(center.y + radius * sin(a1)))"
            svg.element("path", [("d", d), ("stroke", segment.color)] + stroke)
        }
    }

    /// A title beside its pin, on the first side (right, left, above, below) where it
    /// overlaps nothing drawn or labelled so far, cut shorter when no side has room;
    /// no label when even the short cut finds none.
    private func label(_ title: String, at p: (x: Double, y: Double), taken: inout [Box], into svg: inout SVGMarkup) {
        let inside = Box(minX: 0, minY: 0, maxX: projection.width, maxY: projection.height)
        for limit in [SVGStyle.labelMaxCharacters, SVGStyle.labelShortCharacters] {
            let text = SVGStyle.truncated(title, to: limit)
            let spot = Self.labelSpots(around: p, width: SVGStyle.textWidth(text, size: SVGStyle.labelSize)).first { candidate in
                candidate.box.minX >= inside.minX && candidate.box.maxX <= inside.maxX
                    && candidate.box.minY >= inside.minY && candidate.box.maxY <= inside.maxY
                    && !taken.contains { $0.overlaps(candidate.box) }
            }
            guard let spot else { continue }
            taken.append(spot.box)
            let baseline = (spot.box.minY + spot.box.maxY) / 2 + SVGStyle.labelSize * 0.35
            svg.text("text", text, [
                ("x", SVGMarkup.number(spot.x)), ("y", SVGMarkup.number(baseline)), ("text-anchor", spot.anchor),
                ("font-size", SVGMarkup.number(SVGStyle.labelSize)), ("fill", SVGStyle.ink),
                ("stroke", SVGStyle.halo), ("stroke-width", "3"), ("stroke-linejoin", "round"), ("paint-order", "stroke"),
            ])
            return
        }
    }

    /// Where a label `width` points wide may go around a pin at `p`: right, left, above, below.
    private static func labelSpots(around p: (x: Double, y: Double), width w: Double) -> [(box: Box, x: Double, anchor: String)] {
        let h = SVGStyle.labelSize * 1.2
        let gap = SVGStyle.pinRadius + 3
        return [
            (Box(minX: p.x + gap, minY: p.y - h / 2, maxX: p.x + gap + w, maxY: p.y + h / 2), p.x + gap, "start"),
            (Box(minX: p.x - gap - w, minY: p.y - h / 2, maxX: p.x - gap, maxY: p.y + h / 2), p.x - gap, "end"),
            (Box(minX: p.x - w / 2, minY: p.y - gap - h, maxX: p.x + w / 2, maxY: p.y - gap), p.x, "middle"),
            (Box(minX: p.x - w / 2, minY: p.y + gap, maxX: p.x + w / 2, maxY: p.y + gap + h), p.x, "middle"),
        ]
    }

    // MARK: - Pure helpers

    /// A cluster's radius in points: grows with the logarithm of its count, capped.
    static func radius(count: Int) -> Double {
        let r = SVGStyle.clusterBaseRadius + SVGStyle.clusterRadiusPerLog * log(Double(max(count, 1)))
        return min(r, SVGStyle.clusterMaxRadius)
    }

    /// The sum of the positive `counts`, saturating at `Int.max` instead of trapping.
    static func total(_ counts: [Int]) -> Int {
        counts.reduce(0) { sum, count in
            let (next, overflow) = sum.addingReportingOverflow(max(count, 0))
            return overflow ? Int.max : next
        }
    }

    /// `57`, `1.2k`, `12k`: what fits in a disc.
    static func countLabel(_ count: Int) -> String {
        switch count {
        case ..<1000: String(count)
        case ..<10_000: Decimals.short(Double(count) / 1000, 1) + "k"
        default: String(count / 1000) + "k"
        }
    }
}
