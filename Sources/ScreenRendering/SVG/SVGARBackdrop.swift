#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScreenModel

/// What the camera overlay is drawn on: a sky-to-ground gradient split at the horizon,
/// the horizon line, and a compass strip along the top whose ticks sit where each
/// heading meets the horizon, so a tick lines up with the sites in that direction.
///
/// The camera is a pinhole turned to the heading and tilted by the pitch, as GeoKit's
/// `ARProjector` places the pins: focal length `(width / 2) / tan(fov / 2)`, the horizon
/// at `height / 2 + focal × tan(pitch)`, and a heading `δ` degrees right of the camera's
/// at `width / 2 + focal × tan(δ) / cos(pitch)` on the horizon.
struct SVGARBackdrop {
    let camera: Component.AR.Camera
    let width: Double
    let height: Double
    /// Points from the pinhole to the screen.
    let focal: Double
    /// Where the horizon crosses the screen, points from the top (may lie off screen).
    let horizonY: Double

    init(camera: Component.AR.Camera, width: Double, height: Double) {
        self.camera = camera
        self.width = width
        self.height = height
        let fov =
            camera.fieldOfView.isFinite && camera.fieldOfView > 0 && camera.fieldOfView < 180
            ? camera.fieldOfView : SVGStyle.AR.fallbackFieldOfView
        focal = width / 2 / tan(fov / 2 * .pi / 180)
        horizonY = height / 2 + focal * tan(Self.usablePitch(camera.pitch) * .pi / 180)
    }

    /// Where `heading` (degrees from north) meets the horizon, points from the left;
    /// `nil` when it is behind the camera or not finite.
    func x(forHeading heading: Double) -> Double? {
        guard camera.heading.isFinite, heading.isFinite else { return nil }
        let delta = Self.relative(heading - camera.heading)
        guard abs(delta) < 89 else { return nil }
        let x = width / 2 + focal * tan(delta * .pi / 180) / cos(Self.usablePitch(camera.pitch) * .pi / 180)
        return x.isFinite ? x : nil
    }

    /// Appends the gradient, the horizon and the compass strip.
    func draw(into svg: inout SVGMarkup) {
        let style = SVGStyle.AR.self
        svg.open("defs")
        gradient("ar-sky", from: style.skyTop, to: style.skyHorizon, into: &svg)
        gradient("ar-ground", from: style.groundHorizon, to: style.groundBottom, into: &svg)
        svg.close("defs")
        let split = min(max(horizonY, 0), height)
        let w = SVGMarkup.number(width)
        if split > 0 {
            svg.element("rect", [("class", "sky"), ("width", w), ("height", SVGMarkup.number(split)), ("fill", "url(#ar-sky)")])
        }
        if split < height {
            svg.element(
                "rect",
                [
                    ("class", "ground"), ("y", SVGMarkup.number(split)), ("width", w),
                    ("height", SVGMarkup.number(height - split)), ("fill", "url(#ar-ground)"),
                ])
        }
        if horizonY >= 0 && horizonY <= height {
            let y = SVGMarkup.number(horizonY)
            svg.element(
                "path",
                [
                    ("class", "horizon"), ("d", "M0 \(y) H\(w)"), ("stroke", style.horizon), ("stroke-width", "1.2"), ("stroke-opacity", "0.8"),
                ])
        }
        compass(into: &svg)
    }

    // MARK: - Private helpers

    /// A vertical gradient over its shape's box.
    private func gradient(_ id: String, from top: String, to bottom: String, into svg: inout SVGMarkup) {
        svg.open("linearGradient", [("id", id), ("x1", "0"), ("y1", "0"), ("x2", "0"), ("y2", "1")])
        svg.element("stop", [("offset", "0"), ("stop-color", top)])
        svg.element("stop", [("offset", "1"), ("stop-color", bottom)])
        svg.close("linearGradient")
    }

    /// The strip, a tick every 15° with a letter at each compass point (N, E, S and W
    /// larger) and the degrees at the others, and a marker under the middle with the heading.
    private func compass(into svg: inout SVGMarkup) {
        let style = SVGStyle.AR.self
        let bottom = style.stripHeight
        svg.open("g", [("class", "compass")])
        svg.element(
            "rect",
            [
                ("width", SVGMarkup.number(width)), ("height", SVGMarkup.number(bottom)),
                ("fill", style.strip), ("fill-opacity", style.stripOpacity),
            ])
        var ticks: [String] = []
        let steps = Int(360 / style.minorTick)
        for step in 0..<steps {
            let heading = Double(step) * style.minorTick
            guard let x = x(forHeading: heading), x >= 0, x <= width else { continue }
            let point = heading.truncatingRemainder(dividingBy: 45) == 0 ? Wayfinding.compass(heading) : nil
            let cardinal = heading.truncatingRemainder(dividingBy: 90) == 0
            let length = cardinal ? 10.0 : point != nil ? 7 : 4
            ticks.append("M\(SVGMarkup.number(x)) \(SVGMarkup.number(bottom - length)) V\(SVGMarkup.number(bottom))")
            guard x >= 8, x <= width - 8 else { continue }  // a label cut in half says nothing
            guard let point else {
                svg.text(
                    "text", String(Int(heading)),
                    [
                        ("x", SVGMarkup.number(x)), ("y", "15"), ("text-anchor", "middle"), ("font-size", "9"),
                        ("fill", style.tick), ("fill-opacity", "0.7"),
                    ])
                continue
            }
            var attributes: [SVGMarkup.Attribute] = [
                ("x", SVGMarkup.number(x)), ("y", cardinal ? "17" : "16"), ("text-anchor", "middle"),
                ("font-size", cardinal ? "13" : "10"), ("fill", style.tick),
            ]
            if cardinal { attributes.append(("font-weight", "bold")) }
            svg.text("text", point, attributes)
        }
        if !ticks.isEmpty {
            svg.element("path", [("d", ticks.joined(separator: " ")), ("stroke", style.tick), ("stroke-width", "1.2")])
        }
        let middle = width / 2
        svg.element(
            "path",
            [
                ("class", "heading"),
                (
                    "d",
                    "M\(SVGMarkup.number(middle - 6)) \(SVGMarkup.number(bottom)) H\(SVGMarkup.number(middle + 6)) L\(SVGMarkup.number(middle)) \(SVGMarkup.number(bottom + 8)) Z"
                ),
                ("fill", style.accent),
            ])
        svg.text(
            "text", "\(Wayfinding.degrees(camera.heading)) \(Wayfinding.compass(camera.heading))",
            [
                ("x", SVGMarkup.number(middle)), ("y", SVGMarkup.number(bottom + 21)), ("text-anchor", "middle"),
                ("font-size", "11"), ("font-weight", "bold"), ("fill", style.accent),
            ])
        svg.close("g")
    }

    // MARK: - Pure math

    /// A pitch the tangent can take: finite and short of straight up or down.
    private static func usablePitch(_ pitch: Double) -> Double {
        pitch.isFinite ? min(max(pitch, -89), 89) : 0
    }

    /// An angle folded into (-180, 180].
    static func relative(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}
