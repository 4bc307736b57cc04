import Formats

/// The words in a park's settings that name its data or its flows, each with the path
/// where it is written, checked against what the park has: a category misspelt in a
/// highlight, emergency, collection or art list would otherwise just make a list shorter,
/// and a flow misspelt in `flows` would switch nothing off.
///
/// A category is known when a site of the park has it or `sites.categories` names it (the
/// vocabulary defaults.lua writes); a category park.lua itself names there must be one its
/// sites have. A flow is known when a file registers it or defines it by its name.
package struct SettingWords: Sendable {
    /// A word and where it is written (`home.highlight_categories[2]`).
    struct Word: Sendable {
        var path: String
        var text: String
    }

    /// Category words in lists.
    let categories: [Word]
    /// `sites.categories`' keys, each a category.
    let namedCategories: [String]

    /// The words of `settings`.
    package init(_ settings: ParkSettings) {
        var words: [Word] = []
        func list(_ path: String, _ items: [String]) {
            for (i, item) in items.enumerated() { words.append(Word(path: "\(path)[\(i + 1)]", text: item)) }
        }
        list("home.highlight_categories", settings.home.highlight_categories)
        list("emergency.categories", settings.emergency.categories)
        for (i, collection) in settings.sites.collections.enumerated() { list("sites.collections[\(i + 1)].categories", collection.categories) }
        let art = settings.onboarding.art
        for (name, items) in [("relief", art.relief), ("water", art.water), ("geyser", art.geyser), ("lighthouse", art.lighthouse)] {
            list("onboarding.art.\(name)", items)
        }
        categories = words
        namedCategories = settings.sites.categories.keys.sorted()
    }

    /// No words: content read without a park's settings.
    package static let none = SettingWords()
    private init() {
        categories = []
        namedCategories = []
    }

    /// Every category word no site of the park has and `sites.categories` does not name,
    /// and every category park.lua names in `sites.categories` that no site has.
    /// - Parameters:
    ///   - present: the categories the park's sites have (hidden ones included or not:
    ///     `sites.categories` names the hidden).
    ///   - dataFile: the sites file, for messages.
    ///   - places: where the settings are written.
    package func categoryProblems(present: Set<String>, dataFile: String, places: inout SettingPlaces) -> [FlowError] {
        let known = present.union(namedCategories)
        var problems: [FlowError] = []
        func report(_ path: String, _ word: String, among: Set<String>, _ what: (String) -> String) {
            let hint = Excerpt.suggestion(for: word, in: among).map { "; did you mean '\($0)'?" } ?? ""
            let message = "\(path): \(what(Excerpt.quoted(word)))\(hint)"
            problems.append(.badContent(file: places.place(of: path), message: message))
        }
        for key in namedCategories where !present.contains(key) {
            // A default's entry names a category some park may have; park.lua's names its own.
            let path = "sites.categories.\(key)"
            guard places.writes(path, in: places.parkFile) else { continue }
            report(path, key, among: present) { "no site in \(dataFile) has category \($0)" }
        }
        for word in categories where !known.contains(word.text) {
            report(word.path, word.text, among: known) {
                "unknown category \($0): no site in \(dataFile) has it, and sites.categories does not name it"
            }
        }
        return problems
    }

    /// Every flow `settings` names (`flows.<name>`, `home.links[].flow`) that no flow of
    /// `known` is, but for the default flows defaults.lua switches on.
    package static func flowProblems(_ settings: ParkSettings, known: [String], places: inout SettingPlaces) -> [FlowError] {
        let names = Set(known)
        var problems: [FlowError] = []
        func report(_ path: String, _ name: String) {
            let hint = Excerpt.suggestion(for: name, in: names).map { "; did you mean '\($0)'?" } ?? "; flows: \(Excerpt.list(known.sorted()))"
            problems.append(.badContent(file: places.place(of: path), message: "\(path): unknown flow \(Excerpt.quoted(name))\(hint)"))
        }
        // defaults.lua lists the default flows: a project may leave some out of flows/.
        for name in settings.flows.keys.sorted() where !names.contains(name) && !places.writes("flows.\(name)", in: SettingPlaces.defaultsFile) {
            report("flows.\(name)", name)
        }
        for (i, link) in settings.home.links.enumerated() where !names.contains(link.flow) { report("home.links[\(i + 1)].flow", link.flow) }
        return problems
    }
}
