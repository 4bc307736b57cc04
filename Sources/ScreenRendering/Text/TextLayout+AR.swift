import Formats
import ScreenModel

extension TextLayout {
    /// An AR view as a camera line, then its pins nearest first (ascending `z`) with
    /// their actions, then the sites just off screen and which way to turn. Angles and
    /// screen points are rounded to whole numbers, distances written as the flows write them:
    ///
    /// ```
    /// AR view · heading 97° (E), pitch -3°, field of view 60°, 390×844
    /// Within 6.0 km, nearest first:
    /// • Warming Hut · Café and shop · 480 m · bearing 95° (E) · x 185 y 450
    ///   [1] → go sites id=nps-poi:goga:0012
    /// • Crissy Field · 2.3 km · bearing 96° (E) · x 190 y 414 · stacked 1
    /// Off screen:
    /// ← turn left 32°: Alcatraz Island, 5.0 km
    /// ```
    func ar(_ ar: Component.AR, width: Int) -> [String] {
        let camera = ar.camera
        let size = "\(Decimals.short(ar.size.width, 1))×\(Decimals.short(ar.size.height, 1))"
        let head = Self.dotted([
            ["AR", "view"],
            [
                "heading", Wayfinding.degrees(camera.heading), "(\(Wayfinding.compass(camera.heading))),",
                "pitch", Wayfinding.degrees(camera.pitch) + ",", "field", "of", "view", Wayfinding.degrees(camera.fieldOfView) + ",", size,
            ],
        ])
        var lines = TextWrap.lines(words: head, width: width).map(paint.bold)
        if ar.pins.isEmpty {
            lines += TextWrap.hanging(ar.empty ?? "No sites in view.", width: width, first: "∅ ", rest: "  ").map(paint.dim)
        } else {
            lines += TextWrap.lines("Within \(Wayfinding.distance(ar.maximumDistance)), nearest first:", width: width).map(paint.dim)
        }
        for pin in ar.pinsFrontToBack {
            lines += arPin(pin, width: width)
        }
        if !ar.offScreen.isEmpty {
            lines.append(paint.dim("Off screen:"))
            for hint in ar.offScreen {
                let arrow = hint.turn == .left ? "← " : "→ "
                let text = "turn \(hint.turn.rawValue) \(Wayfinding.degrees(hint.degrees)): \(hint.title), \(Wayfinding.distance(hint.distance))"
                lines += TextWrap.hanging(text, width: width, first: arrow, rest: "  ")
            }
        }
        return lines
    }

    // MARK: - Private helpers

    private func arPin(_ pin: Component.AR.Pin, width: Int) -> [String] {
        var parts = [Self.words(pin.title)]
        if let subtitle = pin.subtitle { parts.append(Self.words(subtitle)) }
        parts.append([Wayfinding.distance(pin.distance)])
        parts.append(["bearing", Wayfinding.degrees(pin.bearing), "(\(Wayfinding.compass(pin.bearing)))"])
        parts.append(["x \(Decimals.fixed(pin.x, 0)) y \(Decimals.fixed(pin.y, 0))"])
        if pin.stack > 0 { parts.append(["stacked \(pin.stack)"]) }
        return entry(parts, action: pin.action, marker: "• ", width: width)
    }
}
