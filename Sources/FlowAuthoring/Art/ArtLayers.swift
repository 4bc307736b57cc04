import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The layered pictures of a park's onboarding pages, as SVG: a sky (day and dusk), a far
/// range, a near range and a foreground, each 1200×900 and transparent where the layers
/// behind show through, so an app stacks them back to front over the whole page and slides
/// them by their depth. Drawn from an ``ArtScene`` in the park's theme colours (an
/// ``ArtPalette``), the same bytes for the same scene and palette. `flowrun art` writes them.
public struct ArtLayers: Sendable {
    static let width = 1200.0, height = 900.0
    /// Where water or meadow begins, and the near range's foot.
    static let shore = 700.0

    let scene: ArtScene
    let palette: ArtPalette
    /// The skylines' heights, one per column: far, near.
    let far: [Double], near: [Double]

    /// Draws the skylines of `scene`'s ranges, to be coloured with `palette`.
    public init(scene: ArtScene, palette: ArtPalette) {
        self.scene = scene
        self.palette = palette
        var random = ArtRandom(seed: "onboarding:\(scene.code)")
        // Stretched to the view's own range, so a park that reaches about as far every way
        // still shows where it reaches farther.
        let smooth = Self.smoothed(scene.reach, radius: 8)
        let low = smooth.min() ?? 0, span = max((smooth.max() ?? 1) - low, 0.05)
        let reach = smooth.map { ($0 - low) / span }
        let median = scene.summits.isEmpty ? 0 : scene.summits[scene.summits.count / 2].distance
        let farSummits = scene.summits.filter { $0.distance >= median }, nearSummits = scene.summits.filter { $0.distance < median }
        let sharpness = 1 + 1.2 * (1 - scene.ruggedness)  // 1: straight-sided peaks; 2.2: rounded hills
        let farNoise = Self.fractal(&random, amplitude: 8 + 22 * scene.ruggedness)
        let nearNoise = Self.fractal(&random, amplitude: 6 + 16 * scene.ruggedness)
        let phase = random.next() * 2 * .pi
        far = (0..<ArtScene.columns).map { i in
            let x = Double(i) / Double(ArtScene.columns - 1)
            let base = 520 - 120 * pow(reach[i], 0.8)
            return min(base, Self.summitTop(farSummits, at: x, base: base, top: 300, sharpness: sharpness)) + farNoise[i]
        }
        near = (0..<ArtScene.columns).map { i in
            let x = Double(i) / Double(ArtScene.columns - 1)
            // Without summits of its own the near range is rolling foothills.
            let hills = 22 * sin(x * 2 * .pi * 1.3 + phase) + 12 * sin(x * 2 * .pi * 3.1 + phase * 2)
            let base = 640 - 50 * pow(reach[i], 1.5) + hills
            return min(base, Self.summitTop(nearSummits, at: x, base: base, top: 460, sharpness: sharpness)) + nearNoise[i]
        }
    }

    /// Every layer by file name (inside `onboarding/`), with the header naming its sources.
    /// - Returns: the five layers back to front (`sky.svg`, `dusk.svg`, `far.svg`,
    ///   `near.svg`, `foreground.svg`), each with its whole SVG text.
    public func files() -> [(name: String, svg: String)] {
        [
            ("sky.svg", sky(dusk: false)), ("dusk.svg", sky(dusk: true)), ("far.svg", range(far, fill: palette.far, haze: true)),
            ("near.svg", range(near, fill: palette.near, haze: false)), ("foreground.svg", foreground()),
        ]
    }

    // MARK: - Layers

    private func sky(dusk: Bool) -> String {
        var random = ArtRandom(seed: "sky:\(scene.code):\(dusk)")
        let (top, bottom) = dusk ? (palette.duskTop, palette.duskBottom) : (palette.skyTop, palette.skyBottom)
        let sun = dusk ? (x: 0.30 * Self.width, y: 560.0, r: 70.0) : (x: 0.72 * Self.width, y: 210.0, r: 46.0)
        var body = """
            <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(top)"/><stop offset="0.72" stop-color="\(bottom)"/></linearGradient>
            <radialGradient id="glow"><stop offset="0" stop-color="\(palette.sun)" stop-opacity="0.85"/><stop offset="1" stop-color="\(palette.sun)" stop-opacity="0"/></radialGradient></defs>
            <rect width="1200" height="900" fill="url(#sky)"/>
            <circle cx="\(n(sun.x))" cy="\(n(sun.y))" r="\(n(sun.r * 4))" fill="url(#glow)"/>
            <circle cx="\(n(sun.x))" cy="\(n(sun.y))" r="\(n(sun.r))" fill="\(palette.sun)"/>

            """
        if dusk {
            for _ in 0..<28 {
                let x = random.next() * Self.width, y = random.next() * 260, r = 0.8 + random.next() * 1.6
                body += "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" fill=\"#FFFFFF\" opacity=\"\(n(0.4 + random.next() * 0.5))\"/>\n"
            }
        }
        for _ in 0..<4 {
            let x = random.next() * Self.width, y = 90 + random.next() * 230, w = 90 + random.next() * 140
            body +=
                "<g fill=\"\(palette.cloud)\" opacity=\"\(dusk ? "0.35" : "0.75")\">"
                + "<ellipse cx=\"\(n(x))\" cy=\"\(n(y))\" rx=\"\(n(w))\" ry=\"\(n(w * 0.16))\"/>"
                + "<ellipse cx=\"\(n(x - w * 0.25))\" cy=\"\(n(y - w * 0.1))\" rx=\"\(n(w * 0.45))\" ry=\"\(n(w * 0.18))\"/>"
                + "<ellipse cx=\"\(n(x + w * 0.2))\" cy=\"\(n(y - w * 0.14))\" rx=\"\(n(w * 0.35))\" ry=\"\(n(w * 0.2))\"/></g>\n"
        }
        return document(body, layer: dusk ? "the sky at dusk" : "the sky")
    }

    private func range(_ skyline: [Double], fill: String, haze: Bool) -> String {
        let shade = haze ? palette.haze : palette.nearShade
        let body = """
            <defs><linearGradient id="range" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(fill)"/><stop offset="1" stop-color="\(shade)"/></linearGradient></defs>
            <path d="\(Self.silhouette(skyline))" fill="url(#range)"/>

            """
        return document(body, layer: haze ? "the far range" : "the near range")
    }

    private func foreground() -> String {
        var random = ArtRandom(seed: "foreground:\(scene.code)")
        var body = ""
        if scene.water {
            body += """
                <defs><linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="\(palette.waterTop)"/><stop offset="1" stop-color="\(palette.waterBottom)"/></linearGradient></defs>
                <rect y="\(n(Self.shore))" width="1200" height="\(n(Self.height - Self.shore))" fill="url(#water)"/>

                """
            // The near range mirrored in the water, faint.
            let mirrored = near.map { Self.shore + (Self.shore - max($0, Self.shore - 200)) * 0.45 }
            body +=
                "<path d=\"\(Self.band(top: Array(repeating: Self.shore, count: near.count), bottom: mirrored))\" fill=\"\(palette.near)\" opacity=\"0.28\"/>\n"
            for _ in 0..<16 {
                let x = random.next() * Self.width, y = Self.shore + 12 + random.next() * 150, w = 30 + random.next() * 110
                body += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"2.5\" rx=\"1.2\" fill=\"#FFFFFF\" opacity=\"0.35\"/>\n"
            }
        } else {
            let meadow = (0..<ArtScene.columns).map { Self.shore - 10 + 14 * sin(Double($0) / 18) }
            body += "<path d=\"\(Self.silhouette(meadow))\" fill=\"\(palette.meadow)\"/>\n"
        }
        for x in scene.geysers {
            let cx = x * Self.width, height = 90 + random.next() * 70
            body += "<g fill=\"#FFFFFF\" opacity=\"0.6\">"
            for step in 0..<9 {
                let t = Double(step) / 8
                body += "<circle cx=\"\(n(cx + sin(t * 4) * 10))\" cy=\"\(n(Self.shore - 4 - t * height))\" r=\"\(n(6 + t * t * 30))\"/>"
            }
            body += "</g>\n"
        }
        for x in scene.lighthouses {
            // Standing on the lowest ground under it, a little sunk in: the range is sampled coarsely.
            let column = Int(x * Double(ArtScene.columns - 1))
            let cx = x * Self.width, base = near[max(0, column - 2)...min(near.count - 1, column + 3)].max().map { $0 + 6 } ?? Self.shore
            body +=
                "<g><rect x=\"\(n(cx - 7))\" y=\"\(n(base - 46))\" width=\"14\" height=\"48\" fill=\"#FFFFFF\"/>"
                + "<rect x=\"\(n(cx - 9))\" y=\"\(n(base - 58))\" width=\"18\" height=\"12\" fill=\"\(palette.accent)\"/>"
                + "<circle cx=\"\(n(cx))\" cy=\"\(n(base - 52))\" r=\"26\" fill=\"\(palette.sun)\" opacity=\"0.3\"/></g>\n"
        }
        // A dark bank across the bottom with conifers at both sides frames the view.
        let bank = (0..<ArtScene.columns).map { i -> Double in
            let edge = abs(Double(i) / Double(ArtScene.columns - 1) - 0.5) * 2
            return 880 - 70 * pow(edge, 3) + 6 * sin(Double(i) / 7)
        }
        var trees = ""
        for side in [0.0, 1.0] {
            for k in 0..<5 {
                let x = abs(side * Self.width - (18 + Double(k) * 42 + random.next() * 20))
                let h = 210 - Double(k) * 30 + random.next() * 30
                trees += Self.tree(x: x, base: 900, height: h)
            }
        }
        body += "<path d=\"\(Self.silhouette(bank))\" fill=\"\(palette.bank)\"/>\n<path d=\"\(trees)\" fill=\"\(palette.bank)\"/>\n"
        return document(body, layer: scene.water ? "the water and the near shore" : "the meadow and the near trees")
    }

    // MARK: - Shapes

    private func document(_ body: String, layer: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- GENERATED by flowrun art (park \(scene.code)): do not edit; run it again instead.
             \(layer) of the onboarding pages, from \(scene.sources). -->
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 900" width="1200" height="900" preserveAspectRatio="xMidYMax slice">
        \(body)</svg>

        """
    }

    /// A filled shape under a skyline, down to the picture's bottom.
    static func silhouette(_ skyline: [Double]) -> String {
        band(top: skyline, bottom: Array(repeating: height, count: skyline.count))
    }

    /// The shape between two lines sampled at the same columns.
    static func band(top: [Double], bottom: [Double]) -> String {
        let step = width / Double(top.count - 1)
        var d = "M0 \(n(bottom[0]))"
        for (i, y) in top.enumerated() { d += "L\(n(Double(i) * step)) \(n(y))" }
        for (i, y) in bottom.enumerated().reversed() { d += "L\(n(Double(i) * step)) \(n(y))" }
        return d + "Z"
    }

    /// A conifer of three tiers standing on `base`.
    static func tree(x: Double, base: Double, height h: Double) -> String {
        var d = "M\(n(x - 3)) \(n(base))L\(n(x - 3)) \(n(base - h * 0.15))L\(n(x + 3)) \(n(base - h * 0.15))L\(n(x + 3)) \(n(base))Z"
        for tier in 0..<3 {
            let bottom = base - h * (0.12 + 0.26 * Double(tier)), top = bottom - h * 0.5, w = h * (0.26 - 0.06 * Double(tier))
            d += "M\(n(x - w)) \(n(bottom))L\(n(x)) \(n(top))L\(n(x + w)) \(n(bottom))Z"
        }
        return d
    }

    /// The highest point summits raise at `x` (smaller y is higher): each a peak whose
    /// height falls with its distance, its sides straight (`sharpness` 1) to rounded (2+).
    static func summitTop(_ summits: [ArtScene.Summit], at x: Double, base: Double, top: Double, sharpness: Double) -> Double {
        guard let nearest = summits.first?.distance else { return base }
        var best = base
        for summit in summits {
            let rise = (base - top) * min(1, (nearest / summit.distance).squareRoot())
            let halfWidth = 0.018 + 0.05 * rise / max(base - top, 1)
            let t = abs(x - summit.x) / halfWidth
            guard t < 1 else { continue }
            best = min(best, base - rise * (1 - pow(t, sharpness)))
        }
        return best
    }

    /// Octaves of value noise over the columns, each half the wavelength and about half
    /// the height of the one before, in about [-amplitude, amplitude].
    static func fractal(_ random: inout ArtRandom, amplitude: Double) -> [Double] {
        let count = ArtScene.columns
        var values = [Double](repeating: 0, count: count)
        var step = 48, scale = amplitude
        while step >= 2 {
            let knots = (0...(count / step + 1)).map { _ in random.next() * 2 - 1 }
            for i in 0..<count {
                let k = i / step, t = Double(i % step) / Double(step)
                values[i] += scale * (knots[k] + (knots[k + 1] - knots[k]) * t)
            }
            step /= 2
            scale *= 0.5
        }
        return values
    }

    static func smoothed(_ values: [Double], radius: Int) -> [Double] {
        values.indices.map { i in
            let window = values[max(0, i - radius)...min(values.count - 1, i + radius)]
            return window.reduce(0, +) / Double(window.count)
        }
    }
}

/// A number for SVG: one decimal, no trailing `.0`.
private func n(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : Decimals.fixed(tenths / 10, 1)
}
