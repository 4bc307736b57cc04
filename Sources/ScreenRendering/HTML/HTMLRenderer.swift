public import ScreenModel

/// Renders a screen as a phone would show it: one self-contained HTML document (no
/// scripts, no external style sheets; the screen's own images are its only links), the
/// screen in a phone-sized frame (390×844 by default) painted in the park's theme. Every
/// component of the schema is drawn; maps, timelines and AR views are their SVG pictures
/// (``SVGRenderer``), inline, each one image named by what it shows (``PictureDescription``).
/// For screen readers and keyboards: a `header` and a `main`, headings that never skip a
/// level, a name for every picture and link, lists as lists, no focus order of its own. Actions are links: a `url` action opens its address, a `call`
/// action is a `tel:` link, a `directions` action a `geo:` link with the place in
/// `data-directions`, and a `go` action carries its flow and arguments in `data-`
/// attributes (the preview page follows it; in a saved file it goes nowhere).
///
/// The same screen always gives the same bytes. Components are in
/// `HTMLRenderer+Components.swift`, the style sheet in `HTMLStyle.swift`.
public struct HTMLRenderer: ScreenRenderer {
    /// The phone frame's size in CSS pixels.
    public var frame: Component.Map.Size
    /// Where the park's `assets/` is served (`/parks/GRTE/assets/`), so pictures named by
    /// their path inside it show; nil (a saved file) shows their placeholder colours.
    public var assets: String?
    /// Where the visitor's photos are served (`/photos/`), so `photo:` pictures show; nil
    /// shows their placeholder colours.
    public var photos: String?
    /// The language the screen speaks (`es`), for the page's `lang`: what a screen reader
    /// pronounces it as (default `nil`: English for a whole page, the page's own for a frame).
    public var language: String?

    /// Where pictures named in a screen are served: the park's assets and the visitor's photos.
    struct PictureAddresses {
        var assets: String?
        var photos: String?
    }

    /// Creates an HTML renderer.
    /// - Parameters:
    ///   - frame: the phone frame's size (default 390×844, an iPhone 14's screen).
    ///   - assets: the address of the park's `assets/` folder, ending in `/` (default nil:
    ///     only full `https://` pictures show).
    ///   - photos: the address of the visitor's photos, ending in `/` (default nil).
    public init(frame: Component.Map.Size = Component.Map.Size(width: 390, height: 844), assets: String? = nil, photos: String? = nil) {
        self.frame = frame
        self.assets = assets
        self.photos = photos
    }

    /// The screen as a complete HTML document, with a trailing newline.
    /// - Parameter screen: the screen to draw.
    public func render(_ screen: Screen) -> String {
        var html = SVGMarkup()
        html.raw("<!DOCTYPE html>")
        html.open("html", [("lang", language ?? "en")])
        html.open("head")
        html.element("meta", [("charset", "utf-8")])
        html.element("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        html.text("title", "\(screen.title) · \(screen.park)")
        html.open("style")
        for line in HTMLStyle.sheet(theme: screen.theme, frame: frame) { html.raw(line) }
        html.close("style")
        html.close("head")
        html.open("body")
        phone(screen, into: &html)
        html.close("body")
        html.close("html")
        return html.lines.joined(separator: "\n") + "\n"
    }

    /// The phone frame and the screen in it: what the preview page shows and replaces when
    /// the screen changes.
    /// - Parameter screen: the screen to draw.
    /// - Returns: the frame's markup, one element.
    public func phoneFrame(_ screen: Screen) -> String {
        var html = SVGMarkup()
        phone(screen, into: &html)
        return html.lines.joined(separator: "\n") + "\n"
    }

    /// The style sheet ``phoneFrame(_:)`` needs, in the screen's theme and this frame's
    /// size: the preview page puts it beside the frame it replaces.
    /// - Parameter screen: the screen whose theme to paint.
    /// - Returns: CSS, one rule a line.
    public func styleSheet(_ screen: Screen) -> String {
        HTMLStyle.sheet(theme: screen.theme, frame: frame).joined(separator: "\n") + "\n"
    }

    func phone(_ screen: Screen, into html: inout SVGMarkup) {
        html.open("div", [("class", "phone"), ("data-park", screen.park), ("data-flow", screen.flow)] + (language.map { [("lang", $0)] } ?? []))
        html.open("header", [("class", "bar")])
        html.text("h1", screen.title)
        if let subtitle = screen.subtitle { html.text("p", subtitle, [("class", "bar-subtitle")]) }
        html.close("header")
        // The screen scrolls inside the frame: focusable, so a keyboard can scroll it where
        // nothing in it is (an AR view, a timeline).
        html.open("main", [("class", "screen"), ("tabindex", "0")])
        for (index, component) in screen.sections.enumerated() {
            Self.component(component, number: index + 1, of: screen, assets: PictureAddresses(assets: assets, photos: photos), into: &html)
        }
        html.close("main")
        html.close("div")
    }
}
