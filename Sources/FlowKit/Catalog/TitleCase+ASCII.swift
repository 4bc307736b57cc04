extension TitleCase {
    /// ``TitleCase``'s rules on the bytes of a name in printable ASCII (U+0020 to U+007E),
    /// step for step as ``TitleCase/applyToCharacters(_:acronyms:)`` takes them. There every
    /// Character is one byte, letters are A-Z and a-z, numbers 0-9, and changing case moves
    /// a letter by 32, so both give the same text.
    enum ASCIIRules {
        static func isPrintable(_ byte: UInt8) -> Bool { (0x20...0x7E).contains(byte) }
        static func isLowercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        static func isUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
        static func isLetter(_ byte: UInt8) -> Bool { isLowercase(byte) || isUppercase(byte) }
        static func isNumber(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        static func lowercased(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte + 32 : byte }
        static func uppercased(_ byte: UInt8) -> UInt8 { isLowercase(byte) ? byte - 32 : byte }

        static func apply(to name: [UInt8], acronyms: Set<String>) -> String {
            guard !name.contains(where: isLowercase), name.contains(where: isUppercase) else { return text(name) }
            var out: [UInt8] = []
            out.reserveCapacity(name.count)
            var wordIndex = 0
            for (i, word) in name.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).enumerated() {
                if i > 0 { out.append(UInt8(ascii: " ")) }
                guard !word.isEmpty else { continue }
                defer { wordIndex += 1 }
                if let ordinal = ordinal(word) {
                    out += ordinal
                } else if word.contains(where: isNumber) || (!acronyms.isEmpty && acronyms.contains(text(word.filter(isLetter)))) {
                    out += word
                } else if wordIndex > 0, word.count <= longestJoiningWord, joiningWords.contains(text(word.map(lowercased))) {
                    out += word.map(lowercased)
                } else {
                    capitalise(word, into: &out)
                }
            }
            return text(out)
        }

        /// Words longer than this are never joining words (checked before making one a String).
        static let longestJoiningWord = joiningWords.map(\.utf8.count).max() ?? 0

        private static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

        /// As ``TitleCase``'s `ordinal`: "25th" for "25TH", nil for any other word.
        private static func ordinal(_ word: ArraySlice<UInt8>) -> [UInt8]? {
            guard let first = word.first, isNumber(first) else { return nil }
            let digits = word.prefix(while: isNumber)
            let suffix = word.dropFirst(digits.count).map(lowercased)
            guard !digits.isEmpty, ["st", "nd", "rd", "th"].contains(text(suffix)) else { return nil }
            return Array(digits) + suffix
        }

        /// As ``TitleCase``'s `capitalised`, appending to `out`. Its tests of what is already
        /// written (`O'`, `Mc`) are made at the third byte, when the word has written two.
        private static func capitalise(_ word: ArraySlice<UInt8>, into out: inout [UInt8]) {
            let start = out.count
            var startOfPart = true
            var previous = UInt8(ascii: " ")
            for (i, c) in word.enumerated() {
                let upper: Bool
                if startOfPart && isLetter(c) {
                    upper = true
                    startOfPart = false
                } else if i == 2 && previous == UInt8(ascii: "'") && out[start] == UInt8(ascii: "O") {
                    upper = true
                } else if i == 2 && out[start] == UInt8(ascii: "M") && out[start + 1] == UInt8(ascii: "c") && word.count > 3 {
                    upper = true
                } else {
                    upper = false
                }
                out.append(upper ? uppercased(c) : lowercased(c))
                if c == UInt8(ascii: "-") || c == UInt8(ascii: "/") || c == UInt8(ascii: "(") { startOfPart = true }
                previous = c
            }
        }
    }
}
