import Formats

/// A scale bar: the longest round ground distance that fits, as a bar with its label. It is
/// drawn in a band beside the map (a map picture's footer, a timeline's strip under its
/// square), never over what the map shows.
struct SVGScaleBar {
    /// The room a scale bar takes in a band, from its top to the bar.
    static let height = 20.0

    /// The bar's length in points.
    let length: Double
    /// "500 m", "2 km".
    let label: String

    /// The bar for a map at `metresPerPoint`, at most `maxPoints` long; nil when the scale is meaningless.
    init?(metresPerPoint: Double?, maxPoints: Double) {
        guard let metresPerPoint, metresPerPoint.isFinite, metresPerPoint > 0 else { return nil }
        (length, label) = Self.round(metresPerPoint: metresPerPoint, maxPoints: maxPoints)
    }

    /// The width the bar and its label take.
    var width: Double { length + 8 + SVGStyle.textWidth(label, size: 11) }

    /// Appends the bar with its left end at `left` and its top at `top`.
    func draw(left: Double, top: Double, into svg: inout SVGMarkup) {
        let y = top + Self.height - 4
        let (a, b, c) = (SVGMarkup.number(left), SVGMarkup.number(left + length / 2), SVGMarkup.number(left + length))
        svg.open("g", [("class", "scale-bar")])
        svg.element(
            "path",
            [
                (
                    "d",
                    "M\(a) \(SVGMarkup.number(y - 5)) V\(SVGMarkup.number(y)) H\(c) V\(SVGMarkup.number(y - 5)) M\(b) \(SVGMarkup.number(y)) V\(SVGMarkup.number(y - 3))"
                ),
                ("fill", "none"), ("stroke", SVGStyle.ink), ("stroke-width", "1.5"),
            ])
        svg.text(
            "text", label,
            [("x", SVGMarkup.number(left + length + 8)), ("y", SVGMarkup.number(y)), ("font-size", "11"), ("fill", SVGStyle.ink)])
        svg.close("g")
    }

    // MARK: - Pure helpers

    /// The longest round distance (1, 2 or 5 × 10ⁿ metres) that fits in `maxPoints`, as
    /// its length in points and its label ("500 m", "2 km").
    static func round(metresPerPoint: Double, maxPoints: Double) -> (points: Double, label: String) {
        let limit = metresPerPoint * maxPoints
        var best = 1.0
        var magnitude = 1.0
        while magnitude <= limit && magnitude < 1e8 {
            for step in [1.0, 2.0, 5.0] where step * magnitude <= limit { best = step * magnitude }
            magnitude *= 10
        }
        let label = best >= 1000 ? "\(Decimals.short(best / 1000, 0)) km" : "\(Decimals.short(best, 0)) m"
        return (best / metresPerPoint, label)
    }
}
