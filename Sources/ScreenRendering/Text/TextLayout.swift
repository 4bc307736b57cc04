import Formats
import ScreenModel

/// Lays out each kind of component as lines for ``TextRenderer``. Every function
/// takes the columns it may use and returns finished lines, styles applied.
struct TextLayout {
    /// Styling; plain unless the renderer's options ask for colors.
    let paint: TextPaint

    /// The lines of one section.
    func section(_ component: Component, width: Int) -> [String] {
        switch component {
        case .text(let text): self.text(text, width: width)
        case .image(let image): self.image(image, width: width)
        case .card(let card): self.card(card, number: nil, width: width)
        case .list(let list): self.list(list, width: width)
        case .carousel(let carousel): self.carousel(carousel, width: width)
        case .button(let button): self.button(button, width: width)
        case .form(let form): self.form(form, width: width)
        case .onboarding(let onboarding): self.onboarding(onboarding, width: width)
        case .map(let map): self.map(map, width: width)
        case .timeline(let timeline): self.timeline(timeline, width: width)
        case .ar(let ar): self.ar(ar, width: width)
        }
    }

    /// Sections are apart by a blank line, except that a heading sticks to what it
    /// heads and consecutive buttons form one group.
    static func needsBlankLine(between previous: Component?, and next: Component) -> Bool {
        switch (previous, next) {
        case (.text(let text), _) where text.style == .title || text.style == .heading: false
        case (.button, .button): false
        default: true
        }
    }

    /// `text` wrapped, underlined with `rule` as wide as its longest line.
    func heading(_ text: String, rule: Character, width: Int) -> [String] {
        let lines = TextWrap.lines(text, width: width)
        let ruleWidth = min(lines.map(TextWrap.columns).max() ?? 0, width)
        return lines.map(paint.bold) + [paint.dim(String(repeating: rule, count: max(ruleWidth, 1)))]
    }

    func text(_ text: Component.Text, width: Int) -> [String] {
        switch text.style {
        case .title: heading(text.text, rule: "═", width: width)
        case .heading: heading(text.text, rule: "─", width: width)
        case .body: TextWrap.lines(text.text, width: width)
        case .caption: TextWrap.hanging(text.text, width: width, first: "  ", rest: "  ").map(paint.dim)
        case .notice: TextWrap.hanging(text.text, width: width, first: "! ", rest: "  ").map(paint.notice)
        }
    }

    func image(_ image: Component.Image, width: Int) -> [String] {
        let name = image.alt.isEmpty ? String(image.url.split(separator: "/").last ?? "") : image.alt
        return TextWrap.hanging("[image: \(name)]", width: width, first: "", rest: "  ").map(paint.dim)
    }

    /// A card as a bracketed block; `number` ("2/5") prefixes the title in a carousel.
    func card(_ card: Component.Card, number: String?, width: Int) -> [String] {
        let inner = width - 2
        var lines = TextWrap.lines(number.map { "\($0) · \(card.title)" } ?? card.title, width: inner).map(paint.bold)
        if let subtitle = card.subtitle { lines += TextWrap.lines(subtitle, width: inner).map(paint.dim) }
        if let body = card.body { lines += TextWrap.lines(body, width: inner) }
        if let image = card.image { lines += self.image(image, width: inner) }
        if !card.badges.isEmpty { lines += TextWrap.lines(badges(card.badges), width: inner) }
        if let action = card.action { lines += actionLines(action, label: action.label, width: inner) }
        return bracketed(lines)
    }

    func list(_ list: Component.List, width: Int) -> [String] {
        var lines = list.title.map { heading($0, rule: "─", width: width) } ?? []
        if list.items.isEmpty {
            lines += TextWrap.hanging(list.empty ?? "(no items)", width: width, first: "∅ ", rest: "  ").map(paint.dim)
        }
        for item in list.items {
            lines += listItem(item, width: width)
        }
        return lines
    }

    func carousel(_ carousel: Component.Carousel, width: Int) -> [String] {
        var lines = carousel.title.map { heading($0, rule: "─", width: width) } ?? []
        if carousel.cards.isEmpty { lines.append(paint.dim("∅ (no cards)")) }
        for (index, card) in carousel.cards.enumerated() {
            lines += self.card(card, number: "\(index + 1)/\(carousel.cards.count)", width: width)
        }
        return lines
    }

    func button(_ button: Component.Button, width: Int) -> [String] {
        let marker = button.style == .primary ? "▶ " : "▷ "
        return TextWrap.prefixed(actionLines(button.action, label: button.label, width: width - 2), first: marker, rest: "  ")
    }

    func onboarding(_ onboarding: Component.Onboarding, width: Int) -> [String] {
        if onboarding.pages.isEmpty { return [paint.dim("∅ (onboarding without pages)")] }
        var lines: [String] = []
        for (index, page) in onboarding.pages.enumerated() {
            if index > 0 { lines.append("") }
            lines += heading("Page \(index + 1)/\(onboarding.pages.count) · \(page.title)", rule: "─", width: width)
            if !page.body.isEmpty { lines += TextWrap.lines(page.body, width: width) }
            lines += layers(page.background, width: width)
            if let action = page.action { lines += actionLines(action, label: action.label, width: width) }
        }
        return lines
    }

    // MARK: - Parts

    /// `[ID] label → target`, wrapped with continuation lines under the label; the
    /// target breaks only between arguments, never inside one.
    func actionLines(_ action: Action, label: String?, width: Int) -> [String] {
        let id = "[\(action.id ?? "?")]"
        // Split and cut as bytes: the separators and the pad are ASCII, so every cut falls
        // between characters, without breaking graphemes to find them.
        let labelWords = (label ?? "").utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }).map { String(decoding: $0, as: UTF8.self) }
        let words = labelWords + ["→"] + Self.targetWords(action.target)
        let pad = TextWrap.spaces(TextWrap.columns(id) + 1)
        var lines = TextWrap.prefixed(TextWrap.lines(words: words, width: width - pad.utf8.count), first: pad, rest: pad)
        if let first = lines.first {
            lines[0] = paint.actionID(id) + String(decoding: first.utf8.dropFirst(pad.utf8.count - 1), as: UTF8.self)
        }
        return lines
    }

    /// What an action does, as typed on a command line: `go sites category=viewpoint`
    /// (arguments sorted by key, quoted when needed; `go YELL/home` in another park),
    /// `act favorites add=...` (the app changes the visitor's store, then shows the flow's
    /// screen), the URL, `call +1 415-561-4700`, or
    /// `directions to Fort Point, Marine Dr, San Francisco, CA (37.81058, -122.47700)`.
    static func target(_ target: Action.Target) -> String {
        targetWords(target).joined(separator: " ")
    }

    /// Word groups joined by ` · `: the dot stays at the end of its group's last word.
    static func dotted(_ parts: [[String]]) -> [String] {
        let parts = parts.filter { !$0.isEmpty }
        return parts.enumerated().flatMap { index, words in
            index == parts.count - 1 ? words : words.dropLast() + [(words.last ?? "") + " ·"]
        }
    }

    /// The target in unbreakable pieces: the verb stays with its flow or number.
    private static func targetWords(_ target: Action.Target) -> [String] {
        switch target {
        case .go(let flow, let args, let park):
            ["go \(park.map { "\($0)/" } ?? "")\(flow)"] + args.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }
        case .act(let flow, let args):
            ["act \(flow)"] + args.sorted { $0.key < $1.key }.map { "\($0.key)=\(quoted($0.value))" }
        case .url(let url): [url]
        case .call(let phone): ["call \(phone)"]
        case .directions(let place):
            // The name and address wrap between words; the position stays whole.
            ["directions to"] + "\(place.name)\(place.address.map { ", \($0)" } ?? "")".split(separator: " ").map(String.init)
                + [Wayfinding.position(place)]
        }
    }

    // MARK: - Private helpers

    private func listItem(_ item: Component.ListItem, width: Int) -> [String] {
        let inner = width - 2
        let head = item.badge.map { "\(item.title) \(badges([$0]))" } ?? item.title
        var headLines = TextWrap.lines(head, width: inner)
        var detailLine: [String] = []
        if let detail = item.detail, let first = headLines.first {
            let shown = TerminalText.line(detail)
            let gap = inner - TextWrap.columns(first) - TextWrap.columns(shown)
            if gap >= 2 && !detail.contains("\n") {
                let detail = shown
                headLines[0] = paint.bold(first) + TextWrap.spaces(gap) + paint.dim(detail)
            } else {
                detailLine = TextWrap.lines(detail, width: inner).map(paint.dim)
            }
            headLines = [headLines[0]] + headLines.dropFirst().map(paint.bold)
        } else {
            headLines = headLines.map(paint.bold)
        }
        var lines = headLines + detailLine
        if let subtitle = item.subtitle { lines += TextWrap.lines(subtitle, width: inner) }
        if let action = item.action { lines += actionLines(action, label: action.label, width: inner) }
        return TextWrap.prefixed(lines, first: "• ", rest: "  ")
    }

    /// One aligned row per layer: image, position, depth, placeholder. Rows are not
    /// wrapped: an image path is one word.
    private func layers(_ layers: [Component.Onboarding.Layer], width: Int) -> [String] {
        guard !layers.isEmpty else { return [] }
        let images = layers.map { TerminalText.line($0.image) }
        let column = min(images.map { TextWrap.columns($0) }.max() ?? 0, 36)
        let rows = zip(layers, images).map { layer, image in
            let pad = TextWrap.spaces(max(column - TextWrap.columns(image), 0))
            let place = "x \(TextWrap.twoDecimals(layer.position.x))  y \(TextWrap.twoDecimals(layer.position.y))"
            let tail = layer.placeholder.map { "  \(TerminalText.line($0))" } ?? ""
            return "  \(image)\(pad)  \(place)  depth \(TextWrap.twoDecimals(layer.depth))\(tail)"
        }
        return TextWrap.lines("Background, back to front:", width: width).map(paint.dim) + rows
    }

    /// Badges as `‹Open› ‹Accessible›`.
    private func badges(_ badges: [String]) -> String {
        badges.map { "‹\($0)›" }.joined(separator: " ")
    }

    /// Lines inside a left bracket: `┌` first, `│` between, `└` last, `─` alone.
    private func bracketed(_ lines: [String]) -> [String] {
        if lines.count == 1 { return [paint.dim("─") + " " + lines[0]] }
        return lines.enumerated().map { index, line in
            let mark = index == 0 ? "┌" : index == lines.count - 1 ? "└" : "│"
            return line.isEmpty ? paint.dim(mark) : paint.dim(mark) + " " + line
        }
    }

    /// `value` as is when it is a plain word, else in double quotes with `"` and `\` escaped.
    private static func quoted(_ value: String) -> String {
        let plain = !value.isEmpty && value.allSatisfy { !$0.isWhitespace && $0 != "\"" && $0 != "\\" && $0 != "'" }
        if plain { return value }
        var escaped = ""
        for character in value {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }
}
