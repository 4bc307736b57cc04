import ScreenModel

/// The camera overlay's content in SVG: each pin as a dot where its site appears, with a
/// leader line to its label (a rounded box with the title and the distance), drawn back
/// to front so the nearest ends on top; arrows at the left and right edges for the sites
/// just off screen; the `empty` message when there are no pins; a caption with the camera.
struct SVGARLayer {
    typealias Style = SVGStyle.AR

    let ar: Component.AR
    let backdrop: SVGARBackdrop
    /// The screen's title, for the caption.
    let title: String

    /// Appends the pins (back to front), the empty message, the hints and the caption.
    func draw(into svg: inout SVGMarkup) {
        svg.open("g", [("class", "pins")])
        for pin in ar.pinsFrontToBack.reversed() {
            self.pin(pin, into: &svg)
        }
        svg.close("g")
        if ar.pins.isEmpty { emptyMessage(into: &svg) }
        svg.open("g", [("class", "off-screen")])
        for turn in Component.AR.OffScreen.Turn.allCases {
            hints(ar.offScreen.filter { $0.turn == turn }, turn: turn, into: &svg)
        }
        svg.close("g")
        caption(into: &svg)
    }

    // MARK: - Private helpers

    private func pin(_ pin: Component.AR.Pin, into svg: inout SVGMarkup) {
        let box = pin.label
        let hasBox = [box.x, box.y, box.width, box.height].allSatisfy(\.isFinite) && box.width > 0 && box.height > 0
        let hasDot = pin.x.isFinite && pin.y.isFinite
        let distance = Wayfinding.distance(pin.distance)
        svg.open("g", [("class", "ar-pin")])
        svg.text("title", "\(pin.title) · \(distance) · bearing \(Wayfinding.degrees(pin.bearing)) \(Wayfinding.compass(pin.bearing))")
        if hasBox && hasDot {
            // To the nearest point of the box: its bottom edge when the label is stacked above.
            let end = (x: Self.clamp(pin.x, box.x, box.x + box.width), y: Self.clamp(pin.y, box.y, box.y + box.height))
            if abs(end.x - pin.x) + abs(end.y - pin.y) > 1 {
                svg.element(
                    "path",
                    [
                        ("d", "M\(SVGMarkup.number(pin.x)) \(SVGMarkup.number(pin.y)) L\(SVGMarkup.number(end.x)) \(SVGMarkup.number(end.y))"),
                        ("stroke", Style.leader), ("stroke-width", "1.2"), ("stroke-opacity", "0.85"),
                    ])
            }
        }
        if hasDot {
            svg.element(
                "circle",
                [
                    ("cx", SVGMarkup.number(pin.x)), ("cy", SVGMarkup.number(pin.y)), ("r", SVGMarkup.number(Style.dotRadius)),
                    ("fill", Style.accent), ("stroke", SVGStyle.halo), ("stroke-width", "1.5"),
                ])
        }
        if hasBox { label(pin.title, distance: distance, in: box, into: &svg) }
        svg.close("g")
    }

    /// The label's box with the title, and the distance below it when the box is tall
    /// enough for two lines (else after it on one line).
    private func label(_ title: String, distance: String, in box: Component.AR.LabelBox, into svg: inout SVGMarkup) {
        svg.element(
            "rect",
            [
                ("class", "ar-label"), ("x", SVGMarkup.number(box.x)), ("y", SVGMarkup.number(box.y)),
                ("width", SVGMarkup.number(box.width)), ("height", SVGMarkup.number(box.height)),
                ("rx", SVGMarkup.number(min(6, box.height / 2))), ("fill", Style.label), ("fill-opacity", Style.labelOpacity),
            ])
        let x = SVGMarkup.number(box.x + Style.labelPadding)
        let room = box.width - 2 * Style.labelPadding
        let twoLines = Style.titleSize + 2 + Style.detailSize
        if box.height >= twoLines {
            let top = box.y + (box.height - twoLines) / 2
            svg.text(
                "text", Self.fitted(title, size: Style.titleSize, bold: true, room: room),
                [
                    ("x", x), ("y", SVGMarkup.number(top + Style.titleSize * 0.85)),
                    ("font-size", SVGMarkup.number(Style.titleSize)), ("font-weight", "bold"), ("fill", SVGStyle.ink),
                ])
            svg.text(
                "text", distance,
                [
                    ("x", x), ("y", SVGMarkup.number(top + Style.titleSize + 2 + Style.detailSize * 0.85)),
                    ("font-size", SVGMarkup.number(Style.detailSize)), ("fill", SVGStyle.mutedInk),
                ])
        } else {
            let size = min(Style.titleSize, box.height * 0.7)
            svg.text(
                "text", Self.fitted("\(title) · \(distance)", size: size, bold: true, room: room),
                [
                    ("x", x), ("y", SVGMarkup.number(box.y + box.height / 2 + size * 0.35)),
                    ("font-size", SVGMarkup.number(size)), ("font-weight", "bold"), ("fill", SVGStyle.ink),
                ])
        }
    }

    /// The hints for one side, stacked around the middle of that edge: an arrow, the
    /// site's name, and which way and how far to turn.
    private func hints(_ hints: [Component.AR.OffScreen], turn: Component.AR.OffScreen.Turn, into svg: inout SVGMarkup) {
        guard !hints.isEmpty else { return }
        let width = backdrop.width
        let step = Style.hintHeight + Style.hintGap
        let stack = Double(hints.count) * step - Style.hintGap
        var top = hintTop(stack: stack)
        let left = turn == .left
        for hint in hints {
            defer { top += step }
            let name = SVGStyle.truncated(hint.title, to: Style.hintMaxCharacters)
            let detail = "turn \(hint.turn.rawValue) \(Wayfinding.degrees(hint.degrees)) · \(Wayfinding.distance(hint.distance))"
            let textWidth = max(SVGStyle.textWidth(name, size: Style.titleSize, bold: true), SVGStyle.textWidth(detail, size: Style.detailSize))
            let pill = textWidth + 40
            let middle = top + Style.hintHeight / 2
            let (edge, tip, base, textX) =
                left
                ? (6.0, 12.0, 26.0, 32.0)
                : (width - 6 - pill, width - 12, width - 26, width - 32)
            svg.open("g", [("class", "ar-hint")])
            svg.element(
                "rect",
                [
                    ("x", SVGMarkup.number(edge)), ("y", SVGMarkup.number(top)), ("width", SVGMarkup.number(pill)),
                    ("height", SVGMarkup.number(Style.hintHeight)), ("rx", "10"), ("fill", Style.strip), ("fill-opacity", "0.6"),
                ])
            svg.element(
                "path",
                [
                    (
                        "d",
                        "M\(SVGMarkup.number(tip)) \(SVGMarkup.number(middle)) L\(SVGMarkup.number(base)) \(SVGMarkup.number(middle - 8))"
                            + " V\(SVGMarkup.number(middle + 8)) Z"
                    ),
                    ("fill", Style.accent),
                ])
            let anchor = left ? "start" : "end"
            svg.text(
                "text", name,
                [
                    ("x", SVGMarkup.number(textX)), ("y", SVGMarkup.number(middle - 3)), ("text-anchor", anchor),
                    ("font-size", SVGMarkup.number(Style.titleSize)), ("font-weight", "bold"), ("fill", Style.lightInk),
                ])
            svg.text(
                "text", detail,
                [
                    ("x", SVGMarkup.number(textX)), ("y", SVGMarkup.number(middle + 11)), ("text-anchor", anchor),
                    ("font-size", SVGMarkup.number(Style.detailSize)), ("fill", Style.lightInk),
                ])
            svg.close("g")
        }
    }

    /// Where a column of hints `stack` points tall starts: the middle of the edge, unless
    /// that covers the band the pins and their labels take; then just below the band, or
    /// just above it when below leaves no room over the caption.
    private func hintTop(stack: Double) -> Double {
        let height = backdrop.height
        let (lowest, highest) = (Style.stripHeight + 32, height - SVGStyle.margin - 52 - stack)
        let middle = max(height / 2 - stack / 2, lowest)
        var band: (top: Double, bottom: Double)?
        for pin in ar.pins {
            let ys = [pin.y - Style.dotRadius, pin.y + Style.dotRadius, pin.label.y, pin.label.y + pin.label.height].filter(\.isFinite)
            guard let top = ys.min(), let bottom = ys.max() else { continue }
            band = (min(band?.top ?? top, top), max(band?.bottom ?? bottom, bottom))
        }
        if ar.pins.isEmpty { band = (emptyMiddle - 17, emptyMiddle + 17) }
        guard let band, middle < band.bottom, middle + stack > band.top else { return middle }
        if band.bottom + 24 <= highest { return band.bottom + 24 }
        if band.top - 24 - stack >= lowest { return band.top - 24 - stack }
        return middle
    }

    /// The middle of the empty message's pill: a little above the horizon, on screen.
    private var emptyMiddle: Double {
        Self.clamp(backdrop.horizonY - 48, Style.stripHeight + 60, backdrop.height - 110)
    }

    /// The `empty` message (or a default) in a pill a little above the horizon.
    private func emptyMessage(into svg: inout SVGMarkup) {
        let width = backdrop.width
        let text = Self.fitted(ar.empty ?? "No sites in view", size: 13, bold: true, room: width - 48)
        let pill = SVGStyle.textWidth(text, size: 13, bold: true) + 28
        let middle = emptyMiddle
        svg.element(
            "rect",
            [
                ("class", "empty"), ("x", SVGMarkup.number((width - pill) / 2)), ("y", SVGMarkup.number(middle - 17)),
                ("width", SVGMarkup.number(pill)), ("height", "34"), ("rx", "17"), ("fill", Style.strip), ("fill-opacity", "0.6"),
            ])
        svg.text(
            "text", text,
            [
                ("x", SVGMarkup.number(width / 2)), ("y", SVGMarkup.number(middle + 4.5)), ("text-anchor", "middle"),
                ("font-size", "13"), ("font-weight", "bold"), ("fill", Style.lightInk),
            ])
    }

    /// The screen's title and the camera's pitch, field of view and range, bottom center.
    private func caption(into svg: inout SVGMarkup) {
        let (width, height) = (backdrop.width, backdrop.height)
        let camera = ar.camera
        let heading = Self.fitted(title, size: 12, bold: true, room: width - 48)
        let detail =
            "pitch \(Wayfinding.degrees(camera.pitch)) · field of view \(Wayfinding.degrees(camera.fieldOfView))"
            + " · within \(Wayfinding.distance(ar.maximumDistance))"
        let pill = max(SVGStyle.textWidth(heading, size: 12, bold: true), SVGStyle.textWidth(detail, size: 10)) + 24
        let top = height - SVGStyle.margin - 40
        svg.open("g", [("class", "caption")])
        svg.element(
            "rect",
            [
                ("x", SVGMarkup.number((width - pill) / 2)), ("y", SVGMarkup.number(top)), ("width", SVGMarkup.number(pill)),
                ("height", "40"), ("rx", "8"), ("fill", Style.strip), ("fill-opacity", Style.stripOpacity),
            ])
        svg.text(
            "text", heading,
            [
                ("x", SVGMarkup.number(width / 2)), ("y", SVGMarkup.number(top + 17)), ("text-anchor", "middle"),
                ("font-size", "12"), ("font-weight", "bold"), ("fill", Style.lightInk),
            ])
        svg.text(
            "text", detail,
            [
                ("x", SVGMarkup.number(width / 2)), ("y", SVGMarkup.number(top + 32)), ("text-anchor", "middle"),
                ("font-size", "10"), ("fill", Style.lightInk),
            ])
        svg.close("g")
    }

    // MARK: - Pure helpers

    /// `text` cut with "…" to what fits `room` points at `size` (never below 4 characters).
    /// Characters are taken a little narrower than ``SVGStyle/textWidth(_:size:bold:)``
    /// does, which errs wide to keep panels roomy: a label box a flow measured that way
    /// holds its whole title.
    static func fitted(_ text: String, size: Double, bold: Bool, room: Double) -> String {
        let perCharacter = size * (bold ? 0.58 : 0.54)
        let limit = room.isFinite ? Int(max(min(room / perCharacter, 10_000), 4)) : 4
        return SVGStyle.truncated(text, to: limit)
    }

    /// `value` within `low...high` (`low` when the range is empty or `value` is NaN).
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        guard !value.isNaN, high >= low else { return low }
        return min(max(value, low), high)
    }
}
