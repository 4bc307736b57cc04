package import LuaKit

/// The languages a park's screens can speak: each with a folder of strings in
/// `flows/strings/` (`es/`, a file per flow's keys, read by `lib/i18n.lua`; a park's own
/// `parks/<CODE>/flows/strings/` may add a language or replace a file), or named in the
/// park's `language.strings`. The default language always is one.
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
            for name in root.names(in: folder) where !name.contains(".") { found.insert(name) }
        }
        found.formUnion(park.settings.language.strings.keys)
        return found.sorted()
    }

    /// The files of `language`'s strings for the park, relative to the project, as `require`
    /// finds them: each file name once, the park's own where it has one.
    package static func files(of language: String, root: ProjectRoot, park code: String) -> [String] {
        let own = "parks/\(code)/\(folder)/\(language)", shared = "\(folder)/\(language)"
        let names = Set(root.names(in: own) + root.names(in: shared)).filter { $0.hasSuffix(".lua") }.sorted()
        return names.map { root.exists("\(own)/\($0)") ? "\(own)/\($0)" : "\(shared)/\($0)" }
    }

    /// `language`'s strings for the park, as `lib/i18n.lua` reads them: its files', then the
    /// park's `language.strings` over them, each with the file that wrote it.
    /// - Throws: ``FlowError`` naming the file when it does not run or returns no table of strings.
    package static func strings(
        _ language: String, root: ProjectRoot, park: ParkConfig, lua: LuaState
    ) throws(FlowError) -> [String: (text: String, file: String)] {
        var strings: [String: (text: String, file: String)] = [:]
        for file in files(of: language, root: root, park: park.code) {
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
