import ScreenModel

extension SVGRenderer {
    /// The screen's first AR view, drawn when it has no map.
    static func firstAR(in screen: Screen) -> Component.AR? {
        for case .ar(let ar) in screen.sections { return ar }
        return nil
    }

    /// `ar` as a picture of its size: the backdrop (sky, ground, horizon, compass strip),
    /// then the pins back to front, the off-screen hints and the caption.
    static func render(_ ar: Component.AR, of screen: Screen) -> String {
        let width = side(ar.size.width, fallback: fallbackSize.width)
        let height = side(ar.size.height, fallback: fallbackSize.height)
        let backdrop = SVGARBackdrop(camera: ar.camera, width: width, height: height)
        var svg = document(width: width, height: height, title: "\(screen.title) · AR view", description: PictureDescription.ar(ar))
        backdrop.draw(into: &svg)
        SVGARLayer(ar: ar, backdrop: backdrop, title: screen.title).draw(into: &svg)
        svg.close("svg")
        return svg.lines.joined(separator: "\n") + "\n"
    }
}
