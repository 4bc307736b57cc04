package import LuaKit

/// The languages a park's screens can speak: each with a table of strings in `flows/strings/`
/// (`es.lua`, read by `lib/i18n.lua`; a park's own `parks/<CODE>/flows/strings/` may add
/// one), or named in the park's `language.strings`. The default language always is one.
package enum ParkLanguages {
    /// Where the default tables are, relative to the project (and to a park's folder).
    package static let folder = "flows/strings"

    /// The park's languages, sorted.
    /// - Parameters:
    ///   - root: the project.
    ///   - park: the park's configuration.
    package static func available(root: ProjectRoot, park: ParkConfig) -> [String] {
        var found: Set<String> = [park.settings.language.default]
        for folder in [folder, "parks/\(park.code)/\(folder)"] {
            for name in root.names(in: folder) where name.hasSuffix(".lua") { found.insert(String(name.dropLast(4))) }
        }
        found.formUnion(park.settings.language.strings.keys)
        return found.sorted()
    }

    /// The file of `language`'s table for the park, relative to the project, as `require`
    /// finds it (the park's own first), or nil when there is none.
    package static func file(of language: String, root: ProjectRoot, park code: String) -> String? {
        ["parks/\(code)/\(folder)/\(language).lua", "\(folder)/\(language).lua"].first(where: root.exists)
    }

    /// `language`'s strings for the park, as `lib/i18n.lua` reads them: its table's, then the
    /// park's `language.strings` over them, each with the file that wrote it.
    /// - Throws: ``FlowError`` naming the file when it does not run or returns no table of strings.
    package static func strings(
        _ language: String, root: ProjectRoot, park: ParkConfig, lua: LuaState
    ) throws(FlowError) -> [String: (text: String, file: String)] {
        var strings: [String: (text: String, file: String)] = [:]
        if let file = file(of: language, root: root, park: park.code) {
            guard case .table(let table) = try ParkConfig.evaluate(file, root: root, lua: lua) else {
                throw .badContent(file: file, message: "must return a table of strings by key")
            }
            for (key, value) in table.entries {
                guard case .string(let name) = key, case .string(let text) = value else {
                    throw .badContent(file: file, message: "\(key.stringValue ?? key.typeName): expected a string by a string key, got \(value.typeName)")
                }
                strings[name] = (text, file)
            }
        }
        for (key, text) in park.settings.language.strings[language] ?? [:] { strings[key] = (text, "parks/\(park.code)/park.lua") }
        return strings
    }
}
