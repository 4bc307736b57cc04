import Foundation
import Testing

/// The stubs in meta/ and the annotations of the default flows agree with the code: a real
/// Lua language server (EmmyLua's emmylua_ls, as an editor runs it under `.emmyrc.json`)
/// reports nothing on the project's own Lua, and flags an author's mistakes where they are
/// written (docs/authoring/editor-support.md).
@Suite struct EditorDiagnosticsTests {
    static let missing = "emmylua_ls is not installed (Tests/EditorSupport/fetch; bin/test runs it)"

    /// Every Lua file an author of this repository edits: the flows, each park's park.lua,
    /// flows and scenarios, parks/defaults.lua, and the example host's flows.
    static func projectLuaFiles() throws -> [String] {
        var files: [String] = []
        for folder in ["flows", "parks", "Examples/LiveHost/Content/flows"] {
            let base = repositoryRoot.appendingPathComponent(folder)
            guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walk where url.pathExtension == "lua" {
                files.append(folder + "/" + url.path.dropFirst(base.path.count + 1))
            }
        }
        return files.sorted()
    }

    @Test(.enabled(if: LuaLanguageServer.isInstalled, Comment(rawValue: missing)))
    func theProjectsOwnLuaHasNoDiagnostics() throws {
        let files = try Self.projectLuaFiles()
        #expect(files.count > 100, "\(files.count) files")
        #expect(files.contains("flows/lib/ui.lua") && files.contains("parks/GOGA/park.lua") && files.contains("parks/GOGA/tests/sites.lua"))
        let server = try LuaLanguageServer(workspace: repositoryRoot)
        var found: [LuaLanguageServer.Diagnostic] = []
        for file in files { found += try server.diagnostics(of: file) }
        #expect(found.isEmpty, "\(found.count) diagnostics:\n\(found.map(\.description).joined(separator: "\n"))")
    }

    /// A misspelt module function, library function, component field or setting read, a
    /// section written by hand without its required field: each flagged at its line.
    @Test(.enabled(if: LuaLanguageServer.isInstalled, Comment(rawValue: missing)))
    func aFlowsMistakesAreFlaggedAtTheirLines() throws {
        let server = try LuaLanguageServer(workspace: repositoryRoot)
        let found = try server.diagnostics(
            of: "flows/editor_probe.lua",
            text: """
                local ui = require("lib.ui")
                flow.register("probe", function(ctx)
                  local far = geo.distanse(0, 0, 1, 1)
                  --- @type flowrun.Component[]
                  local sections = { ui.card({ titel = "Fort Point" }), { type = "text", txt = "hello" } }
                  sections[#sections + 1] = ui.txt(ctx.park.home.secitons)
                  return ui.screen("Probe " .. far, sections)
                end)

                """)
        let text = found.map(\.description).joined(separator: "\n")
        func flagged(_ line: Int, _ words: String) -> Bool {
            found.contains { $0.line == line && $0.message.contains(words) }
        }
        #expect(flagged(3, "Undefined field `distanse`"), "\(text)")
        #expect(flagged(5, "Missing required fields in type `flowrun.Card`: `title`"), "\(text)")
        #expect(flagged(5, "Cannot assign `(flowrun.CardComponent,table)` to `flowrun.Component[]`"), "\(text)")
        #expect(flagged(6, "Undefined field `txt`"), "\(text)")
        #expect(flagged(6, "Undefined field `secitons`"), "\(text)")
        #expect(!found.contains { $0.line == 1 || $0.line == 2 || $0.line == 7 }, "\(text)")
    }

    /// park.lua's settings have their types: a value of the wrong type, or a table where a
    /// list is wanted, is flagged at its line.
    @Test(.enabled(if: LuaLanguageServer.isInstalled, Comment(rawValue: missing)))
    func aParkFilesWrongValuesAreFlaggedAtTheirLines() throws {
        let server = try LuaLanguageServer(workspace: repositoryRoot)
        let found = try server.diagnostics(
            of: "parks/GOGA/park.lua",
            text: """
                --- @type flowrun.ParkFile
                local park = {
                  name = "Golden Gate National Recreation Area",
                  center = { lat = "37.8", lon = -122.48 },
                  home = { sections = "welcome" },
                }
                return park

                """)
        let text = found.map(\.description).joined(separator: "\n")
        #expect(found.contains { $0.line == 4 && $0.message.contains("flowrun.ParkFile.Center") }, "\(text)")
        #expect(found.contains { $0.line == 5 && $0.message.contains("flowrun.ParkFile.Home") }, "\(text)")
        #expect(found.count == 2, "\(text)")
    }
}
