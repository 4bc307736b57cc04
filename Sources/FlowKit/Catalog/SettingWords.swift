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
    /// The category lists, each with the path it is written at (`home.highlight_categories`).
    let lists: [(path: String, items: [String])]
    /// `sites.categories`, the vocabulary's names.
    let named: [String: ParkSettings.Category]
    /// The keys of those park.lua writes itself.
    let parkNamed: Set<String>

    /// The words of `settings`; `parkNamed` are the categories park.lua itself names in
    /// `sites.categories` (``ParkConfig/parkCategoryNames``). Nothing is read or joined
    /// until a word is missing: a cold start pays for the lookups alone.
    package init(_ settings: ParkSettings, parkNamed: Set<String> = []) {
        let art = settings.onboarding.art
        var lists: [(path: String, items: [String])] = [
            ("home.highlight_categories", settings.home.highlight_categories), ("emergency.categories", settings.emergency.categories),
            ("onboarding.art.relief", art.relief), ("onboarding.art.water", art.water), ("onboarding.art.geyser", art.geyser),
            ("onboarding.art.lighthouse", art.lighthouse),
        ]
        for (i, collection) in settings.sites.collections.enumerated() { lists.append(("sites.collections[\(i + 1)].categories", collection.categories)) }
        self.lists = lists
        named = settings.sites.categories
        self.parkNamed = parkNamed
    }

    /// No words: content read without a park's settings.
    package static let none = SettingWords()
    private init() {
        lists = []
        named = [:]
        parkNamed = []
    }

    /// Every category word no site of the park has and `sites.categories` does not name,
    /// and every category park.lua names in `sites.categories` that no site has.
    /// - Parameters:
    ///   - present: the categories of the sites visitors see, sorted by their bytes.
    ///   - hidden: the categories the data has that visitors never see (curation checked them).
    ///   - dataFile: the sites file, for messages.
    ///   - places: where the settings are written.
    package func categoryProblems(present: [String], hidden: Set<String> = [], dataFile: String, places: inout SettingPlaces) -> [FlowError] {
        func has(_ word: String) -> Bool { hidden.contains(word) || SortedWords.contains(present, word) }
        var problems: [FlowError] = []
        func report(_ path: String, _ word: String, among: @autoclosure () -> Set<String>, _ what: (String) -> String) {
            let hint = Excerpt.suggestion(for: word, in: among()).map { "; did you mean '\($0)'?" } ?? ""
            problems.append(.badContent(file: places.place(of: path), message: "\(path): \(what(Excerpt.quoted(word)))\(hint)"))
        }
        // A default's entry names a category some park may have; park.lua's names its own.
        for key in parkNamed.sorted() where named[key] != nil && !has(key) {
            report("sites.categories.\(key)", key, among: Set(present)) { "no site in \(dataFile) has category \($0)" }
        }
        for list in lists {
            for (i, word) in list.items.enumerated() where named[word] == nil && !has(word) {
                report("\(list.path)[\(i + 1)]", word, among: Set(present).union(named.keys)) {
                    "unknown category \($0): no site in \(dataFile) has it, and sites.categories does not name it"
                }
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

/// Membership in a list of words sorted by their bytes (a site table's categories), by
/// binary search: no set to build for a few lookups.
enum SortedWords {
    static func contains(_ sorted: [String], _ word: String) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid].utf8.lexicographicallyPrecedes(word.utf8) { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == word
    }
}
