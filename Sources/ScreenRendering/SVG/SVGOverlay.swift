import Formats
import ScreenModel

/// What sits on top of the map: the screen's title and zoom (top left) with, when some
/// pins had no room for their labels (or clusters for their discs), how many; a scale bar (bottom left) and the legend
/// (bottom right, or another corner where that would cover the visitor's own markers). Panels are measured before
/// labels are placed, so labels keep clear of them.
struct SVGOverlay {
    private struct Row {
        var text: String
        var size: Double
        var bold = false
        var color: String? = nil
        /// A layer's marker instead of a color's dot.
        var layer: Component.Map.Pin.Layer? = nil
        /// Right-aligned after the text: a legend entry's count.
        var trailing: String? = nil
    }

    private struct Panel {
        var box: SVGMapLayer.Box
        var rows: [Row]
    }

    /// Panel padding and the gap between rows.
    static let padding = 8.0
    /// Between a legend entry's name and its count.
    private static let trailingGap = 10.0

    /// Where the panels go; labels keep out of these.
    var boxes: [SVGMapLayer.Box] { [title.box] + [legend?.box, scale?.panel.box].compactMap { $0 } }

    private var title: Panel
    private let legend: Panel?
    private let scale: (panel: Panel, length: Double)?

    /// The panels of a map picture.
    /// - Parameters:
    ///   - legend: the picture's colors, whose entries the legend lists in order.
    ///   - hidden: how many pins got no label and how many clusters were not drawn; the
    ///     title panel says so when they are not 0.
    ///   - keepClear: markers the legend must not cover (the visitor's favorites and own pins:
    ///     drawn under the panels, and few).
    init(
        screen: Screen, map: Component.Map, projection: SVGProjection, legend: SVGMapLegend, hidden: (labels: Int, clusters: Int),
        keepClear: [(x: Double, y: Double)] = []
    ) {
        let m = SVGStyle.margin
        title = Self.titlePanel(screen: screen, map: map, projection: projection, hidden: hidden)

        let rows =
            legend.entries.map { entry in
                // Category ids read as words ("picnic_area": "picnic area").
                Row(
                    text: SVGStyle.truncated(entry.label.replacing("_", with: " "), to: 20), size: 11, color: entry.color,
                    trailing: SVGMapLayer.countLabel(entry.count))
            }
            + legend.layers.map { entry in
                Row(text: SVGLayerMarker.label(entry.layer), size: 11, layer: entry.layer, trailing: SVGMapLayer.countLabel(entry.count))
            }
        let scale = projection.metresPerPoint.map { metres in
            let bar = Self.scaleBarPanel(metresPerPoint: metres, pictureWidth: projection.width, left: m, bottom: projection.height - m)
            return (panel: Panel(box: bar.box, rows: [Row(text: bar.label, size: 11)]), length: bar.length)
        }
        self.scale = scale
        self.legend =
            rows.isEmpty
            ? nil
            : Self.legendPanel(
                rows: rows, projection: projection, title: title.box,
                scale: scale?.panel.box, keepClear: keepClear)
    }

    /// The same panels with the title saying `hidden` instead: the legend stays where it
    /// was placed (labels were placed around it), and a title of fewer rows covers no more.
    func updating(hidden: (labels: Int, clusters: Int), screen: Screen, map: Component.Map, projection: SVGProjection) -> SVGOverlay {
        var copy = self
        copy.title = Self.titlePanel(screen: screen, map: map, projection: projection, hidden: hidden)
        return copy
    }

    /// The title panel: the screen's title, the zoom and site count, and what was hidden.
    private static func titlePanel(screen: Screen, map: Component.Map, projection: SVGProjection, hidden: (labels: Int, clusters: Int)) -> Panel {
        let m = SVGStyle.margin
        let room = max(projection.width - 2 * m - 2 * Self.padding, 40)
        let sites = SVGMapLayer.total(
            map.annotations.map { annotation in
                switch annotation {
                case .cluster(let cluster): cluster.count
                case .pin(let pin): pin.layer == .sites ? 1 : 0  // a favorite is a site already counted; an own pin is none
                }
            })
        let heading = SVGStyle.fitted(screen.title, width: room, size: 15, bold: true)
        let detail = "zoom \(Decimals.short(map.camera.zoom, 2)) · \(sites) \(sites == 1 ? "site" : "sites")"
        var titleRows = [Row(text: heading, size: 15, bold: true), Row(text: detail, size: 11.5)]
        for (count, noun) in [(hidden.clusters, "cluster"), (hidden.labels, "label")] where count > 0 {
            titleRows.append(Row(text: "\(count) \(noun)\(count == 1 ? "" : "s") hidden to avoid overlap", size: 11.5))
        }
        return panel(rows: titleRows, x: m, anchorBottom: nil, projection: projection)
    }

    /// The legend in the first corner, bottom right, top right, bottom left (above the scale
    /// bar), that covers none of `keepClear` and no other panel; else where it covers fewest.
    private static func legendPanel(
        rows: [Row], projection: SVGProjection, title: SVGMapLayer.Box, scale: SVGMapLayer.Box?,
        keepClear: [(x: Double, y: Double)]
    ) -> Panel {
        let m = SVGStyle.margin, bottom = projection.height - m
        let bottomRight = panel(rows: rows, x: nil, anchorBottom: bottom, projection: projection)
        guard !keepClear.isEmpty else { return bottomRight }
        let panels = [title] + [scale].compactMap { $0 }
        let aboveScale = scale.map { $0.minY - m } ?? bottom
        let candidates = [
            bottomRight, panel(rows: rows, x: nil, anchorBottom: nil, projection: projection),
            panel(rows: rows, x: m, anchorBottom: aboveScale, projection: projection),
        ]
        .filter { candidate in candidate.box.minY >= 0 && !panels.contains { $0.overlaps(candidate.box) } }
        let reach = SVGStyle.layerMarkerRadius
        func covered(_ candidate: Panel) -> Int {
            keepClear.filter { candidate.box.overlaps(.init(minX: $0.x - reach, minY: $0.y - reach, maxX: $0.x + reach, maxY: $0.y + reach)) }.count
        }
        return candidates.min { covered($0) < covered($1) } ?? bottomRight
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
            [
                ("x", SVGMarkup.number(x0 + length + 8)), ("y", SVGMarkup.number(y)),
                ("font-size", "11"), ("fill", SVGStyle.ink),
            ])
    }

    /// A rounded white panel behind text, filling `box`.
    static func background(_ box: SVGMapLayer.Box, into svg: inout SVGMarkup) {
        svg.element(
            "rect",
            [
                ("x", SVGMarkup.number(box.minX)), ("y", SVGMarkup.number(box.minY)),
                ("width", SVGMarkup.number(box.maxX - box.minX)), ("height", SVGMarkup.number(box.maxY - box.minY)),
                ("rx", "6"), ("fill", SVGStyle.panel), ("fill-opacity", SVGStyle.panelOpacity),
                ("stroke", SVGStyle.gridLine), ("stroke-width", "1"),
            ])
    }

    // MARK: - Private helpers

    /// A panel of `rows` at the left (`x`) or right edge, from the top or up from `anchorBottom`.
    private static func panel(rows: [Row], x: Double?, anchorBottom: Double?, projection: SVGProjection) -> Panel {
        let swatch = rows.contains { $0.color != nil || $0.layer != nil } ? 16.0 : 0
        let width =
            (rows.map { row in
                SVGStyle.boxWidth(row.text, size: row.size, bold: row.bold)
                    + (row.trailing.map { trailingGap + SVGStyle.boxWidth($0, size: row.size) } ?? 0)
            }.max() ?? 0) + swatch + 2 * padding
        let height = rows.reduce(0) { $0 + $1.size * 1.35 } + 2 * padding - 4
        let minX = x ?? projection.width - SVGStyle.margin - width
        let minY = anchorBottom.map { $0 - height } ?? SVGStyle.margin
        return Panel(box: .init(minX: minX, minY: minY, maxX: minX + width, maxY: minY + height), rows: rows)
    }

    private func drawPanel(_ panel: Panel, into svg: inout SVGMarkup) {
        Self.background(panel.box, into: &svg)
        let swatch = panel.rows.contains { $0.color != nil || $0.layer != nil } ? 16.0 : 0
        var y = panel.box.minY + Self.padding - 2
        for row in panel.rows {
            y += row.size * 1.35
            let baseline = y - row.size * 0.35
            if let layer = row.layer {
                SVGLayerMarker.draw(layer, x: panel.box.minX + Self.padding + 5, y: baseline - row.size * 0.35, radius: 6, into: &svg)
            } else if let color = row.color {
                svg.element(
                    "circle",
                    [
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
            if let trailing = row.trailing {
                svg.text(
                    "text", trailing,
                    [
                        ("x", SVGMarkup.number(panel.box.maxX - Self.padding)), ("y", SVGMarkup.number(baseline)), ("text-anchor", "end"),
                        ("font-size", SVGMarkup.number(row.size)), ("fill", SVGStyle.mutedInk),
                    ])
            }
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
