import ScreenModel

/// Where everything on a map picture goes, worked out before anything is drawn:
/// 1. the clusters that show, sized by count and kept apart (``SVGClusterDiscs``);
/// 2. the pins that show;
/// 3. the legend of what 1 and 2 hold (``SVGMapLegend``), and the overlay's panels;
/// 4. pin labels, placed in the map's order of its annotations (``SVGLabelPlacer``) clear of
///    the panels, the clusters, the pins and each other. A pin whose label finds no room
///    gets none, and the title panel says how many did not (and how many clusters a crowd
///    squeezed to nothing, if any).
///
/// While labels are placed, the title panel keeps room for the line saying how many are
/// hidden (as if none fit); if all fit, the line goes and the panel only shrinks.
struct SVGMapLayout {
    /// A cluster as drawn.
    struct Cluster {
        var cluster: Component.Map.Cluster
        /// Where its disc is: where the cluster is, or nudged a few points off it by neighbors.
        var x, y: Double
        /// The radius of its disc with its ring.
        var outerRadius: Double
        /// The radius of the disc inside the ring.
        var discRadius: Double { outerRadius - SVGMapLayout.ringReach }
    }

    /// A pin as drawn.
    struct Pin {
        var pin: Component.Map.Pin
        var x, y: Double
    }

    /// How far a cluster's ring reaches beyond its disc: a 1-point gap, then the ring.
    static let ringReach = 1 + SVGStyle.ringWidth
    /// How far a pin's dot reaches from its center, its white edge included.
    static let pinReach = SVGStyle.pinRadius + 0.75

    let clusters: [Cluster]
    let pins: [Pin]
    let legend: SVGMapLegend
    let overlay: SVGOverlay
    let labels: [SVGLabelPlacer.Label]
    /// How many pins that show have no label.
    let hiddenLabels: Int
    /// How many clusters in view are not drawn, squeezed to nothing by a crowd.
    let hiddenClusters: Int

    /// The layout of `map`, the first map of `screen`, drawn with `projection`.
    init(screen: Screen, map: Component.Map, projection: SVGProjection) {
        (clusters, hiddenClusters) = Self.clusters(of: map, projection: projection)
        pins = map.annotations.compactMap { annotation -> Pin? in
            guard case .pin(let pin) = annotation else { return nil }
            let at = projection.point(pin.coordinate)
            return projection.isVisible(at, radius: SVGStyle.pinRadius) ? Pin(pin: pin, x: at.x, y: at.y) : nil
        }
        legend = SVGMapLegend(pins: pins.map(\.pin), clusters: clusters.map(\.cluster))

        let roomy = SVGOverlay(screen: screen, map: map, projection: projection, legend: legend, hidden: (pins.count, hiddenClusters))
        var placer = SVGLabelPlacer(width: projection.width, height: projection.height)
        for box in roomy.boxes { placer.avoid(.box(box)) }
        for cluster in clusters { placer.avoid(.circle(x: cluster.x, y: cluster.y, radius: cluster.outerRadius)) }
        for pin in pins { placer.avoid(.circle(x: pin.x, y: pin.y, radius: Self.pinReach)) }
        var labels: [SVGLabelPlacer.Label] = []
        for pin in pins {
            if let label = placer.place(pin.pin.title, at: (pin.x, pin.y)) { labels.append(label) }
        }
        self.labels = labels
        hiddenLabels = pins.count - labels.count
        overlay = hiddenLabels == pins.count
            ? roomy : SVGOverlay(screen: screen, map: map, projection: projection, legend: legend, hidden: (hiddenLabels, hiddenClusters))
    }

    // MARK: - Private helpers

    /// The clusters that show, with discs that do not overlap, and how many in view were
    /// squeezed to nothing (only where a flow piles clusters on one spot). Clusters a little
    /// outside the picture take part in the spacing, since they may push one inside.
    private static func clusters(of map: Component.Map, projection: SVGProjection) -> (shown: [Cluster], hidden: Int) {
        let largest = SVGStyle.clusterMaxRadius + ringReach
        let near = map.annotations.compactMap { annotation -> Cluster? in
            guard case .cluster(let cluster) = annotation else { return nil }
            let at = projection.point(cluster.coordinate)
            guard projection.isVisible(at, radius: 2 * largest + SVGStyle.clusterGap + SVGStyle.clusterMaxShift) else { return nil }
            return Cluster(cluster: cluster, x: at.x, y: at.y, outerRadius: SVGMapLayer.radius(count: cluster.count) + ringReach)
        }
        let discs = SVGClusterDiscs.layout(
            near.map { SVGClusterDiscs.Disc(x: $0.x, y: $0.y, radius: $0.outerRadius) },
            minimum: SVGStyle.clusterMinRadius + ringReach, maxShift: SVGStyle.clusterMaxShift, gap: SVGStyle.clusterGap)
        var hidden = 0
        let shown = zip(near, discs).compactMap { cluster, disc -> Cluster? in
            guard projection.isVisible((disc.x, disc.y), radius: disc.radius) else { return nil }
            guard disc.radius > 0 else { hidden += 1; return nil }
            return Cluster(cluster: cluster.cluster, x: disc.x, y: disc.y, outerRadius: disc.radius)
        }
        return (shown, hidden)
    }
}
