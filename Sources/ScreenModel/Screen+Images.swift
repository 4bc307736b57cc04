/// A picture a screen names, and where: an image component, a card's image (a carousel's
/// cards included) or an onboarding page's background layer.
public struct LocatedImage: Hashable, Sendable {
    /// The field that names it: `sections[2].image.url`, `sections[1].pages[1].background[3].image`.
    public var path: String
    /// What the screen names: a path inside the park's `assets/` or a full `https://` URL.
    public var reference: String
    /// The `#RRGGBB` colour shown until it loads, when the screen gives one.
    public var placeholder: String?
    /// When to load it. A layer has no priority of its own: the first page's layers are
    /// `high` (they are on screen at once), later pages' `normal`.
    public var priority: Component.Image.Priority
}

extension Screen {
    /// Every picture the screen names, in reading order: sections in order, a carousel's
    /// cards in order, an onboarding's pages in order with each page's layers back to front.
    public var images: [LocatedImage] {
        var found: [LocatedImage] = []
        func add(_ image: Component.Image, at path: String) {
            found.append(LocatedImage(path: "\(path).url", reference: image.url, placeholder: image.placeholder, priority: image.priority))
        }
        for (s, section) in sections.enumerated() {
            let path = "sections[\(s + 1)]"
            switch section {
            case .image(let image):
                add(image, at: path)
            case .card(let card):
                if let image = card.image { add(image, at: "\(path).image") }
            case .carousel(let carousel):
                for (c, card) in carousel.cards.enumerated() {
                    if let image = card.image { add(image, at: "\(path).cards[\(c + 1)].image") }
                }
            case .onboarding(let onboarding):
                for (p, page) in onboarding.pages.enumerated() {
                    for (l, layer) in page.background.enumerated() {
                        found.append(
                            LocatedImage(
                                path: "\(path).pages[\(p + 1)].background[\(l + 1)].image", reference: layer.image,
                                placeholder: layer.placeholder, priority: p == 0 ? .high : .normal))
                    }
                }
            case .text, .list, .button, .form, .map, .timeline, .ar:
                continue
            }
        }
        return found
    }
}
