import Formats
import ScreenModel

extension TextLayout {
    /// A map as a summary line, then its clusters and pins in the order given (the
    /// flow lists clusters largest first), each followed by its action:
    ///
    /// ```
    /// Map · zoom 12 · 390×844 pt · 37.7536,-122.5436 → 37.8463,-122.3764
    /// ◉ 57 sites · historic 30, viewpoint 27 · splits at zoom 14
    ///   [5] Zoom in → go map center=37.8012,-122.4611 zoom=14
    /// • Fort Point · historic · 37.8105, -122.4770
    ///   [6] → go sites id=nps-poi:goga:0001
    /// ★ Fort Point · favorite · 37.8105, -122.4770
    /// ◆ Picnic spot · your pin · 37.8090, -122.4752
    /// ```
    ///
    /// The visitor's layers come after the sites: favorites (★), then own pins (◆).
    func map(_ map: Component.Map, width: Int) -> [String] {
        let box = map.bbox
        let size = "\(Decimals.short(map.size.width, 1))×\(Decimals.short(map.size.height, 1)) pt"
        let head = Self.dotted([
            ["Map"], ["zoom \(Decimals.short(map.camera.zoom, 2))"], [size],
            ["\(Self.compact(latitude: box.south, longitude: box.west)) →", Self.compact(latitude: box.north, longitude: box.east)],
        ])
        var lines = TextWrap.lines(words: head, width: width).map(paint.bold)
        if let visitor = map.visitor {
            let at = Self.compact(latitude: visitor.coordinate.latitude, longitude: visitor.coordinate.longitude)
            lines += TextWrap.hanging("You are here: \(at), ±\(Decimals.short(visitor.accuracy, 0)) m", width: width, first: "⊙ ", rest: "  ")
        }
        if !map.regions.isEmpty {
            let names = map.regions.prefix(5).map(\.name) + (map.regions.count > 5 ? ["and \(map.regions.count - 5) more"] : [])
            let count = "\(map.regions.count) region\(map.regions.count == 1 ? "" : "s")"
            lines += TextWrap.hanging("Watched: \(count): \(names.joined(separator: ", "))", width: width, first: "◌ ", rest: "  ").map(paint.dim)
        }
        if map.annotations.isEmpty {
            lines += TextWrap.hanging("No sites in this view.", width: width, first: "∅ ", rest: "  ").map(paint.dim)
        }
        let clusters = map.annotations.compactMap { if case .cluster(let cluster) = $0 { cluster } else { nil } }
        let pins = map.annotations.compactMap { if case .pin(let pin) = $0 { pin } else { nil } }
        for cluster in clusters {
            lines += annotation(cluster, marker: "◉ ", width: width)
        }
        for layer in Component.Map.Pin.Layer.allCases {
            for pin in pins where pin.layer == layer {
                lines += annotation(pin, marker: Self.marker(layer), width: width)
            }
        }
        return lines
    }

    // MARK: - Helpers (entry, dotted and words serve the AR view too)

    private func annotation(_ cluster: Component.Map.Cluster, marker: String, width: Int) -> [String] {
        // A number stays on the line of the word it counts.
        var parts = [["\(cluster.count) \(cluster.count == 1 ? "site" : "sites")"]]
        let counts = cluster.categories.map { "\($0.label) \($0.count)" }
        parts.append(counts.enumerated().map { index, count in index < counts.count - 1 ? count + "," : count })
        parts.append(["splits", "at", "zoom \(cluster.expansionZoom)"])
        return entry(parts, action: cluster.action, marker: marker, width: width)
    }

    private func annotation(_ pin: Component.Map.Pin, marker: String, width: Int) -> [String] {
        var parts = [Self.words(pin.title)]
        switch pin.layer {
        case .sites: break
        case .favorites: parts.append(["favorite"])
        case .own: parts.append(["your", "pin"])
        }
        if let category = pin.categoryName ?? pin.category { parts.append(Self.words(category)) }
        let c = pin.coordinate
        parts.append(["\(Decimals.fixed(c.latitude, 4)), \(Decimals.fixed(c.longitude, 4))"])
        return entry(parts, action: pin.action, marker: marker, width: width)
    }

    /// A pin's marker: a dot for a site, a star for a favorite, a diamond for an own pin.
    private static func marker(_ layer: Component.Map.Pin.Layer) -> String {
        switch layer {
        case .sites: "• "
        case .favorites: "★ "
        case .own: "◆ "
        }
    }

    /// `parts` on lines after `marker`, then the action's lines indented under them.
    func entry(_ parts: [[String]], action: Action?, marker: String, width: Int) -> [String] {
        let indent = TextWrap.spaces(TextWrap.columns(marker))
        var lines = TextWrap.prefixed(TextWrap.lines(words: Self.dotted(parts), width: width - indent.count), first: marker, rest: indent)
        if let action {
            lines += TextWrap.prefixed(actionLines(action, label: action.label, width: width - indent.count), first: indent, rest: indent)
        }
        return lines
    }

    /// `37.7536,-122.5436`: latitude first, four decimals (about 10 m), no space.
    private static func compact(latitude: Double, longitude: Double) -> String {
        "\(Decimals.fixed(latitude, 4)),\(Decimals.fixed(longitude, 4))"
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }
}
