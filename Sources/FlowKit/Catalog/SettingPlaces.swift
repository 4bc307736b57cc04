/// Where a park's setting is written, as `file:line` for its error: park.lua where it
/// writes the setting (or the deepest setting around it), else parks/defaults.lua. The
/// files are read only when a setting has a mistake, so a park that loads pays nothing.
package struct SettingPlaces {
    private let code: String
    private let root: ProjectRoot
    private var read: [String: SettingLines] = [:]

    package init(code: String, root: ProjectRoot) {
        self.code = code
        self.root = root
    }

    /// The file's path relative to the root.
    package var parkFile: String { "parks/\(code)/park.lua" }
    package static let defaultsFile = "parks/defaults.lua"

    /// `parks/GOGA/park.lua:45` for `path`: the file that writes it more deeply, park.lua on
    /// a tie; with neither writing it, `parkSets` decides (a required setting nobody wrote is
    /// the park's), and the place is the file alone.
    package mutating func place(of path: String, parkSets: Bool = true) -> String {
        let park = lines(parkFile).line(of: path)
        let defaults = lines(Self.defaultsFile).line(of: path)
        switch (park, defaults) {
        case (let p?, let d?): return d.depth > p.depth ? "\(Self.defaultsFile):\(d.line)" : "\(parkFile):\(p.line)"
        case (let p?, nil): return "\(parkFile):\(p.line)"
        case (nil, let d?) where !parkSets: return "\(Self.defaultsFile):\(d.line)"
        default: return parkSets ? parkFile : Self.defaultsFile
        }
    }

    /// Whether `file` writes the setting at `path` itself, not only a setting around it.
    package mutating func writes(_ path: String, in file: String) -> Bool {
        lines(file).line(of: path)?.depth == SettingLines.prefixes(of: path).count
    }

    private mutating func lines(_ file: String) -> SettingLines {
        if let known = read[file] { return known }
        let lines = SettingLines(source: (try? root.read(file)) ?? "")
        read[file] = lines
        return lines
    }
}
