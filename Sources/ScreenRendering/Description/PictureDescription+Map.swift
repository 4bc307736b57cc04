import ScreenModel

extension PictureDescription {
    /// "Map of Golden Gate National Recreation Area: 62 sites, 57 of them in 4 clusters.
    /// Clusters: 30 sites (historic 20, viewpoint 10) in the north-west, .... Sites: Fort
    /// Point (historic) in the north, .... Your favorites: .... Your pins: .... You are in
    /// the centre, within 10 m. Watched regions: .... The park's boundary is outlined."
    static func map(_ map: Component.Map, on screen: Screen) -> String {
        let clusters = map.annotations.compactMap { if case .cluster(let cluster) = $0 { cluster } else { nil } }
        let pins = map.annotations.compactMap { if case .pin(let pin) = $0 { pin } else { nil } }
        let sites = pins.filter { $0.layer == .sites }
        // Counts come from the flow: added without trapping, however large.
        let clustered = clusters.reduce(0) { saturated($0, max($1.count, 0)) }
        let total = saturated(clustered, sites.count)

        var headline = "Map of \(screen.title): "
        if total == 0 {
            headline += "no sites in this view"
        } else if clusters.isEmpty {
            headline += counted(total, "site", "sites")
        } else if sites.isEmpty {
            headline += "\(counted(total, "site", "sites")) in \(counted(clusters.count, "cluster", "clusters"))"
        } else {
            headline += "\(counted(total, "site", "sites")), \(clustered) of them in \(counted(clusters.count, "cluster", "clusters"))"
        }
        var sentences = [headline]
        if !clusters.isEmpty {
            sentences.append(
                "Clusters: "
                    + listed(
                        clusters.map { cluster in
                            let kinds = cluster.categories.prefix(3).map { "\($0.label) \($0.count)" }.joined(separator: ", ")
                            let what = counted(cluster.count, "site", "sites") + (kinds.isEmpty ? "" : " (\(kinds))")
                            return "\(what) \(place(cluster.coordinate, in: map.bbox))"
                        }))
        }
        for (layer, name) in [(Component.Map.Pin.Layer.sites, "Sites"), (.favorites, "Your favorites"), (.own, "Your pins")] {
            let shown = pins.filter { $0.layer == layer }
            guard !shown.isEmpty else { continue }
            sentences.append(
                "\(name): "
                    + listed(
                        shown.map { pin in
                            let kind = (pin.categoryName ?? pin.category).map { " (\($0))" } ?? ""
                            return "\(pin.title)\(kind) \(place(pin.coordinate, in: map.bbox))"
                        }))
        }
        if let visitor = map.visitor {
            sentences.append("You are \(place(visitor.coordinate, in: map.bbox)), within \(Int(min(visitor.accuracy, 1e9).rounded())) m")
        }
        if !map.regions.isEmpty {
            sentences.append("Watched regions: " + listed(map.regions.map(\.name)))
        }
        if !map.boundary.isEmpty { sentences.append("The park's boundary is outlined") }
        return sentences.joined(separator: ". ") + "."
    }

    /// `a + b`, or `Int.max` where that overflows.
    private static func saturated(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// Where `point` is in the map's box, in ninths: "in the north-west", "in the centre";
    /// "outside the view" beyond the box.
    static func place(_ point: Component.Coordinate, in box: Component.Map.BoundingBox) -> String {
        // A box across the antimeridian has its east edge below its west edge.
        let east = box.east < box.west ? box.east + 360 : box.east
        var longitude = point.longitude
        if box.east < box.west, longitude < box.west { longitude += 360 }
        let (width, height) = (east - box.west, box.north - box.south)
        guard width > 0, height > 0, width.isFinite, height.isFinite else { return "in the centre" }
        let x = (longitude - box.west) / width
        let y = (box.north - point.latitude) / height
        guard (0...1).contains(x), (0...1).contains(y) else { return "outside the view" }
        let row = y < 1 / 3 ? "north" : y > 2 / 3 ? "south" : ""
        let column = x < 1 / 3 ? "west" : x > 2 / 3 ? "east" : ""
        switch (row.isEmpty, column.isEmpty) {
        case (true, true): return "in the centre"
        case (false, false): return "in the \(row)-\(column)"
        default: return "in the \(row)\(column)"
        }
    }
}
