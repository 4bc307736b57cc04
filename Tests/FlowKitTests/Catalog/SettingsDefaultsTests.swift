import Foundation
import GeoKit
import LuaKit
import Testing
@testable import FlowKit

/// parks/defaults.lua is the one place a default lives: the native modules' Swift defaults
/// must say the same (issue 12). The settings tables of the park.lua reference
/// (docs/authoring/park-settings.md) are generated from it by `flowrun stubs`
/// (ParkSettingsReferenceTests); the other docs' tables are read with ``docsTable(_:in:)``.
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

    /// The park.lua reference, whose settings tables `flowrun stubs` generates.
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
}
