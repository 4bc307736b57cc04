import Formats
import ScreenModel

// Each component of the schema as HTML, in the phone frame's style (HTMLStyle.swift).
// Headings never skip a level, whatever order a flow puts its sections in: the screen's
// title is the one h1, every section's heading (a title or heading text, a list's, a
// carousel's, a timeline's, an onboarding page's, a card's alone) is h2, and what sits
// under a section's own heading (a titled carousel's cards, a titled timeline's count) h3.
// Their looks come from their classes, not their levels.

extension HTMLRenderer {
    static func component(_ component: Component, number: Int, of screen: Screen, assets: PictureAddresses, into html: inout SVGMarkup) {
        switch component {
        case .text(let text):
            let (tag, style): (String, String) =
                switch text.style {
                case .title: ("h2", "text-title")
                case .heading: ("h2", "text-heading")
                case .body: ("p", "text-body")
                case .caption: ("p", "text-caption")
                case .notice: ("p", "text-notice")
                }
            html.text(tag, text.text, [("class", style)] + idAttribute(text.id))
        case .image(let image):
            self.image(image, assets: assets, into: &html)
        case .card(let card):
            self.card(card, assets: assets, into: &html)
        case .list(let list):
            html.open("section", [("class", "list")] + idAttribute(list.id))
            if let title = list.title { html.text("h2", title, [("class", "section-title")]) }
            if list.items.isEmpty {
                html.text("p", list.empty ?? "Nothing here yet.", [("class", "list-empty")])
            } else {
                html.open("ul")
                for item in list.items { listItem(item, into: &html) }
                html.close("ul")
            }
            html.close("section")
        case .carousel(let carousel):
            html.open("section", [("class", "carousel")] + idAttribute(carousel.id))
            if let title = carousel.title { html.text("h2", title, [("class", "section-title")]) }
            html.open("div", [("class", "carousel-track")])
            for (i, card) in carousel.cards.enumerated() {
                self.card(card, position: "\(i + 1)/\(carousel.cards.count)", heading: carousel.title == nil ? "h2" : "h3", assets: assets, into: &html)
            }
            html.close("div")
            html.close("section")
        case .form(let form):
            self.form(form, into: &html)
        case .button(let button):
            html.open("div", [("class", "button-row")] + idAttribute(button.id))
            link(button.action, class: "button \(button.style.rawValue)", text: button.label, into: &html)
            html.close("div")
        case .onboarding(let onboarding):
            self.onboarding(onboarding, assets: assets, into: &html)
        case .timeline(let timeline):
            self.timeline(timeline, of: screen, into: &html)
        case .map, .ar:
            // The picture SVGRenderer draws for this one component, inline and scaled to the frame.
            let alone = Screen(
                park: screen.park, flow: screen.flow, title: screen.title, subtitle: screen.subtitle,
                sections: [component], schema: screen.schema, theme: screen.theme)
            // A map's box, for the preview page: a click on the picture becomes a position.
            var bbox: [SVGMarkup.Attribute] = []
            if case .map(let map) = component {
                let box = [map.bbox.west, map.bbox.south, map.bbox.east, map.bbox.north]
                bbox = [("data-bbox", box.map { SVGMarkup.number($0) }.joined(separator: ","))]
            }
            // One image to a screen reader, named by what it shows: the drawing's parts are not read.
            let described = [("role", "img"), ("aria-label", PictureDescription.text(of: component, on: screen) ?? screen.title)]
            html.open("figure", [("class", "picture picture-\(component.type)")] + described + bbox + idAttribute(component.id))
            for line in SVGRenderer().render(alone).split(separator: "\n") where !line.hasPrefix("<?xml") {
                html.raw(String(line))
            }
            html.close("figure")
        }
    }

    /// A timeline as a phone reads it: its map, a square as wide as the screen, then when it
    /// ran, its facts, and its entries as a list (time, what happened, where), text to read,
    /// not a poster shrunk into the frame.
    private static func timeline(_ timeline: Component.Timeline, of screen: Screen, into html: inout SVGMarkup) {
        html.open("section", [("class", "timeline")] + idAttribute(timeline.id))
        if let title = timeline.title { html.text("h2", title, [("class", "section-title")]) }
        html.open("figure", [("class", "picture picture-timeline"), ("role", "img"), ("aria-label", PictureDescription.timeline(timeline, on: screen))])
        for line in SVGRenderer.timelineMapPicture(screen, timeline, side: 390).split(separator: "\n") where !line.hasPrefix("<?xml") {
            html.raw(String(line))
        }
        html.close("figure")
        let zone = ZoneClock(identifier: timeline.timezone)
        var span = zone.span(from: timeline.start, to: timeline.end).joined(separator: " ")
        if let duration = TimeText.duration(from: timeline.start, to: timeline.end) { span += " · \(duration)" }
        html.text("p", span, [("class", "timeline-span")])
        if !timeline.facts.isEmpty {
            html.open("dl", [("class", "facts")])
            for fact in timeline.facts {
                html.text("dt", fact.label)
                html.text("dd", fact.value)
            }
            html.close("dl")
        }
        let regions = Dictionary(timeline.regions.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let count = timeline.entries.count
        html.text(timeline.title == nil ? "h2" : "h3", "\(count) \(count == 1 ? "entry" : "entries")", [("class", "timeline-count")])
        if timeline.entries.isEmpty {
            html.text("p", "Nothing happened along this track.", [("class", "list-empty")])
        } else {
            // Each time with its zone's letters where the replay crosses a change of offset.
            let marked = zone.changesOffset(timeline.entries.map(\.time))
            html.open("ol", [("class", "timeline-entries")])
            for entry in timeline.entries {
                html.open("li", [("class", "entry entry-\(entry.kind.rawValue)")])
                let clock = zone.clock(entry.time) + (marked ? " \(zone.abbreviation(entry.time))" : "")
                html.text("time", clock, [("class", "entry-time")])
                html.open("div", [("class", "entry-text")])
                html.text("span", entry.title, [("class", "entry-title")])
                var detail = [SVGTimelineLayer.name(of: entry.kind)]
                if let region = entry.region { detail.append(regions[region] ?? region) }
                if let more = entry.detail { detail.append(more) }
                html.text("span", detail.joined(separator: " · "), [("class", "entry-detail")])
                html.close("div")
                html.close("li")
            }
            html.close("ol")
        }
        html.close("section")
    }

    private static func image(_ image: Component.Image, assets: PictureAddresses, into html: inout SVGMarkup) {
        // A background, not an <img>: while it loads, or if it never does, the placeholder
        // colour shows instead of a broken-image icon.
        let placeholder = HTMLStyle.color(image.placeholder) ?? HTMLStyle.placeholder
        // An empty alt marks a picture that only decorates: screen readers skip it.
        let alternative: [SVGMarkup.Attribute] = image.alt.isEmpty ? [("aria-hidden", "true")] : [("role", "img"), ("aria-label", image.alt)]
        // An empty element is written with its end tag: in HTML `<div/>` opens a div.
        html.text(
            "div", "",
            [("class", "image image-\(image.priority.rawValue)")] + alternative + [
                (
                    "style",
                    "background-color: \(placeholder); background-image: url(\(HTMLStyle.cssURL(image.url, assets: assets.assets, photos: assets.photos)))"
                )
            ] + idAttribute(image.id))
    }

    private static func card(_ card: Component.Card, position: String? = nil, heading: String = "h2", assets: PictureAddresses, into html: inout SVGMarkup) {
        html.open("article", [("class", "card")] + idAttribute(card.id))
        if let image = card.image { self.image(image, assets: assets, into: &html) }
        html.open("div", [("class", "card-body")])
        if let position { html.text("p", position, [("class", "card-position")]) }
        html.text(heading, card.title, [("class", "card-title")])
        if let subtitle = card.subtitle { html.text("p", subtitle, [("class", "card-subtitle")]) }
        if let body = card.body { html.text("p", body, [("class", "card-text")]) }
        if !card.badges.isEmpty {
            html.open("p", [("class", "badges")])
            for badge in card.badges { html.text("span", badge, [("class", "badge")]) }
            html.close("p")
        }
        // A carousel's "Open" links would all sound alike: the name says what each opens.
        if let action = card.action {
            link(action, class: "card-action", text: action.label ?? "Open", label: action.label == nil ? "Open \(card.title)" : nil, into: &html)
        }
        html.close("div")
        html.close("article")
    }

    private static func listItem(_ item: Component.ListItem, into html: inout SVGMarkup) {
        html.open("li", [("class", "item")] + idAttribute(item.id))
        html.open("div", [("class", "item-text")])
        html.text("span", item.title, [("class", "item-title")])
        if let subtitle = item.subtitle { html.text("span", subtitle, [("class", "item-subtitle")]) }
        html.close("div")
        if let badge = item.badge { html.text("span", badge, [("class", "badge")]) }
        if let detail = item.detail { html.text("span", detail, [("class", "item-detail")]) }
        if let action = item.action { link(action, class: "item-action", text: "›", label: action.label ?? item.title, into: &html) }
        html.close("li")
    }

    private static func onboarding(_ onboarding: Component.Onboarding, assets: PictureAddresses, into html: inout SVGMarkup) {
        html.open("section", [("class", "onboarding")] + idAttribute(onboarding.id))
        for (i, page) in onboarding.pages.enumerated() {
            html.open("article", [("class", "page")])
            html.open("div", [("class", "layers")])
            // Back to front, as listed, each over the whole page with its center at its
            // position; depth is how far a swipe moves it, which a still page does not show.
            // A layer's placeholder shows only while it is the back layer: nearer ones are
            // transparent where the layers behind show through.
            for (l, layer) in page.background.enumerated() {
                let placeholder = l == 0 ? "background-color: \(HTMLStyle.color(layer.placeholder) ?? HTMLStyle.placeholder); " : ""
                html.text(
                    "div", "",
                    [
                        ("class", "layer"), ("role", "presentation"), ("data-depth", SVGMarkup.number(layer.depth)),
                        (
                            "style",
                            "left: \(percent(layer.position.x)); top: \(percent(layer.position.y)); "
                                + "\(placeholder)background-image: url(\(HTMLStyle.cssURL(layer.image, assets: assets.assets, photos: assets.photos)))"
                        ),
                    ])
            }
            html.close("div")
            html.text("p", "\(i + 1) of \(onboarding.pages.count)", [("class", "page-position")])
            html.text("h2", page.title, [("class", "page-title")])
            html.text("p", page.body, [("class", "page-body")])
            if let action = page.action { link(action, class: "button primary", text: action.label ?? "Continue", into: &html) }
            html.close("article")
        }
        html.close("section")
    }

    /// An action as a link: `url` opens, `call` dials, `directions` is a `geo:` link with the
    /// place as people read it, `go` and `act` carry their flow, arguments (and a go its park)
    /// for the preview page (and its id, as `--follow` numbers it).
    private static func link(_ action: Action, class style: String, text: String, label: String? = nil, into html: inout SVGMarkup) {
        var attributes: [SVGMarkup.Attribute] = [("class", "action \(style)")] + actionAttributes(action)
        if let label { attributes.append(("aria-label", label)) }
        html.text("a", text, attributes)
    }

    /// What the preview page reads of an action: its kind, id and target (`data-flow`,
    /// `data-args`, ...), with the `href` an app's web view would follow.
    static func actionAttributes(_ action: Action) -> [SVGMarkup.Attribute] {
        var attributes: [SVGMarkup.Attribute] = [("data-kind", action.kind)]
        if let id = action.id { attributes.append(("data-action", id)) }
        switch action.target {
        case .go, .act:
            guard let (flow, args, park) = action.flowTarget else { break }
            attributes.append(("href", "#\(park.map { "\($0)/" } ?? "")\(flow)"))
            attributes.append(("data-flow", flow))
            if let park { attributes.append(("data-park", park)) }
            if !args.isEmpty {
                let query = args.sorted { $0.key < $1.key }.map { "\(HTMLStyle.queryEscape($0.key))=\(HTMLStyle.queryEscape($0.value))" }
                attributes.append(("data-args", query.joined(separator: "&")))
            }
        case .url(let url):
            attributes.append(("href", HTMLStyle.isWebAddress(url) ? url : "#"))
            attributes.append(("rel", "noopener"))
        case .call(let phone):
            attributes.append(("href", "tel:\(phone.filter { $0.isNumber || $0 == "+" })"))
        case .directions(let place):
            // A geo: URI (RFC 5870) opens a phone's maps; the preview page says what the app would do.
            attributes.append(("href", "geo:\(Decimals.fixed(place.latitude, 5)),\(Decimals.fixed(place.longitude, 5))"))
            attributes.append(("data-directions", Wayfinding.place(place)))
        }
        return attributes
    }

    static func idAttribute(_ id: String?) -> [SVGMarkup.Attribute] {
        id.map { [("data-id", $0)] } ?? []
    }

    private static func percent(_ fraction: Double) -> String {
        SVGMarkup.number(min(max(fraction, 0), 1) * 100) + "%"
    }
}
