/// Stacks the labels of on-screen sites so none overlap: nearest first, each label at its
/// site's x and, when it would cover a label already placed, moved up one row at a time.
/// The nearest site keeps its true position and is drawn in front.
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
    public static func layout(_ placements: [ARProjector.Placement], widths: [Double], height: Double = 28) -> [Label] {
        let order = placements.indices.sorted {
            placements[$0].distance < placements[$1].distance
                || (placements[$0].distance == placements[$1].distance && $0 < $1)
        }
        var placed: [Label] = []
        for (z, i) in order.enumerated() {
            let p = placements[i]
            let w = widths[i]
            let x = p.x - w / 2
            var stack = 0
            var y = p.y - height
            while placed.contains(where: { $0.x < x + w && x < $0.x + $0.width && $0.y < y + height && y < $0.y + $0.height }) {
                stack += 1
                y -= height
            }
            placed.append(Label(placement: i, x: x, y: y, width: w, height: height, stack: stack, z: z))
        }
        return placed.sorted { $0.placement < $1.placement }
    }
}
