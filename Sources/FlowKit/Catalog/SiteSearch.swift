/// Finds a park's sites by what a visitor types (`catalog.search`): each word typed must
/// begin a word of the site's name, or of its category's name as the park names it
/// ("picnic" finds the picnic areas). Case, accents and apostrophes do not matter: "fort",
/// "Fòrt" and "o'shaug" find "Fort Point" and "O'Shaughnessy Seawall". Sites whose name
/// begins with what was typed come first, then those whose name has every word, then those
/// found through their category; each group in name order.
///
/// Made on a runtime's first search from the prepared table, and kept: every keystroke after
/// is one pass over the folded words, without a site decoded.
struct SiteSearch {
    /// Per position - 1: the name folded whole (its words joined by spaces), and its words.
    private let names: [(whole: [UInt8], words: [[UInt8]])]
    /// Per position - 1: the folded words of the site's category's name, by category.
    private let categoryOf: [Int]
    private let categoryWords: [[[UInt8]]]
    /// Per position - 1: the site's place in name order.
    private let nameRank: [Int]

    /// The index of `count` sites: each one's name, category and place in name order, by
    /// position; `categoryName` says what the park calls a category.
    init(count: Int, site: (Int) -> (name: String, category: String, rank: Int)?, categoryName: (String) -> String?) {
        var names: [(whole: [UInt8], words: [[UInt8]])] = []
        var categoryOf: [Int] = [], categoryWords: [[[UInt8]]] = [], categories: [String: Int] = [:]
        var ranks: [Int] = []
        names.reserveCapacity(count)
        for position in stride(from: 1, through: count, by: 1) {
            let entry = site(position) ?? (name: "", category: "", rank: Int.max)
            let words = Self.words(entry.name)
            names.append((Array(words.joined(separator: [0x20])), words))
            if categories[entry.category] == nil {
                categories[entry.category] = categoryWords.count
                // The park's name for it, and its id's words ("picnic_area").
                categoryWords.append(Self.words((categoryName(entry.category) ?? "") + " " + entry.category))
            }
            categoryOf.append(categories[entry.category] ?? 0)
            ranks.append(entry.rank)
        }
        (self.names, self.categoryOf, self.categoryWords, self.nameRank) = (names, categoryOf, categoryWords, ranks)
    }

    /// The positions of the sites `query` finds, best first; at most `limit`. A query with
    /// no letter or digit finds nothing.
    func positions(matching query: String, limit: Int) -> [Int] {
        let typed = Self.words(query)
        guard !typed.isEmpty, limit > 0 else { return [] }
        let whole = Array(typed.joined(separator: [0x20]))
        var found: [(tier: Int, rank: Int, position: Int)] = []
        for (i, name) in names.enumerated() {
            let category = categoryWords[categoryOf[i]]
            var matches = true, byName = true
            for word in typed where !name.words.contains(where: { $0.starts(with: word) }) {
                guard category.contains(where: { $0.starts(with: word) }) else {
                    matches = false
                    break
                }
                byName = false
            }
            guard matches else { continue }
            let tier = name.whole.starts(with: whole) ? 0 : byName ? 1 : 2
            found.append((tier, nameRank[i], i + 1))
        }
        found.sort { $0.tier != $1.tier ? $0.tier < $1.tier : $0.rank < $1.rank }
        return found.prefix(limit).map(\.position)
    }

    /// `text` folded into words: lower case, Latin letters without their accents, apostrophes
    /// dropped (O'Shaughnessy is one word), anything else that is not a letter or digit a
    /// space between words.
    static func words(_ text: String) -> [[UInt8]] {
        var words: [[UInt8]] = [], word: [UInt8] = []
        func end() {
            if !word.isEmpty { words.append(word) }
            word = []
        }
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(scalar.value)
                if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) {
                    word.append(byte)
                } else if byte != 0x27 {
                    end()
                }
            } else if scalar == "\u{2019}" {
                continue  // a typographic apostrophe
            } else if let letter = latinBase(scalar) {
                word.append(letter)
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word += Array(String(scalar).utf8)  // another script's letter, as it is
            } else {
                end()
            }
        }
        end()
        return words
    }

    /// The ASCII letter a Latin letter with marks is written on (é → e, ñ → n), from its
    /// Unicode name ("LATIN SMALL LETTER E WITH ACUTE"); nil for anything else.
    private static func latinBase(_ scalar: Unicode.Scalar) -> UInt8? {
        guard let name = scalar.properties.name, name.hasPrefix("LATIN SMALL LETTER ") else { return nil }
        let rest = name.dropFirst("LATIN SMALL LETTER ".count).utf8
        guard let first = rest.first, (0x41...0x5A).contains(first), rest.count == 1 || rest.dropFirst().first == 0x20 else { return nil }
        return first + 0x20
    }
}
