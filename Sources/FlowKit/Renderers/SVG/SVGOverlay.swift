import ScreenModel

/// What sits on top of the map: the screen's title and zoom (top left), a scale bar
/// (bottom left) and a legend of category colors (bottom right). Panels are measured
/// before the map is drawn so pin labels can keep clear of them.
struct SVGOverlay {
    private struct Panel {
        var box: SVGMapLayer.Box
        var rows: [(text: String, size: Double, bold: Bool, color: String?)]
    }

    /// Panel padding and the gap between rows.
    static let padding = 8.0

    /// Where the panels go; the map layer keeps labels out of these.
    var boxes: [SVGMapLayer.Box] { [title.box] + [legend?.box, scale?.panel.box].compactMap { $0 } }

    private let title: Panel
    private let legend: Panel?
    private let scale: (panel: Panel, length: Double)?

    init(screen: Screen, map: Component.Map, projection: SVGProjection, layer: SVGMapLayer) {
        let m = SVGStyle.margin, pad = Self.padding
        let room = max(projection.width - 2 * m - 2 * pad, 40)
        let sites = SVGMapLayer.total(map.annotations.map { annotation in
            if case .cluster(let cluster) = annotation { cluster.count } else { 1 }
        })
        let heading = SVGStyle.truncated(screen.title, to: max(Int(room / (15 * 0.6)), 4))
        let detail = "zoom \(Decimals.short(map.camera.zoom, 2)) · \(sites) \(sites == 1 ? "site" : "sites")"
        title = Self.panel(rows: [(heading, 15, true, nil), (detail, 11.5, false, nil)], x: m, anchorBottom: nil, projection: projection)

        var rows = layer.categories.prefix(SVGStyle.legendMaxRows).map { category in
            (text: SVGStyle.truncated(category, to: 20), size: 11.0, bold: false, color: Optional(layer.color(for: category)))
        }
        if layer.categories.count > SVGStyle.legendMaxRows {
            rows.append(("+ \(layer.categories.count - SVGStyle.legendMaxRows) more", 11, false, nil))
        }
        if layer.hasUncategorised { rows.append(("other", 11, false, SVGStyle.uncategorised)) }
        legend = rows.isEmpty ? nil : Self.panel(rows: rows, x: nil, anchorBottom: projection.height - m, projection: projection)

        scale = projection.metresPerPoint.map { metres in
            let bar = Self.scaleBarPanel(metresPerPoint: metres, pictureWidth: projection.width, left: m, bottom: projection.height - m)
            return (Panel(box: bar.box, rows: [(bar.label, 11, false, nil)]), bar.length)
        }
    }

    /// Appends the three panels.
    func draw(into svg: inout SVGMarkup) {
        drawPanel(title, into: &svg)
        if let legend { drawPanel(legend, into: &svg) }
        if let scale {
            Self.drawScaleBar(in: scale.panel.box, length: scale.length, label: scale.panel.rows[0].text, into: &svg)
        }
    }

    /// The scale bar's panel for a picture `pictureWidth` wide, its bottom-left corner at
    /// (`left`, `bottom`): the box, the bar's length in points and its label.
    static func scaleBarPanel(
        metresPerPoint: Double, pictureWidth: Double, left: Double, bottom: Double
    ) -> (box: SVGMapLayer.Box, length: Double, label: String) {
        let (length, label) = scaleBar(metresPerPoint: metresPerPoint, maxPoints: min(SVGStyle.scaleBarMaxLength, pictureWidth / 3))
        let width = length + 8 + SVGStyle.textWidth(label, size: 11) + 2 * padding
        return (SVGMapLayer.Box(minX: left, minY: bottom - 28, maxX: left + width, maxY: bottom), length, label)
    }

    /// Appends a scale bar `length` points long with its `label`, on a panel filling `box`.
    static func drawScaleBar(in box: SVGMapLayer.Box, length: Double, label: String, into svg: inout SVGMarkup) {
        background(box, into: &svg)
        let x0 = box.minX + padding, y = box.maxY - 11
        let (a, b, c) = (SVGMarkup.number(x0), SVGMarkup.number(x0 + length / 2), SVGMarkup.number(x0 + length))
        svg.element("path", [
            ("d", "M\(a) \(SVGMarkup.number(y - 5)) V\(SVGMarkup.number(y)) H\(c) V\(SVGMarkup.number(y - 5)) M\(b) \(SVGMarkup.number(y)) V\(SVGMarkup.number(y - 3))"),
            ("fill", "none"), ("stroke", SVGStyle.ink), ("stroke-width", "1.5"),
        ])
        svg.text("text", label, [
            ("x", SVGMarkup.number(x0 + length + 8)), ("y", SVGMarkup.number(y)),
            ("font-size", "11"), ("fill", SVGStyle.ink),
        ])
    }

    /// A rounded white panel behind text, filling `box`.
    static func background(_ box: SVGMapLayer.Box, into svg: inout SVGMarkup) {
        svg.element("rect", [
            ("x", SVGMarkup.number(box.minX)), ("y", SVGMarkup.number(box.minY)),
            ("width", SVGMarkup.number(box.maxX - box.minX)), ("height", SVGMarkup.number(box.maxY - box.minY)),
            ("rx", "6"), ("fill", SVGStyle.panel), ("fill-opacity", SVGStyle.panelOpacity),
            ("stroke", SVGStyle.gridLine), ("stroke-width", "1"),
        ])
    }

    // MARK: - Private helpers

    /// A panel of `rows` at the left (`x`) or right edge, from the top or up from `anchorBottom`.
    private static func panel(
        rows: [(text: String, size: Double, bold: Bool, color: String?)], x: Double?, anchorBottom: Double?, projection: SVGProjection
    ) -> Panel {
        let swatch = rows.contains { $0.color != nil } ? 16.0 : 0
        let width = (rows.map { SVGStyle.textWidth($0.text, size: $0.size, bold: $0.bold) }.max() ?? 0) + swatch + 2 * padding
        let height = rows.reduce(0) { $0 + $1.size * 1.35 } + 2 * padding - 4
        let minX = x ?? projection.width - SVGStyle.margin - width
        let minY = anchorBottom.map { $0 - height } ?? SVGStyle.margin
        return Panel(box: .init(minX: minX, minY: minY, maxX: minX + width, maxY: minY + height), rows: rows)
    }

    private func drawPanel(_ panel: Panel, into svg: inout SVGMarkup) {
        Self.background(panel.box, into: &svg)
        let swatch = panel.rows.contains { $0.color != nil } ? 16.0 : 0
        var y = panel.box.minY + Self.padding - 2
        for row in panel.rows {
            y += row.size * 1.35
            let baseline = y - row.size * 0.35
            if let color = row.color {
                svg.element("circle", [
                    ("cx", SVGMarkup.number(panel.box.minX + Self.padding + 5)), ("cy", SVGMarkup.number(baseline - row.size * 0.35)),
                    ("r", "5"), ("fill", color), ("stroke", SVGStyle.halo), ("stroke-width", "1"),
                ])
            }
            var attributes: [SVGMarkup.Attribute] = [
                ("x", SVGMarkup.number(panel.box.minX + Self.padding + swatch)), ("y", SVGMarkup.number(baseline)),
                ("font-size", SVGMarkup.number(row.size)), ("fill", row.bold ? SVGStyle.ink : SVGStyle.mutedInk),
            ]
            if row.bold { attributes.append(("font-weight", "bold")) }
            svg.text("text", row.text, attributes)
        }
    }

    // MARK: - Pure helpers

    /// The longest round distance (1, 2 or 5 × 10ⁿ metres) that fits in `maxPoints`, as
    /// its length in points and its label ("500 m", "2 km").
    static func scaleBar(metresPerPoint: Double, maxPoints: Double) -> (points: Double, label: String) {
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
