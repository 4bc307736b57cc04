#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// The markers of the visitor's layers (a pin's ``Component/Map/Pin/Layer``): a favorite is a
/// gold star, a pin the visitor dropped a purple diamond. Shapes, not only colors, so they
/// stand apart from the sites' category dots for every reader, and the legend shows the same.
enum SVGLayerMarker {
    /// What the legend calls a layer.
    static func label(_ layer: Component.Map.Pin.Layer) -> String {
        switch layer {
        case .sites: "sites"
        case .favorites: "favorites"
        case .own: "your pins"
        }
    }

    /// Appends the marker of `layer` centred at (`x`, `y`), reaching `radius` points out.
    static func draw(_ layer: Component.Map.Pin.Layer, x: Double, y: Double, radius: Double, into svg: inout SVGMarkup) {
        switch layer {
        case .sites:
            svg.element(
                "circle",
                [
                    ("cx", SVGMarkup.number(x)), ("cy", SVGMarkup.number(y)), ("r", SVGMarkup.number(radius)),
                    ("fill", SVGStyle.uncategorised), ("stroke", SVGStyle.halo), ("stroke-width", "1.5"),
                ])
        case .favorites:
            svg.element(
                "path",
                [
                    ("d", star(x: x, y: y, radius: radius)), ("fill", SVGStyle.favoriteFill),
                    ("stroke", SVGStyle.ink), ("stroke-width", "1.2"), ("stroke-linejoin", "round"),
                ])
        case .own:
            let d =
                "M\(SVGMarkup.number(x)) \(SVGMarkup.number(y - radius)) L\(SVGMarkup.number(x + radius * 0.75)) \(SVGMarkup.number(y))"
                + " L\(SVGMarkup.number(x)) \(SVGMarkup.number(y + radius)) L\(SVGMarkup.number(x - radius * 0.75)) \(SVGMarkup.number(y)) Z"
            svg.element(
                "path",
                [
                    ("d", d), ("fill", SVGStyle.ownPinFill), ("stroke", SVGStyle.halo), ("stroke-width", "1.5"),
                    ("stroke-linejoin", "round"),
                ])
        }
    }

    /// A five-pointed star's outline, its points `radius` out, the first straight up.
    static func star(x: Double, y: Double, radius: Double) -> String {
        (0..<10).map { i in
            let r = i % 2 == 0 ? radius : radius * 0.45
            let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
            return "\(i == 0 ? "M" : "L")\(SVGMarkup.number(x + r * cos(angle))) \(SVGMarkup.number(y + r * sin(angle)))"
        }.joined(separator: " ") + " Z"
    }
}
