public import ScreenModel

/// The text alternative of a picture the renderers draw from data: a map, an AR view or a
/// timeline's map, said in a few sentences from what it shows (how many sites, where, what
/// is ahead), for a screen reader in place of the picture. The HTML renderer puts it on the
/// picture's figure (`role="img"`, `aria-label`), the SVG renderer in the picture's `<desc>`.
///
/// Each list is cut after a few names ("and 12 more"), so the text stays short enough to
/// hear and its length bounded whatever the screen holds. The same screen always gives the
/// same text.
public enum PictureDescription {
    /// How many clusters, pins or AR sites a description names before "and N more".
    static let namedAtMost = 5

    /// The text alternative of `component` on `screen`, or nil for a component that is not
    /// a picture drawn from data.
    /// - Parameters:
    ///   - component: a map, an AR view or a timeline.
    ///   - screen: the screen it is on (its title names what the picture is of).
    public static func text(of component: Component, on screen: Screen) -> String? {
        switch component {
        case .map(let map): self.map(map, on: screen)
        case .ar(let ar): self.ar(ar)
        case .timeline(let timeline): self.timeline(timeline, on: screen)
        default: nil
        }
    }

    /// `items` joined with commas and "and", the ones past ``namedAtMost`` counted: "A, B
    /// and 3 more"; with semicolons where an item has a comma of its own ("A 1.8 km, turn
    /// left 32°; B ...").
    static func listed(_ items: [String]) -> String {
        var shown = Array(items.prefix(namedAtMost))
        if items.count > shown.count { shown.append("\(items.count - shown.count) more") }
        guard let last = shown.popLast() else { return "" }
        if shown.isEmpty { return last }
        let separator = (shown + [last]).contains { $0.contains(",") } ? "; " : ", "
        return shown.joined(separator: separator) + "\(separator == "; " ? ";" : "") and " + last
    }

    /// `count` and the noun, singular or plural: "1 site", "3 sites".
    static func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }

    /// The compass point nearest `degrees` as a word: "north-east".
    static func compassWord(_ degrees: Double) -> String {
        let words = ["north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"]
        guard let index = Wayfinding.compassPoints.firstIndex(of: Wayfinding.compass(degrees)) else { return "an unknown direction" }
        return words[index]
    }
}
