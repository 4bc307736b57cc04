/// Stacks the labels of on-screen sites so none overlap: nearest first, each label centred on
/// its site's x (kept inside the screen) and, when it would cover a label already placed,
/// moved up one row (its height plus a gap) at a time. The nearest site keeps its true
/// position and is drawn in front.
public enum ARLabelLayout {
    /// A placed label.
    public struct Label: Sendable, Hashable {
        /// Index into the placements given.
        public let placement: Int
        /// The label's top-left corner and size, points.
        public let x: Double, y: Double, width: Double, height: Double
        /// 0 at the site's own height, 1 one row up, ...
        public let stack: Int
        /// Drawing order: 0 is in front (the nearest).
        public let z: Int
    }

    /// Lays out labels of the given widths (points) for on-screen placements.
    /// - Parameters:
    ///   - placements: Sites on screen.
    ///   - widths: One label width per placement.
    ///   - height: Label height, points.
    ///   - gap: Space between stacked labels, points.
    ///   - screenWidth: When given, labels are shifted to lie within [0, screenWidth].
    public static func layout(_ placements: [ARProjector.Placement], widths: [Double], height: Double = 28,
                              gap: Double = 4, screenWidth: Double? = nil) -> [Label] {
        let order = placements.indices.sorted {
            placements[$0].distance < placements[$1].distance
                || (placements[$0].distance == placements[$1].distance && $0 < $1)
        }
        var placed: [Label] = []
        for (z, i) in order.enumerated() {
            let p = placements[i]
            let w = widths[i]
            var x = p.x - w / 2
            if let screenWidth { x = max(0, min(x, screenWidth - w)) }
            var stack = 0
            var y = p.y - height - gap
            while placed.contains(where: { $0.x < x + w && x < $0.x + $0.width && $0.y < y + height + gap && y < $0.y + $0.height + gap }) {
                stack += 1
                y -= height + gap
            }
            placed.append(Label(placement: i, x: x, y: y, width: w, height: height, stack: stack, z: z))
        }
        return placed.sorted { $0.placement < $1.placement }
    }
}
