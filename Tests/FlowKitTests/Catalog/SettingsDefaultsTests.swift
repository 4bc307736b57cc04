import Foundation
import GeoKit
import LuaKit
import Testing
@testable import FlowKit

/// parks/defaults.lua is the one place a default lives: the native modules' Swift defaults
/// and the settings tables of the docs (docs/authoring/park-settings.md) must say the same (issue 12).
@Suite struct SettingsDefaultsTests {
    /// The settings a park gets when its park.lua sets only what it must.
    static func defaults() throws -> ParkSettings {
        let project = try TestProject(files: ["parks/GOGA/park.lua": "return { name = 'X', center = { lat = 1, lon = 2 } }"])
        return try ParkConfig.load(code: "GOGA", root: project.root, lua: try LuaState()).settings
    }

    @Test func swiftDefaultsAreDefaultsLua() throws {
        let settings = try Self.defaults()
        #expect(settings.geofence.monitor == GeofenceSettings())
        #expect(settings.map.cluster.options == ClusterOptions())
        #expect(settings.location.machine == LocationSettings())
        let throttle = CalloutThrottle()
        #expect(settings.geofence.callout_interval == throttle.minimumInterval)
        #expect(settings.geofence.site_callout_interval == throttle.siteInterval)
        #expect(settings.budgets.instructions == HostLimits().instructions)
        #expect(settings.budgets.memory_mb == HostLimits().memoryMiB)
    }

    /// The park.lua reference, which holds the settings tables.
    static let parkSettingsDoc = "docs/authoring/park-settings.md"

    /// Rows of the table in the Markdown file `file` (a path from the repository's root) whose
    /// header names `heading`: `| \`a\` / \`b\` | 1 / 2 | ... |`.
    static func docsTable(_ heading: String, in file: String) throws -> [String: String] {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("|") && $0.contains(heading) }) else { return [:] }
        var rows: [String: String] = [:]
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let names = cells[0].split(separator: "/").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
            let values = cells[1].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            for (i, name) in names.enumerated() { rows[name] = values.count == names.count ? values[i] : cells[1] }
        }
        return rows
    }

    /// A default as the docs write it: `40`, `0.5`, `true`, `` `"911"` ``.
    static func text(_ value: LuaValue) -> String? {
        switch value {
        case .integer(let i): return String(i)
        case .number(let d): return d.rounded() == d ? String(Int(d)) : String(d)
        case .boolean(let b): return String(b)
        case .string(let s): return "`\"\(s)\"`"
        default: return nil
        }
    }

    @Test(arguments: [
        ("map.cluster", "`map.cluster` in park.lua"), ("geofence", "`geofence` in park.lua"),
        ("location", "`location` in park.lua"), ("emergency", "`emergency` in park.lua"),
    ])
    func readmeTablesAreDefaultsLua(table: String, heading: String) throws {
        let project = try TestProject(files: ["parks/GOGA/park.lua": "return { name = 'X', center = { lat = 1, lon = 2 } }"])
        let raw = try ParkConfig.load(code: "GOGA", root: project.root, lua: try LuaState()).raw
        var settings = raw
        for part in table.split(separator: ".") { settings = settings[String(part)] }
        let rows = try Self.docsTable(heading, in: Self.parkSettingsDoc)
        #expect(!rows.isEmpty, "\(Self.parkSettingsDoc) has no table headed \(heading)")
        for (key, value) in settings.tableValue?.entries ?? [:] {
            guard let name = key.stringValue, let expected = Self.text(value) else { continue }
            #expect(
                rows[name] == expected, "\(Self.parkSettingsDoc)'s \(table) table says \(rows[name] ?? "nothing") for \(name); defaults.lua says \(expected)")
        }
        for name in rows.keys where name != "callouts" {
            #expect(settings[name] != .nil, "\(Self.parkSettingsDoc)'s \(table) table lists \(name), which defaults.lua does not have")
        }
    }
}
