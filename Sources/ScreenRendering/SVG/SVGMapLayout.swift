#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// Where everything on a map picture goes, worked out before anything is drawn:
/// 1. the clusters that show, sized by count and kept apart (``SVGClusterDiscs``);
/// 2. the pins that show: the sites', and those of the visitor's layers (favorites, own
///    pins), drawn over them; a layer's marker that falls on a cluster's disc moves out to
///    its rim (clockwise from the top right), so the count stays readable;
/// 3. the legend of what 1 and 2 hold (``SVGMapLegend``);
/// 4. pin labels, placed clear of the clusters, the pins and each other (``SVGLabelPlacer``):
///    the visitor's layers first, then the sites in the map's order of its annotations (a
///    site's label already shown by its favorite is not repeated). A pin whose label finds no
///    room gets none;
/// 5. the bands around the map (``SVGMapBands``): the title, and how many labels (and
///    clusters squeezed to nothing by a crowd) did not fit, above; the scale bar and the
///    legend below. They lie outside the map's area, so they cover nothing of 1 to 4.
///
/// Everything but the bands is in the map's own points (its top-left corner at 0, 0); the
/// picture draws the map `bands.mapArea.minY` points down.
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
    /// How far a favorite's star or an own pin's diamond reaches from its center.
    static let layerReach = SVGStyle.layerMarkerRadius + 0.75

    let clusters: [Cluster]
    /// The sites' pins that show.
    let pins: [Pin]
    /// The pins of the visitor's layers that show, favorites before own pins.
    let layerPins: [Pin]
    let legend: SVGMapLegend
    /// The header and footer around the map.
    let bands: SVGMapBands
    let labels: [SVGLabelPlacer.Label]
    /// How many pins that show have no label.
    let hiddenLabels: Int
    /// How many clusters in view are not drawn, squeezed to nothing by a crowd.
    let hiddenClusters: Int

    /// The layout of `map`, the first map of `screen`, drawn with `projection`.
    init(screen: Screen, map: Component.Map, projection: SVGProjection) {
        (clusters, hiddenClusters) = Self.clusters(of: map, projection: projection)
        let visible = map.annotations.compactMap { annotation -> Pin? in
            guard case .pin(let pin) = annotation else { return nil }
            let at = projection.point(pin.coordinate)
            return projection.isVisible(at, radius: SVGStyle.layerMarkerRadius) ? Pin(pin: pin, x: at.x, y: at.y) : nil
        }
        pins = visible.filter { $0.pin.layer == .sites }
        layerPins = Self.onRims(visible.filter { $0.pin.layer == .favorites } + visible.filter { $0.pin.layer == .own }, of: clusters)
        legend = SVGMapLegend(pins: pins.map(\.pin), clusters: clusters.map(\.cluster), layers: layerPins.map(\.pin.layer))

        let labelled = layerPins + pins
        var placer = SVGLabelPlacer(width: projection.width, height: projection.height)
        for cluster in clusters { placer.avoid(.circle(x: cluster.x, y: cluster.y, radius: cluster.outerRadius)) }
        for pin in pins { placer.avoid(.circle(x: pin.x, y: pin.y, radius: Self.pinReach)) }
        for pin in layerPins { placer.avoid(.circle(x: pin.x, y: pin.y, radius: Self.layerReach)) }
        var labels: [SVGLabelPlacer.Label] = []
        var shown = 0
        for pin in labelled {
            // A favorite stands on its site: one label for both.
            if pin.pin.layer == .sites,
                layerPins.contains(where: {
                    $0.pin.layer == .favorites && $0.pin.title == pin.pin.title
                        && abs($0.x - pin.x) < 1 && abs($0.y - pin.y) < 1
                })
            {
                shown += 1
                continue
            }
            let reach = pin.pin.layer == .sites ? SVGStyle.pinRadius : SVGStyle.layerMarkerRadius
            if let label = placer.place(pin.pin.title, at: (pin.x, pin.y), reach: reach) {
                labels.append(label)
                shown += 1
            }
        }
        self.labels = labels
        hiddenLabels = labelled.count - shown
        bands = SVGMapBands(
            screen: screen, map: map, legend: legend, hidden: (hiddenLabels, hiddenClusters), width: projection.width,
            mapHeight: projection.height, metresPerPoint: projection.metresPerPoint)
    }

    // MARK: - Private helpers

    /// `pins` with each one that falls on a cluster's disc moved to that disc's rim: the
    /// first at the top right, the next ones a marker's width further clockwise.
    static func onRims(_ pins: [Pin], of clusters: [Cluster]) -> [Pin] {
        var taken: [Int: Int] = [:]  // markers on each cluster's rim so far
        return pins.map { pin in
            guard let c = clusters.indices.first(where: { hypot(pin.x - clusters[$0].x, pin.y - clusters[$0].y) < clusters[$0].outerRadius })
            else { return pin }
            let cluster = clusters[c], n = taken[c, default: 0]
            taken[c] = n + 1
            let rim = cluster.outerRadius
            // Angles clockwise from the top, in radians; one marker's width apart on the rim.
            let angle = Double.pi / 4 + Double(n) * 2 * asin(min(1, layerReach / rim))
            var moved = pin
            moved.x = cluster.x + rim * sin(angle)
            moved.y = cluster.y - rim * cos(angle)
            return moved
        }
    }

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
