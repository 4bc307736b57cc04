public import FlowKit
import Formats
import LuaKit

/// A park's languages checked against each other (docs/authoring/languages.md): every key the
/// default language has, every other language has, and no other; a key's `{places}` are the
/// same in each; and every key a flow asks for by name (`tr("sites.title")`) is in the
/// default language's table. Problems name the file and, where a key is written, its line.
public enum StringTables {
    /// What is wrong with the park's languages; empty when they agree.
    /// - Parameters:
    ///   - root: the project.
    ///   - park: the park's configuration.
    public static func problems(root: ProjectRoot, park: ParkConfig) -> [String] {
        let lua: LuaState
        do { lua = try LuaState() } catch { return ["\(park.code): cannot check its languages: \(error)"] }
        let languages = ParkLanguages.available(root: root, park: park)
        let base = park.settings.language.default
        var tables: [String: [String: (text: String, file: String)]] = [:]
        var problems: [String] = []
        for language in languages {
            do { tables[language] = try ParkLanguages.strings(language, root: root, park: park, lua: lua) } catch { problems.append("\(error)") }
        }
        guard let reference = tables[base] else { return problems }
        let baseFolder = "\(ParkLanguages.folder)/\(base)"
        for language in languages where language != base {
            guard let table = tables[language] else { continue }
            let file = "\(ParkLanguages.folder)/\(language)"
            let missing = reference.keys.filter { table[$0] == nil }.sorted()
            // Named by the file the default language has each in: the one to copy and translate.
            for (holder, keys) in Dictionary(grouping: missing, by: { reference[$0]?.file ?? baseFolder }).sorted(by: { $0.key < $1.key }) {
                let there = holder.hasPrefix(baseFolder + "/") ? "\(file)/\(holder.dropFirst(baseFolder.count + 1))" : file
                problems.append("\(there): \(language) lacks \(Excerpt.count(keys.count)) of \(base)'s strings: \(Excerpt.list(keys.map { "'\($0)'" }))")
            }
            for key in table.keys.sorted() where reference[key] == nil {
                let written = table[key]?.file ?? file
                problems.append("\(place(of: key, in: written, root: root)): '\(key)' is a string \(language) has and \(base) (\(baseFolder)) lacks")
            }
            for key in table.keys.sorted() {
                guard let text = table[key]?.text, let original = reference[key]?.text, placeholders(text) != placeholders(original) else { continue }
                let wanted = placeholders(original).sorted().map { "{\($0)}" }.joined(separator: ", ")
                let written = table[key]?.file ?? file
                problems.append(
                    "\(place(of: key, in: written, root: root)): '\(key)' fills in \(Excerpt.quoted(text)); \(base)'s fills in \(wanted.isEmpty ? "nothing" : wanted)"
                )
            }
        }
        problems += askedFor(reference, language: base, root: root, park: park.code)
        return problems
    }

    /// Every `tr("key")` of the flows the park runs whose key the table does not have (nor
    /// as forms by count, `key.one` and `key.other`), at its line.
    static func askedFor(_ table: [String: (text: String, file: String)], language: String, root: ProjectRoot, park code: String) -> [String] {
        var problems: [String] = []
        for folder in ["flows", "parks/\(code)/flows"] {
            for name in root.files(under: folder) where name.hasSuffix(".lua") && !name.hasPrefix("strings/") {
                let file = "\(folder)/\(name)"
                guard let source = try? root.read(file) else { continue }
                for (n, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    for match in line.matches(of: /\btr\(\s*"([A-Za-z0-9_.]+)"\s*[,)]/) {
                        let key = String(match.output.1)
                        guard table[key] == nil, table[key + ".other"] == nil else { continue }
                        let hint = Excerpt.suggestion(for: key, in: table.keys).map { "did you mean '\($0)'?" } ?? "no such key"
                        problems.append("\(file):\(n + 1): tr(\"\(key)\"): \(language) has no string '\(key)'; \(hint)")
                    }
                }
            }
        }
        return problems
    }

    /// The names in `text`'s `{places}`.
    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{([A-Za-z0-9_]+)\}/).map { String($0.output.1) })
    }

    /// `file:line` where `key` is written (`["key"] =`), or the file alone.
    static func place(of key: String, in file: String, root: ProjectRoot) -> String {
        guard let source = try? root.read(file) else { return file }
        for (n, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("[\"\(key)\"]") {
            return "\(file):\(n + 1)"
        }
        return file
    }
}
