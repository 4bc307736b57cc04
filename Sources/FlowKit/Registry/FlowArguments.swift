import Formats
package import LuaKit

/// What a flow says its `ctx.args` are, when it registers:
/// `flow.register("sites", fn, { args = { id = "site", category = "category" } })`. Each
/// argument names the kind of word it holds, so a word that names data (a site, a category,
/// a collection, a flow, a park) is checked where it is written: in a link to the flow
/// (`ui.go`, `ui.act`, at the line that makes it) and in a request (`--arg`, a scenario).
/// A flow that declares none takes any arguments, unchecked.
public struct FlowArguments: Sendable, Equatable {
    /// The kind of word an argument holds.
    public enum Kind: Sendable, Equatable {
        /// A site id of the park: documented, not checked (an id may come from the visitor's
        /// store and outlive the data; the flow says the site is not found).
        case site
        /// A category the park's sites have, or `sites.categories` names.
        case category
        /// A collection id of `sites.collections`, or `more`.
        case collection
        /// A flow the park has.
        case flow
        /// A park code of the project.
        case park
        /// A number, as Lua's `tonumber` reads it.
        case number
        /// Any text.
        case text
        /// One of these words (`{ "name", "distance" }`).
        case oneOf([String])
    }

    /// The kinds, by argument name.
    public let kinds: [String: Kind]

    /// The kinds a declaration may name, in the order messages list them.
    static let kindNames: [(String, Kind)] = [
        ("site", .site), ("category", .category), ("collection", .collection), ("flow", .flow), ("park", .park),
        ("number", .number), ("text", .text),
    ]

    /// Reads `args` of a registration's options.
    /// - Throws: a message naming the argument whose kind is no kind.
    static func read(_ value: LuaValue) throws(LuaCallError) -> FlowArguments {
        guard case .table(let table) = value else { throw LuaCallError("args must be a table of argument names to kinds, got \(value.typeName)") }
        var kinds: [String: Kind] = [:]
        var bad: LuaCallError?
        table.forEachField { key, kind in
            guard bad == nil else { return }
            guard case .string(let name) = key else {
                bad = LuaCallError("args: argument names are strings, found key \(key.typeName)")
                return
            }
            switch kind {
            case .string(let word):
                if let known = kindNames.first(where: { $0.0 == word }) {
                    kinds[name] = known.1
                } else {
                    let hint = Excerpt.suggestion(for: word, in: kindNames.map(\.0)).map { "did you mean '\($0)'? " } ?? ""
                    bad = LuaCallError(
                        "args.\(name): unknown kind \(Excerpt.quoted(word)); \(hint)kinds: \(kindNames.map(\.0).joined(separator: ", ")), or a list of words")
                }
            case .table(let words) where !words.sequence.isEmpty && words.sequence.count == words.count:
                let list = words.sequence.compactMap { item -> String? in if case .string(let s) = item { return s } else { return nil } }
                if list.count == words.count { kinds[name] = .oneOf(list) } else { bad = LuaCallError("args.\(name): a list of words holds strings only") }
            default:
                bad = LuaCallError("args.\(name): expected a kind (\(kindNames.map(\.0).joined(separator: ", "))) or a list of words, got \(kind.typeName)")
            }
        }
        if let bad { throw bad }
        return FlowArguments(kinds: kinds)
    }

    /// The first mistake in `args` for flow `flow`, by argument name, or nil: an argument
    /// the flow does not take, or a word its park does not have (a view value, `zoom` or
    /// `center`, is any flow's and checked as one).
    /// - Returns: the argument at fault (nil for one the flow does not take) and what is wrong.
    func problem(_ args: [String: String], flow: String, words: ParkWords) -> (argument: String?, message: String)? {
        // The view values (center, zoom, heading, ...) every flow takes, checked as a view.
        for name in args.keys.sorted() where !FlowRequest.viewKeys.contains(name) {
            let value = args[name] ?? ""
            guard let kind = kinds[name] else {
                let hint = Excerpt.suggestion(for: name, in: kinds.keys).map { "did you mean '\($0)'? " } ?? ""
                let taken = kinds.isEmpty ? "none" : kinds.keys.sorted().joined(separator: ", ")
                return (nil, "flow \(Excerpt.quoted(flow)) takes no argument \(Excerpt.quoted(name)); \(hint)it takes: \(taken)")
            }
            if let problem = words.problem(value, as: kind) { return (name, problem) }
        }
        return nil
    }
}
