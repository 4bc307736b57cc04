/// Places labels one at a time, greedily, so that none overlaps another label, a leader line,
/// a marker or anything else the picture keeps clear, and each stays inside the picture. Every
/// kind of label goes through it: a map's pin names, a timeline's start and end, its regions'
/// and its party members' names.
///
/// A label tries, in order:
/// 1. eight spots beside its mark (right, left, upper right, lower right, upper left, lower
///    left, above, below), its text cut to `SVGStyle.labelMaxCharacters`, then to
///    `SVGStyle.labelShortCharacters`;
/// 2. the same eight directions farther out (``leaderSteps``), joined to the mark by a leader
///    line that crosses no other label (it is drawn under the marks, so it may pass beneath
///    one), long cut then short;
/// 3. none: the caller counts it and says how many found no room.
///
/// What is taken is kept in a grid of cells, so each try looks only at its neighbors. A
/// cell that more than `cellCapacity` obstacles touch is full: no label goes there, and
/// each try stays cheap however many pins a flow piles on one spot.
struct SVGLabelPlacer {
    typealias Point = (x: Double, y: Double)

    /// A label beside its mark: the text, the box it covers (halo included) and where its
    /// `<text>` goes.
    struct Label: Equatable {
        var text: String
        var box: SVGMapLayer.Box
        /// The `x` of the text's anchor and the `y` of its baseline.
        var x, baseline: Double
        /// The SVG `text-anchor`: start, end or middle.
        var anchor: String
        /// The font size it was measured at.
        var size: Double = SVGStyle.labelSize
        /// From the mark's edge to the box, when the label sits away from its mark.
        var leader: Leader?
    }

    /// A line from a mark to its label, drawn under the labels.
    struct Leader: Equatable {
        var x1, y1, x2, y2: Double
    }

    /// Something labels keep clear of.
    enum Obstacle {
        case box(SVGMapLayer.Box)
        case circle(x: Double, y: Double, radius: Double)
        /// A line, such as another label's leader.
        case segment(Leader)

        /// The box around it.
        var bounds: SVGMapLayer.Box {
            switch self {
            case .box(let box): box
            case .circle(let x, let y, let r): SVGMapLayer.Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r)
            case .segment(let s): SVGMapLayer.Box(minX: min(s.x1, s.x2), minY: min(s.y1, s.y2), maxX: max(s.x1, s.x2), maxY: max(s.y1, s.y2))
            }
        }

        func overlaps(_ box: SVGMapLayer.Box) -> Bool {
            switch self {
            case .box(let other): return other.overlaps(box)
            case .circle(let x, let y, let r):
                // The box's point nearest the center, then whether it is inside the circle.
                let dx = x - min(max(x, box.minX), box.maxX), dy = y - min(max(y, box.minY), box.maxY)
                return dx * dx + dy * dy < r * r
            case .segment(let s): return SVGLabelPlacer.segment(s, crosses: box)
            }
        }

        /// Whether the line `s` may not pass here: through a box (another label). Leaders are
        /// drawn under the marks, so they may pass beneath a marker's circle, and two leaders may cross.
        func blocks(_ s: Leader) -> Bool {
            if case .box(let box) = self { SVGLabelPlacer.segment(s, crosses: box) } else { false }
        }
    }

    /// The side of a grid cell in points.
    static let cellSide = 48.0
    /// The most obstacles a cell keeps before it counts as full.
    static let cellCapacity = 64
    /// How much farther than the spots beside the mark a label with a leader sits, in points.
    static let leaderSteps = [14.0, 30.0, 50.0]

    let width, height: Double
    private let columns, rows: Int
    private var cells: [[Int32]]
    private var obstacles: [Obstacle] = []

    /// An empty placer for a picture of `width × height` points.
    init(width: Double, height: Double) {
        self.width = width
        self.height = height
        columns = Int((width / Self.cellSide).rounded(.up)) + 1
        rows = Int((height / Self.cellSide).rounded(.up)) + 1
        cells = Array(repeating: [], count: columns * rows)
    }

    /// Keeps labels clear of `obstacle` from now on.
    mutating func avoid(_ obstacle: Obstacle) {
        guard let (xs, ys) = cellRange(obstacle.bounds) else { return }
        let index = Int32(obstacles.count)
        obstacles.append(obstacle)
        for y in ys {
            for x in xs where cells[y * columns + x].count <= Self.cellCapacity { cells[y * columns + x].append(index) }
        }
    }

    /// The label of `title` beside a mark at `p` in the first spot that is free, which it
    /// then takes; nil when none is.
    /// - Parameters:
    ///   - reach: how far the mark reaches from `p` (default a site's dot); a leader starts just beyond it.
    ///   - size: the font size; `bold` labels are measured wider.
    mutating func place(
        _ title: String, at p: Point, reach: Double = SVGStyle.pinRadius, size: Double = SVGStyle.labelSize, bold: Bool = false
    ) -> Label? {
        let cuts = [SVGStyle.labelMaxCharacters, SVGStyle.labelShortCharacters].map { SVGStyle.truncated(title, to: $0) }
        let texts = cuts[0] == cuts[1] ? [cuts[0]] : cuts
        for step in [0] + Self.leaderSteps {
            for text in texts {
                let w = SVGStyle.boxWidth(text, size: size, bold: bold) + Self.halo
                for spot in spots(around: p, reach: reach + step, width: w, size: size) where isInside(spot.box) && isFree(spot.box) {
                    let leader = step > 0 ? Self.leader(from: p, reach: reach + 2, to: spot.box) : nil
                    if let leader, !isClear(leader) { continue }
                    avoid(.box(spot.box))
                    if let leader { avoid(.segment(leader)) }
                    let baseline = (spot.box.minY + spot.box.maxY) / 2 + size * 0.35
                    return Label(text: text, box: spot.box, x: spot.x, baseline: baseline, anchor: spot.anchor, size: size, leader: leader)
                }
            }
        }
        return nil
    }

    // MARK: - Private helpers

    /// The halo around a label's letters (its stroke is 3 points wide), on both sides together.
    private static let halo = 3.0

    private func isInside(_ box: SVGMapLayer.Box) -> Bool {
        box.minX >= 0 && box.minY >= 0 && box.maxX <= width && box.maxY <= height
    }

    private func isFree(_ box: SVGMapLayer.Box) -> Bool {
        guard let (xs, ys) = cellRange(box) else { return true }
        for y in ys {
            for x in xs {
                let cell = cells[y * columns + x]
                if cell.count > Self.cellCapacity || cell.contains(where: { obstacles[Int($0)].overlaps(box) }) { return false }
            }
        }
        return true
    }

    /// Whether the leader `s` passes through no label.
    private func isClear(_ s: Leader) -> Bool {
        let bounds = Obstacle.segment(s).bounds
        guard let (xs, ys) = cellRange(bounds) else { return true }
        for y in ys {
            for x in xs {
                let cell = cells[y * columns + x]
                if cell.count > Self.cellCapacity || cell.contains(where: { obstacles[Int($0)].blocks(s) }) { return false }
            }
        }
        return true
    }

    /// The grid cells `box` touches; nil when it lies wholly outside the picture or is not finite.
    private func cellRange(_ box: SVGMapLayer.Box) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
            box.maxX >= 0, box.maxY >= 0, box.minX <= width, box.minY <= height
        else { return nil }
        func cell(_ value: Double, _ count: Int) -> Int { min(max(Int(value / Self.cellSide), 0), count - 1) }
        return (cell(box.minX, columns)...cell(box.maxX, columns), cell(box.minY, rows)...cell(box.maxY, rows))
    }

    /// The eight spots for a label `w` points wide around a mark at `p` whose marker reaches
    /// `reach`, in the order tried. Above and below, a label near the picture's side slides
    /// along to stay inside it.
    private func spots(around p: Point, reach: Double, width w: Double, size: Double) -> [(box: SVGMapLayer.Box, x: Double, anchor: String)] {
        let halo = Self.halo
        let h = size * 1.2
        let gap = reach + 3  // beside the mark
        let corner = reach - 0.5  // off its corners: the box's near corner clears the mark's disc
        func box(_ minX: Double, _ minY: Double) -> SVGMapLayer.Box {
            SVGMapLayer.Box(minX: minX, minY: minY, maxX: minX + w, maxY: minY + h)
        }
        let centered = min(max(p.x - w / 2, 0), max(width - w, 0))
        let middle = centered + w / 2
        // Text starts (or ends) half the halo inside the box.
        return [
            (box(p.x + gap, p.y - h / 2), p.x + gap + halo / 2, "start"),
            (box(p.x - gap - w, p.y - h / 2), p.x - gap - halo / 2, "end"),
            (box(p.x + corner, p.y - corner - h), p.x + corner + halo / 2, "start"),
            (box(p.x + corner, p.y + corner), p.x + corner + halo / 2, "start"),
            (box(p.x - corner - w, p.y - corner - h), p.x - corner - halo / 2, "end"),
            (box(p.x - corner - w, p.y + corner), p.x - corner - halo / 2, "end"),
            (box(centered, p.y - gap - h), middle, "middle"),
            (box(centered, p.y + gap), middle, "middle"),
        ]
    }

    // MARK: - Pure geometry

    /// A leader from `reach` out of `p`, towards the point of `box` nearest `p`, to that point.
    static func leader(from p: Point, reach: Double, to box: SVGMapLayer.Box) -> Leader {
        let (tx, ty) = (min(max(p.x, box.minX), box.maxX), min(max(p.y, box.minY), box.maxY))
        let length = ((tx - p.x) * (tx - p.x) + (ty - p.y) * (ty - p.y)).squareRoot()
        let t = length > 0 ? min(reach / length, 1) : 0
        return Leader(x1: p.x + (tx - p.x) * t, y1: p.y + (ty - p.y) * t, x2: tx, y2: ty)
    }

    /// Whether the line `s` passes through the inside of `box` (Liang–Barsky clipping).
    static func segment(_ s: Leader, crosses box: SVGMapLayer.Box) -> Bool {
        var (t0, t1) = (0.0, 1.0)
        let (dx, dy) = (s.x2 - s.x1, s.y2 - s.y1)
        for (p, q) in [(-dx, s.x1 - box.minX), (dx, box.maxX - s.x1), (-dy, s.y1 - box.minY), (dy, box.maxY - s.y1)] {
            if p == 0 {
                if q <= 0 { return false }  // parallel to this edge and outside it (or on it)
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
                if t0 >= t1 { return false }
            }
        }
        return true
    }
}
