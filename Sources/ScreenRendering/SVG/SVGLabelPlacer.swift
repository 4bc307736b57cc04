/// Places pin labels one at a time, greedily, so that none overlaps another label, a pin,
/// a cluster or a panel, and each stays inside the picture. A label tries eight spots
/// around its pin in a fixed order (right, left, upper right, lower right, upper left,
/// lower left, above, below), first with its title cut to `SVGStyle.labelMaxCharacters`,
/// then to `SVGStyle.labelShortCharacters`; a pin none of them fits stays unlabelled.
///
/// What is taken is kept in a grid of cells, so each try looks only at its neighbors. A
/// cell that more than `cellCapacity` obstacles touch is full: no label goes there, and
/// each try stays cheap however many pins a flow piles on one spot.
struct SVGLabelPlacer {
    /// A label beside its pin: the text, the box it covers (halo included) and where its
    /// `<text>` goes.
    struct Label: Equatable {
        var text: String
        var box: SVGMapLayer.Box
        /// The `x` of the text's anchor and the `y` of its baseline.
        var x, baseline: Double
        /// The SVG `text-anchor`: start, end or middle.
        var anchor: String
    }

    /// Something labels keep clear of.
    enum Obstacle {
        case box(SVGMapLayer.Box)
        case circle(x: Double, y: Double, radius: Double)

        /// The box around it.
        var bounds: SVGMapLayer.Box {
            switch self {
            case .box(let box): box
            case .circle(let x, let y, let r): SVGMapLayer.Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r)
            }
        }

        func overlaps(_ box: SVGMapLayer.Box) -> Bool {
            switch self {
            case .box(let other): return other.overlaps(box)
            case .circle(let x, let y, let r):
                // The box's point nearest the center, then whether it is inside the circle.
                let dx = x - min(max(x, box.minX), box.maxX), dy = y - min(max(y, box.minY), box.maxY)
                return dx * dx + dy * dy < r * r
            }
        }
    }

    /// The side of a grid cell in points.
    static let cellSide = 48.0
    /// The most obstacles a cell keeps before it counts as full.
    static let cellCapacity = 64

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

    /// The label of `title` beside a pin at `p` in the first spot that is free, which it
    /// then takes; nil when none is.
    /// - Parameter reach: how far the pin's marker reaches from `p` (default a site's dot).
    mutating func place(_ title: String, at p: (x: Double, y: Double), reach: Double = SVGStyle.pinRadius) -> Label? {
        for limit in [SVGStyle.labelMaxCharacters, SVGStyle.labelShortCharacters] {
            let text = SVGStyle.truncated(title, to: limit)
            if limit < SVGStyle.labelMaxCharacters && text == SVGStyle.truncated(title, to: SVGStyle.labelMaxCharacters) { break }
            for spot in spots(around: p, reach: reach, width: SVGStyle.boxWidth(text, size: SVGStyle.labelSize) + Self.halo)
            where isInside(spot.box) && isFree(spot.box) {
                avoid(.box(spot.box))
                let baseline = (spot.box.minY + spot.box.maxY) / 2 + SVGStyle.labelSize * 0.35
                return Label(text: text, box: spot.box, x: spot.x, baseline: baseline, anchor: spot.anchor)
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

    /// The grid cells `box` touches; nil when it lies wholly outside the picture or is not finite.
    private func cellRange(_ box: SVGMapLayer.Box) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite,
            box.maxX >= 0, box.maxY >= 0, box.minX <= width, box.minY <= height
        else { return nil }
        func cell(_ value: Double, _ count: Int) -> Int { min(max(Int(value / Self.cellSide), 0), count - 1) }
        return (cell(box.minX, columns)...cell(box.maxX, columns), cell(box.minY, rows)...cell(box.maxY, rows))
    }

    /// The eight spots for a label `w` points wide around a pin at `p` whose marker reaches
    /// `reach`, in the order tried. Above and below, a label near the picture's side slides
    /// along to stay inside it.
    private func spots(around p: (x: Double, y: Double), reach: Double, width w: Double) -> [(box: SVGMapLayer.Box, x: Double, anchor: String)] {
        let halo = Self.halo
        let h = SVGStyle.labelSize * 1.2
        let gap = reach + 3  // beside the pin
        let corner = reach - 0.5  // off its corners: the box's near corner clears the pin's disc
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
}
