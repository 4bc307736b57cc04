#if canImport(FoundationEssentials)
import Formats
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// The map's content in SVG, drawn from its ``SVGMapLayout``: the park's boundary,
/// clusters as discs sized by the logarithm of their count with a ring of category arcs,
/// pins as dots colored by category, the visitor's favorites and own pins over them as
/// stars and diamonds (``SVGLayerMarker``), with the labels the layout found room for.
struct SVGMapLayer {
    /// A rectangle in picture points, to keep labels apart.
    struct Box: Equatable {
        var minX, minY, maxX, maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    let map: Component.Map
    let projection: SVGProjection
    let layout: SVGMapLayout

    /// Appends the boundary and the watched regions, then clusters, then pins and their
    /// labels, then the visitor's position over everything.
    func draw(into svg: inout SVGMarkup) {
        boundary(into: &svg)
        SVGMapOverlay(map: map, projection: projection).regions(into: &svg)
        Self.drawLeaders(layout.labels, into: &svg)
        svg.open("g", [("class", "clusters")])
        for cluster in layout.clusters { self.cluster(cluster, into: &svg) }
        svg.close("g")
        let r = SVGStyle.pinRadius
        svg.open("g", [("class", "pins")])
        for pin in layout.pins {
            svg.open("g")
            svg.text("title", [pin.pin.title, pin.pin.categoryName ?? pin.pin.category].compactMap { $0 }.joined(separator: " · "))
            svg.element(
                "circle",
                [
                    ("cx", SVGMarkup.number(pin.x)), ("cy", SVGMarkup.number(pin.y)), ("r", SVGMarkup.number(r)),
                    ("fill", layout.legend.color(for: pin.pin.category)), ("stroke", SVGStyle.halo), ("stroke-width", "1.5"),
                ])
            svg.close("g")
        }
        // The visitor's layers over the sites, each a shape of its own (SVGLayerMarker).
        for pin in layout.layerPins {
            svg.open("g", [("class", pin.pin.layer == .favorites ? "favorite" : "own-pin")])
            svg.text("title", "\(pin.pin.title) · \(pin.pin.layer == .favorites ? "favorite" : "your pin")")
            SVGLayerMarker.draw(pin.pin.layer, x: pin.x, y: pin.y, radius: SVGStyle.layerMarkerRadius, into: &svg)
            svg.close("g")
        }
        Self.draw(layout.labels, into: &svg)
        svg.close("g")
        SVGMapOverlay(map: map, projection: projection).visitor(into: &svg)
    }

    /// Appends the leader lines of `labels`: drawn before the marks, so they pass beneath them.
    static func drawLeaders(_ labels: [SVGLabelPlacer.Label], into svg: inout SVGMarkup) {
        guard labels.contains(where: { $0.leader != nil }) else { return }
        svg.open("g", [("class", "leaders")])
        for label in labels {
            guard let leader = label.leader else { continue }
            svg.element(
                "path",
                [
                    (
                        "d",
                        "M\(SVGMarkup.number(leader.x1)) \(SVGMarkup.number(leader.y1)) L\(SVGMarkup.number(leader.x2)) \(SVGMarkup.number(leader.y2))"
                    ),
                    ("stroke", SVGStyle.mutedInk), ("stroke-width", "1"),
                ])
        }
        svg.close("g")
    }

    /// Appends the text of `labels` on a white halo, each in `colors`' color for it (ink
    /// without one) and bold where `bold` says.
    static func draw(_ labels: [SVGLabelPlacer.Label], colors: [String?] = [], bold: [Bool] = [], into svg: inout SVGMarkup) {
        for (i, label) in labels.enumerated() {
            var attributes: [SVGMarkup.Attribute] = [
                ("x", SVGMarkup.number(label.x)), ("y", SVGMarkup.number(label.baseline)), ("text-anchor", label.anchor),
                ("font-size", SVGMarkup.number(label.size)), ("fill", (i < colors.count ? colors[i] : nil) ?? SVGStyle.ink),
                ("stroke", SVGStyle.halo), ("stroke-width", "3"), ("stroke-linejoin", "round"), ("paint-order", "stroke"),
            ]
            if i < bold.count && bold[i] { attributes.append(("font-weight", "bold")) }
            svg.text("text", label.text, attributes)
        }
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
        svg.element(
            "path",
            [
                ("class", "boundary"), ("d", d), ("fill", SVGStyle.parkFill), ("fill-rule", "evenodd"),
                ("stroke", SVGStyle.parkStroke), ("stroke-width", "1.5"), ("stroke-linejoin", "round"),
            ])
    }

    /// A disc with its ring and count; one squeezed too small for them (only where clusters
    /// nearly coincide) is a plain disc, its count in its tooltip.
    private func cluster(_ placed: SVGMapLayout.Cluster, into svg: inout SVGMarkup) {
        let cluster = placed.cluster
        let (cx, cy) = (SVGMarkup.number(placed.x), SVGMarkup.number(placed.y))
        svg.open("g")
        let mix = cluster.categories.map { "\($0.label) \($0.count)" }.joined(separator: ", ")
        svg.text("title", "\(cluster.count) sites\(mix.isEmpty ? "" : " · \(mix)") · splits at zoom \(cluster.expansionZoom)")
        let radius = placed.discRadius
        let plain = radius < SVGStyle.clusterMinRadius / 2
        svg.element(
            "circle",
            [
                ("cx", cx), ("cy", cy), ("r", SVGMarkup.number(plain ? max(placed.outerRadius - 1, 0) : radius)),
                ("fill", SVGStyle.clusterFill), ("fill-opacity", "0.92"), ("stroke", SVGStyle.halo), ("stroke-width", "2"),
            ])
        if !plain {
            ring(layout.legend.ring(of: cluster), at: (placed.x, placed.y), radius: radius + 1 + SVGStyle.ringWidth / 2, into: &svg)
            let size = min(max(radius * 0.62, 10), 17)
            svg.text(
                "text", Self.countLabel(cluster.count),
                [
                    ("x", cx), ("y", SVGMarkup.number(placed.y + size * 0.36)), ("text-anchor", "middle"),
                    ("font-size", SVGMarkup.number(size)), ("font-weight", "bold"), ("fill", SVGStyle.halo),
                ])
        }
        svg.close("g")
    }

    /// The category mix as arcs clockwise from the top, in the legend's colors.
    private func ring(_ parts: [(color: String, count: Double)], at center: (x: Double, y: Double), radius: Double, into svg: inout SVGMarkup) {
        guard !parts.isEmpty else { return }
        let total = parts.reduce(0) { $0 + $1.count }
        let stroke: [SVGMarkup.Attribute] = [("fill", "none"), ("stroke-width", SVGMarkup.number(SVGStyle.ringWidth))]
        if parts.count == 1 {
            svg.element(
                "circle",
                [
                    ("cx", SVGMarkup.number(center.x)), ("cy", SVGMarkup.number(center.y)),
                    ("r", SVGMarkup.number(radius)), ("stroke", parts[0].color),
                ] + stroke)
            return
        }
        let gap = 0.05  // radians between arcs, so neighbors stay apart
        var start = -Double.pi / 2
        for part in parts {
            let sweep = part.count / total * 2 * .pi
            defer { start += sweep }
            guard sweep > gap * 1.5 else { continue }
            let (a0, a1) = (start + gap / 2, start + sweep - gap / 2)
            let d =
                "M\(SVGMarkup.number(center.x + radius * cos(a0))) \(SVGMarkup.number(center.y + radius * sin(a0)))"
                + " A\(SVGMarkup.number(radius)) \(SVGMarkup.number(radius)) 0 \(a1 - a0 > .pi ? 1 : 0) 1"
                + " \(SVGMarkup.number(center.x + radius * cos(a1))) \(SVGMarkup.number(center.y + radius * sin(a1)))"
            svg.element("path", [("d", d), ("stroke", part.color)] + stroke)
        }
    }

    // MARK: - Pure helpers

    /// The radius a cluster's disc wants, in points: grows with the logarithm of its count,
    /// capped; neighbors may leave it less (see ``SVGClusterDiscs``).
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
