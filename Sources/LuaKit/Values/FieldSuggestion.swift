/// "Did you mean ...?" for a misspelt field name, when the accepted names can only be
/// asked about one at a time (a `CodingKey` type answers `init(stringValue:)`, it cannot
/// list its cases): tries every name one edit away (a letter dropped, added, changed, or
/// two neighbors swapped), the name in lower case, and camelCase as snake_case.
enum FieldSuggestion {
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyz_0123456789")

    /// The accepted name nearest to `name`, or nil if none is one edit away.
    /// - Parameters:
    ///   - name: the misspelt name (names longer than 64 characters get no suggestion).
    ///   - accepted: whether a name is accepted; asked about a few thousand candidates at most.
    /// - Returns: the first accepted candidate: the name in lower case, then in snake_case, then neighbors
    ///   swapped, a letter added, a letter dropped or changed.
    static func nearest(to name: String, accepted: (String) -> Bool) -> String? {
        let lower = name.lowercased()
        if lower != name, accepted(lower) { return lower }
        // supercluster's and JavaScript's spelling of a Lua name: minPoints for min_points.
        let snake = name.reduce(into: "") { out, c in out += c.isUppercase ? "_" + c.lowercased() : String(c) }
        if snake != name, accepted(snake) { return snake }
        let chars = Array(name)
        guard chars.count <= 64 else { return nil }
        for i in chars.indices.dropLast() where chars[i] != chars[i + 1] {  // swapped neighbors
            var swapped = chars
            swapped.swapAt(i, i + 1)
            if accepted(String(swapped)) { return String(swapped) }
        }
        for i in 0...chars.count {  // a letter missing
            for c in alphabet {
                var longer = chars
                longer.insert(c, at: i)
                if accepted(String(longer)) { return String(longer) }
            }
        }
        for i in chars.indices {  // one too many, or one wrong
            var shorter = chars
            shorter.remove(at: i)
            if accepted(String(shorter)) { return String(shorter) }
            for c in alphabet where c != chars[i] {
                var changed = chars
                changed[i] = c
                if accepted(String(changed)) { return String(changed) }
            }
        }
        return nil
    }
}
