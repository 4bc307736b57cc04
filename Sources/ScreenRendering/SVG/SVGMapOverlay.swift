import Formats
import ScreenModel

/// What a map draws beyond its sites: the regions the phone watches, dashed under the
/// annotations (circles at their radius in ground metres, areas as outlines), and the
/// visitor's position over everything, a dot in its accuracy circle.
struct SVGMapOverlay {
    let map: Component.Map
    let projection: SVGProjection

    /// Appends the watched regions, each with its name as a tooltip.
    func regions(into svg: inout SVGMarkup) {
        guard !map.regions.isEmpty else { return }
        svg.open("g", [("class", "watched-regions"), ("fill", SVGStyle.watchedRegion), ("fill-opacity", "0.08"), ("stroke", SVGStyle.watchedRegion)])
        for region in map.regions {
            switch region.shape {
            case .circle(let center, let radius):
                let p = projection.point(center)
                let r = max(projection.points(metres: radius, at: center.latitude), 2)
                guard projection.isVisible(p, radius: r) else { continue }
                svg.open("g")
                svg.text("title", "\(region.name) · watched within \(Decimals.short(radius, 0)) m")
                svg.element(
                    "circle",
                    [
                        ("cx", SVGMarkup.number(p.x)), ("cy", SVGMarkup.number(p.y)), ("r", SVGMarkup.number(r)), ("stroke-width", "1.2"),
                        ("stroke-dasharray", "4 3"),
                    ])
                svg.close("g")
            case .area(let rings):
                let drawn = rings.map { ring in ring.map(projection.point).filter { $0.x.isFinite && $0.y.isFinite } }.filter { $0.count >= 3 }
                guard !drawn.isEmpty else { continue }
                let d = drawn.map { ring in
                    ring.enumerated().map { i, p in "\(i == 0 ? "M" : "L")\(SVGMarkup.number(p.x)) \(SVGMarkup.number(p.y))" }.joined(separator: " ") + " Z"
                }.joined(separator: " ")
                svg.open("g")
                svg.text("title", "\(region.name) · watched")
                svg.element("path", [("d", d), ("fill-rule", "evenodd"), ("stroke-width", "1.2"), ("stroke-dasharray", "4 3")])
                svg.close("g")
            }
        }
        svg.close("g")
    }

    /// Appends "you are here": the accuracy circle, then the dot on a white ring.
    func visitor(into svg: inout SVGMarkup) {
        guard let visitor = map.visitor else { return }
        let p = projection.point(visitor.coordinate)
        let reach = projection.points(metres: visitor.accuracy, at: visitor.coordinate.latitude)
        guard projection.isVisible(p, radius: max(reach, SVGStyle.visitorRadius)) else { return }
        svg.open("g", [("class", "visitor")])
        svg.text("title", "You are here · ±\(Decimals.short(visitor.accuracy, 0)) m")
        if reach > SVGStyle.visitorRadius {
            svg.element(
                "circle",
                [
                    ("cx", SVGMarkup.number(p.x)), ("cy", SVGMarkup.number(p.y)), ("r", SVGMarkup.number(reach)), ("fill", SVGStyle.visitorFill),
                    ("fill-opacity", "0.15"), ("stroke", SVGStyle.visitorFill), ("stroke-opacity", "0.5"),
                ])
        }
        svg.element(
            "circle",
            [
                ("cx", SVGMarkup.number(p.x)), ("cy", SVGMarkup.number(p.y)), ("r", SVGMarkup.number(SVGStyle.visitorRadius)),
                ("fill", SVGStyle.visitorFill), ("stroke", SVGStyle.halo), ("stroke-width", "2.5"),
            ])
        svg.close("g")
    }
}
