/// Title case for names a data set writes in capitals only ("BATTERY O'ROURKE" reads
/// "Battery O'Rourke"): each word capitalised, short joining words in lower case, words with
/// digits and the park's acronyms kept. Names with any lower-case letter are left as written.
enum TitleCase {
    static let joiningWords: Set<String> = ["a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"]

    static func apply(to name: String, acronyms: Set<String>) -> String {
        // Nearly every name is printable ASCII, where the byte rules below give the same text
        // as the Character rules at a fraction of the cost (Character by Character, 180
        // names in capitals took a tenth of a cold `flowrun --park GOGA home`).
        // TitleCaseTests runs both on every park's names and on every ASCII character.
        if name.utf8.allSatisfy(ASCIIRules.isPrintable) {
            return ASCIIRules.apply(to: Array(name.utf8), acronyms: acronyms)
        }
        return applyToCharacters(name, acronyms: acronyms)
    }

    /// The rules on Characters, for any text.
    static func applyToCharacters(_ name: String, acronyms: Set<String>) -> String {
        guard !name.contains(where: \.isLowercase), name.contains(where: \.isUppercase) else { return name }
        var out = ""
        var wordIndex = 0
        for (i, word) in name.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out += " " }
            guard !word.isEmpty else { continue }
            defer { wordIndex += 1 }
            let bare = word.filter { $0.isLetter }
            if let ordinal = ordinal(word) {
                out += ordinal  // "25TH": "25th"
            } else if acronyms.contains(bare) || word.contains(where: \.isNumber) {
                out += word  // "SF88L", "NRA"
            } else if wordIndex > 0, joiningWords.contains(word.lowercased()) {
                out += word.lowercased()
            } else {
                out += capitalised(word)
            }
        }
        return out
    }

    /// "25th" for "25TH" (and 1st, 2nd, 3rd); nil for any other word.
    private static func ordinal(_ word: Substring) -> String? {
        let digits = word.prefix(while: \.isNumber)
        let suffix = word.dropFirst(digits.count).lowercased()
        guard !digits.isEmpty, ["st", "nd", "rd", "th"].contains(suffix) else { return nil }
        return digits + suffix
    }

    /// "HOWE-WAGNER": "Howe-Wagner"; "O'ROURKE": "O'Rourke"; "MAN'S": "Man's"; "MCKINNON": "McKinnon".
    private static func capitalised(_ word: Substring) -> String {
        var out = ""
        var startOfPart = true
        var previous: Character = " "
        for (i, c) in word.enumerated() {
            let lower = c.lowercased()
            if startOfPart && c.isLetter {
                out += c.uppercased()
                startOfPart = false
            } else if previous == "'" && i == 2 && out.first == "O" {
                out += c.uppercased()  // O'Rourke, not O'rourke
            } else if i == 2 && out.hasPrefix("Mc") && word.count > 3 {
                out += c.uppercased()  // McKinnon
            } else {
                out += lower
            }
            if c == "-" || c == "/" || c == "(" { startOfPart = true }
            previous = c
        }
        return out
    }
}
