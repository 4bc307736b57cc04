@testable import FlowAuthoring
/// A generated LuaLS stub read back: its classes with their fields and its aliases with
/// their variants, so tests compare them with what they were made from.
struct StubText {
    struct Field: Equatable {
        var type: String
        var optional: Bool
        /// The `---` lines just above the field.
        var doc: [String]
    }

    var classes: [String: [String: Field]] = [:]
    /// Each class's fields in the order written.
    var order: [String: [String]] = [:]
    var aliases: [String: [String]] = [:]

    init(_ text: String) {
        var current: String?, alias: String?, doc: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("--- @class ") {
                current = String(line.dropFirst("--- @class ".count))
                alias = nil
                classes[current ?? ""] = [:]
            } else if line.hasPrefix("--- @alias ") {
                alias = String(line.dropFirst("--- @alias ".count))
                current = nil
                aliases[alias ?? ""] = []
            } else if line.hasPrefix("---| "), let alias {
                aliases[alias, default: []].append(String(line.dropFirst("---| ".count)))
            } else if line.hasPrefix("--- @field "), let current {
                let rest = line.dropFirst("--- @field ".count)
                let name = rest.prefix { $0 != " " }
                let type = String(rest.dropFirst(name.count + 1))
                let bare = name.hasSuffix("?") ? String(name.dropLast()) : String(name)
                classes[current, default: [:]][bare] = Field(type: type, optional: name.hasSuffix("?"), doc: doc)
                order[current, default: []].append(bare)
                doc = []
            } else if line == "---" || line.isEmpty {
                doc = []
            } else if line.hasPrefix("--- ") {
                doc.append(String(line.dropFirst(4)))
            }
        }
    }
}
