import ScreenRendering
import ArgumentParser
import FlowKit
import ScreenModel

/// `--format`: the formats flowrun writes, and the one table saying what each does.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, svg, html

    /// Everything that differs between the formats. Adding a format is adding a case and
    /// its row in ``row``.
    struct Row {
        /// Draws a screen.
        let renderer: any ScreenRenderer
        /// Why this format cannot show `screen`, or nil when it can.
        let refusal: (Screen) -> String?
        /// What the app would do for a URL, phone or directions action, where `--follow` ends.
        let external: (Action) -> String
        /// How `flowrun parks` writes its list; nil when this format does not list parks.
        let parkList: ParkList?
    }

    /// The park list's two forms.
    enum ParkList { case table, json }

    /// The table: each format's renderer and its special cases.
    var row: Row {
        switch self {
        case .text:
            Row(renderer: TextRenderer(), refusal: { _ in nil }, external: Self.sentence, parkList: .table)
        case .json:
            Row(renderer: JSONRenderer(), refusal: { _ in nil }, external: { JSONRenderer.encode($0) }, parkList: .json)
        case .html:
            Row(renderer: HTMLRenderer(), refusal: { _ in nil }, external: Self.sentence, parkList: nil)
        case .svg:
            Row(
                renderer: SVGRenderer(),
                refusal: { SVGRenderer.canRender($0) ? nil : "screen '\($0.flow)' has no map, timeline or AR view to draw; use text or json" },
                external: Self.sentence, parkList: nil)
        }
    }

    /// The screen in this format, or a usage error (exit 2) when it cannot show it.
    /// - Parameter language: the language the screen speaks (`--locale`), for HTML's `lang`.
    func render(_ screen: Screen, language: String? = nil) throws(FlowError) -> String {
        let row = row
        if let refusal = row.refusal(screen) { throw .badArgument(name: "--format \(rawValue)", message: refusal) }
        if var html = row.renderer as? HTMLRenderer {
            html.language = language
            return html.render(screen)
        }
        return row.renderer.render(screen)
    }

    /// `The app opens https://...`: an action the app performs, for people.
    private static func sentence(_ action: Action) -> String {
        TextRenderer.sentence(for: action) + "\n"
    }
}
