import Formats

/// The words of a park that a flow's arguments name (``FlowArguments``): its sites'
/// categories, its collections, its flows and the project's parks, each read when first
/// asked. A word is checked where it is written, with the nearest known word as a hint.
final class ParkWords {
    private let context: ModuleContext
    private let flows: () -> [String]
    private let parks: () -> [String]
    /// The words of each noun, in the order messages list them.
    private var known: [String: [String]] = [:]

    /// - Parameters:
    ///   - context: the park's settings and content.
    ///   - flows: the flows the park has (registered, or defined by a file that failed).
    ///   - parks: the project's park codes.
    init(context: ModuleContext, flows: @escaping () -> [String], parks: @escaping () -> [String]) {
        self.context = context
        self.flows = flows
        self.parks = parks
    }

    /// What is wrong with `word` as a `kind`, or nil. A park whose sites do not read leaves
    /// site and category words unchecked: that mistake is reported as the content's.
    func problem(_ word: String, as kind: FlowArguments.Kind) -> String? {
        let noun: String
        switch kind {
        case .text: return nil
        case .number: return Double(word).map { $0.isFinite } == true ? nil : "expected a number, got \(Excerpt.quoted(word))"
        case .oneOf(let words):
            if words.contains(word) { return nil }
            let hint = Excerpt.suggestion(for: word, in: words).map { "did you mean '\($0)'? " } ?? ""
            return "unknown value \(Excerpt.quoted(word)); \(hint)one of: \(words.joined(separator: ", "))"
        case .site:
            // A site id may come from the visitor's store and outlive the data (a favorite of
            // a site a new version dropped): the flow says it is not found, as it must anyway.
            return nil
        case .category: noun = "category"
        case .collection: noun = "collection"
        case .flow: noun = "flow"
        case .park: noun = "park"
        }
        guard let words = words(noun) else { return nil }
        if words.contains(word) { return nil }
        let hint = Excerpt.suggestion(for: word, in: words).map { "; did you mean '\($0)'?" } ?? ""
        let listed = words.count <= 12 ? "\(hint.isEmpty ? ";" : "") \(noun == "category" ? "categories" : noun + "s"): \(words.joined(separator: ", "))" : ""
        return "no \(noun) \(Excerpt.quoted(word)) in \(context.park.code)\(hint)\(listed)"
    }

    private func words(_ noun: String) -> [String]? {
        if let made = known[noun] { return made }
        let made: [String]
        switch noun {
        case "category":
            guard let table = try? context.siteTable() else { return nil }
            made = Set(table.categories).union(context.park.settings.sites.categories.keys).sorted()
        case "collection": made = context.park.settings.sites.collections.map(\.id) + ["more"]
        case "flow": made = flows().sorted()
        default: made = parks()
        }
        known[noun] = made
        return made
    }
}
