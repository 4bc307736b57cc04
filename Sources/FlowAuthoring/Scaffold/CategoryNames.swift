/// Names for a site category the data gives only as an id: what `flowrun new park` writes
/// into park.lua for review, and what `check` proposes for a category without a name. The
/// guesses are those flows/lib/ui.lua makes when a screen meets such a category.
package enum CategoryNames {
    /// `picnic_area = { name = "Picnic area", plural = "Picnic areas" }`: the entry of
    /// park.lua's `sites.categories` that names `category`.
    package static func entry(_ category: String) -> String {
        let name = words(category)
        let key = isLuaName(category) ? category : "[\(LuaText.literal(category))]"
        return "\(key) = { name = \(LuaText.literal(name)), plural = \(LuaText.literal(plural(name))) }"
    }

    /// "Picnic area" for `picnic_area`, as flows/lib/ui.lua's `category_name` guesses.
    static func words(_ category: String) -> String {
        let spaced = category.replacing("_", with: " ")
        guard let first = spaced.first, first.isLowercase else { return spaced }
        return first.uppercased() + spaced.dropFirst()
    }

    /// The English plural, as flows/lib/ui.lua's `category_plural` guesses it.
    static func plural(_ name: String) -> String {
        let lower = name.lowercased()
        if let last = lower.last, "sxz".contains(last) || lower.hasSuffix("ch") || lower.hasSuffix("sh") { return name + "es" }
        if lower.hasSuffix("y"), lower.count > 1, !"aeiou".contains(lower.dropLast().last ?? "a") { return name.dropLast() + "ies" }
        return name + "s"
    }

    /// Whether `key` can be written `key = ...` in a Lua table.
    static func isLuaName(_ key: String) -> Bool {
        let keywords: Set<String> = [
            "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
            "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
        ]
        guard let first = key.unicodeScalars.first, !keywords.contains(key) else { return false }
        let isLetter: (Unicode.Scalar) -> Bool = { $0.isASCII && ($0.properties.isAlphabetic || $0 == "_") }
        return isLetter(first) && key.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
