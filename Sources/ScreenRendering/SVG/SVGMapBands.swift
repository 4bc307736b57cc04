import Formats
import ScreenModel

/// The bands around a map picture's drawing area, where its panels live: a header above
/// the map (the screen's title, the zoom and site count, and how many labels or clusters
/// found no room) and a footer below it (the scale bar, then the legend in as many columns
/// as the width holds). The map keeps its own size between them, so no panel ever covers a
/// cluster, a pin or a label: the picture grows instead.
struct SVGMapBands {
    /// One line of text in a band.
    struct Row {
        var text: String
        var size: Double
        var bold = false
    }

    /// One legend entry: a swatch, its name and its count.
    struct Entry {
        var text: String
        var count: String
        /// A category's color, or a layer's marker.
        var color: String?
        var layer: Component.Map.Pin.Layer?
    }

    /// From a band's edges to its text.
    static let padding = 10.0
    /// A legend row's height.
    static let entryHeight = 15.0
    /// Between two legend columns.
    static let columnGap = 18.0
    /// A swatch and the space after it.
    static let swatchWidth = 16.0
    /// Between an entry's name and its count.
    static let countGap = 10.0

    /// The picture's width, the map's and both bands'.
    let width: Double
    let mapHeight: Double
    let header: [Row]
    let entries: [Entry]
    let scaleBar: SVGScaleBar?
    /// How many legend columns there are, and each one's width.
    let columns: Int
    let columnWidth: Double

    /// The bands of a map `width × mapHeight` points drawn with `legend`.
    /// - Parameter hidden: how many pins got no label and how many clusters were not drawn;
    ///   the header says so when they are not 0.
    init(
        screen: Screen, map: Component.Map, legend: SVGMapLegend, hidden: (labels: Int, clusters: Int),
        width: Double, mapHeight: Double, metresPerPoint: Double?
    ) {
        self.width = width
        self.mapHeight = mapHeight
        let room = max(width - 2 * Self.padding, 40)
        let sites = SVGMapLayer.total(
            map.annotations.map { annotation in
                switch annotation {
                case .cluster(let cluster): cluster.count
                case .pin(let pin): pin.layer == .sites ? 1 : 0  // a favorite is a site already counted; an own pin is none
                }
            })
        var header = [
            Row(text: SVGStyle.fitted(screen.title, width: room, size: 15, bold: true), size: 15, bold: true),
            Row(text: "zoom \(Decimals.short(map.camera.zoom, 2)) · \(sites) \(sites == 1 ? "site" : "sites")", size: 11.5),
        ]
        for (count, noun) in [(hidden.clusters, "cluster"), (hidden.labels, "label")] where count > 0 {
            header.append(Row(text: "\(count) \(noun)\(count == 1 ? "" : "s") hidden to avoid overlap", size: 11.5))
        }
        self.header = header
        // Category ids read as words ("picnic_area": "picnic area").
        let entries =
            legend.entries.map { entry in
                Entry(
                    text: SVGStyle.truncated(entry.label.replacing("_", with: " "), to: 20), count: SVGMapLayer.countLabel(entry.count),
                    color: entry.color)
            }
            + legend.layers.map { entry in
                Entry(text: SVGLayerMarker.label(entry.layer), count: SVGMapLayer.countLabel(entry.count), layer: entry.layer)
            }
        self.entries = entries
        scaleBar = SVGScaleBar(metresPerPoint: metresPerPoint, maxPoints: min(SVGStyle.scaleBarMaxLength, width / 3))
        let widest =
            entries.map { Self.swatchWidth + SVGStyle.boxWidth($0.text, size: 11) + Self.countGap + SVGStyle.boxWidth($0.count, size: 11) }.max() ?? 0
        columnWidth = widest
        columns = entries.isEmpty ? 0 : max(1, min(entries.count, Int((room + Self.columnGap) / (widest + Self.columnGap))))
    }

    /// The header's height: its rows and padding.
    var headerHeight: Double {
        header.reduce(2 * Self.padding) { $0 + $1.size * 1.35 }.rounded(.up)
    }

    /// The footer's height: the scale bar, the legend's rows, padding; 0 with neither.
    var footerHeight: Double {
        let rows = columns > 0 ? (entries.count + columns - 1) / columns : 0
        guard scaleBar != nil || rows > 0 else { return 0 }
        let bar = scaleBar == nil ? 0 : SVGScaleBar.height + (rows > 0 ? 6 : 0)
        return (2 * Self.padding + bar + Double(rows) * Self.entryHeight).rounded(.up)
    }

    /// The whole picture's height.
    var pictureHeight: Double { headerHeight + mapHeight + footerHeight }

    /// Where the map is drawn, in picture points.
    var mapArea: SVGMapLayer.Box { .init(minX: 0, minY: headerHeight, maxX: width, maxY: headerHeight + mapHeight) }

    /// The bands' boxes in picture points: the header, then the footer when there is one.
    var boxes: [SVGMapLayer.Box] {
        let footer = SVGMapLayer.Box(minX: 0, minY: mapArea.maxY, maxX: width, maxY: pictureHeight)
        return [.init(minX: 0, minY: 0, maxX: width, maxY: headerHeight)] + (footerHeight > 0 ? [footer] : [])
    }

    /// Appends both bands.
    func draw(into svg: inout SVGMarkup) {
        for (i, box) in boxes.enumerated() {
            svg.open("g", [("class", i == 0 ? "header" : "footer")])
            svg.element(
                "rect",
                [
                    ("x", SVGMarkup.number(box.minX)), ("y", SVGMarkup.number(box.minY)), ("width", SVGMarkup.number(box.maxX - box.minX)),
                    ("height", SVGMarkup.number(box.maxY - box.minY)), ("fill", SVGStyle.panel),
                ])
            // The line between the band and the map.
            let edge = SVGMarkup.number(i == 0 ? box.maxY - 0.5 : box.minY + 0.5)
            svg.element("path", [("d", "M0 \(edge) H\(SVGMarkup.number(width))"), ("stroke", SVGStyle.gridLine), ("stroke-width", "1")])
            if i == 0 { drawHeader(into: &svg) } else { drawFooter(top: box.minY, into: &svg) }
            svg.close("g")
        }
    }

    // MARK: - Private helpers

    private func drawHeader(into svg: inout SVGMarkup) {
        var y = Self.padding
        for row in header {
            y += row.size * 1.35
            var attributes: [SVGMarkup.Attribute] = [
                ("x", SVGMarkup.number(Self.padding)), ("y", SVGMarkup.number(y - row.size * 0.35)),
                ("font-size", SVGMarkup.number(row.size)), ("fill", row.bold ? SVGStyle.ink : SVGStyle.mutedInk),
            ]
            if row.bold { attributes.append(("font-weight", "bold")) }
            svg.text("text", row.text, attributes)
        }
    }

    /// The scale bar, then the legend's entries down each column, most sites first.
    private func drawFooter(top: Double, into svg: inout SVGMarkup) {
        var y = top + Self.padding
        if let scaleBar {
            scaleBar.draw(left: Self.padding, top: y, into: &svg)
            y += SVGScaleBar.height + 6
        }
        guard columns > 0 else { return }
        let rows = (entries.count + columns - 1) / columns
        for (i, entry) in entries.enumerated() {
            let left = Self.padding + Double(i / rows) * (columnWidth + Self.columnGap)
            let baseline = y + Double(i % rows) * Self.entryHeight + 11
            let middle = baseline - 11 * 0.35
            if let layer = entry.layer {
                SVGLayerMarker.draw(layer, x: left + 5, y: middle, radius: 6, into: &svg)
            } else if let color = entry.color {
                svg.element(
                    "circle",
                    [
                        ("cx", SVGMarkup.number(left + 5)), ("cy", SVGMarkup.number(middle)), ("r", "5"), ("fill", color),
                        ("stroke", SVGStyle.halo), ("stroke-width", "1"),
                    ])
            }
            svg.text(
                "text", entry.text,
                [
                    ("x", SVGMarkup.number(left + Self.swatchWidth)), ("y", SVGMarkup.number(baseline)), ("font-size", "11"),
                    ("fill", SVGStyle.mutedInk),
                ])
            svg.text(
                "text", entry.count,
                [
                    ("x", SVGMarkup.number(left + columnWidth)), ("y", SVGMarkup.number(baseline)), ("text-anchor", "end"),
                    ("font-size", "11"), ("fill", SVGStyle.mutedInk),
                ])
        }
    }
}
