@testable import FlowAuthoring
import Foundation
import LuaKit
import Testing
@testable import FlowKit

/// The park.lua reference's tables (docs/authoring/park-settings.md) follow the settings
/// catalog and parks/defaults.lua (issue 30, item 6): every setting is a row of one table,
/// with what the catalog says it means and parks/defaults.lua's default, and the page's
/// prose stays as written.
@Suite struct ParkSettingsReferenceTests {
    /// One generated table read back: what its marker names, its header and its rows' cells.
    struct Table {
        var spec: String
        var header: [String]
        var rows: [[String]]
    }

    /// The generated tables of a page, in order.
    static func tables(_ page: String) -> [Table] {
        var tables: [Table] = []
        var current: Table?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix(ParkSettingsReference.startMarker) {
                let spec = line.dropFirst(ParkSettingsReference.startMarker.count + 2).dropLast(5)
                current = Table(spec: String(spec), header: [], rows: [])
            } else if line == ParkSettingsReference.endMarker, let table = current {
                tables.append(table)
                current = nil
            } else if line.hasPrefix("|"), !line.hasPrefix("|---"), current != nil {
                let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|", omittingEmptySubsequences: false)
                    .dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{1}", with: "|") }
                if current?.header.isEmpty == true { current?.header = cells } else { current?.rows.append(cells) }
            }
        }
        return tables
    }

    /// Each setting-table row by the setting's whole path (`geofence.callouts.enter`): its default and meaning.
    static func rows(_ page: String) -> [(path: String, default: String, meaning: String)] {
        var rows: [(path: String, default: String, meaning: String)] = []
        for table in tables(page) where table.spec.hasPrefix("settings") {
            let prefix = table.spec.split(separator: ":", maxSplits: 1).dropFirst().first?.trimmingCharacters(in: .whitespaces) ?? ""
            let relative = table.header.first?.contains("in park.lua") == true
            for cells in table.rows where cells.count == 3 {
                let label = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                rows.append((relative ? "\(prefix).\(label)" : label, cells[1], cells[2]))
            }
        }
        return rows
    }

    /// Every setting the catalog's shape has, as the tables name it, with its key in the docs.
    static func settings(_ shape: SettingShape, prefix: String = "") -> [(path: String, doc: String)] {
        guard case .record(let record, let fields) = shape else { return [] }
        var out: [(path: String, doc: String)] = []
        for field in fields {
            let path = prefix.isEmpty ? field.name : "\(prefix).\(field.name)"
            out.append((path, "\(record).\(field.name)"))
            out += inner(field.shape, path)
        }
        return out
    }

    private static func inner(_ shape: SettingShape, _ path: String) -> [(path: String, doc: String)] {
        switch shape {
        case .record: return settings(shape, prefix: path)
        case .list(let element): return inner(element, path + "[]")
        case .map(let value): return inner(value, path + ".*")
        case .either(let shapes): return shapes.flatMap { inner($0, path) }
        case .string, .number, .integer, .boolean: return []
        }
    }

    static func committedPage() throws -> String {
        try String(contentsOf: repositoryRoot.appendingPathComponent(ParkSettingsReference.file), encoding: .utf8)
    }

    @Test func theCommittedPageIsCurrent() throws {
        #expect(try ParkSettingsReference.text(root: repository) == Self.committedPage(), "run 'flowrun stubs'")
    }

    /// Each setting is a row of exactly one table, saying what the catalog says; a table of
    /// settings with a table of its own (`geofence`) is that table, whose section says what it is.
    @Test func everySettingIsOneRowWithTheCatalogsDoc() throws {
        let page = try #require(try ParkSettingsReference.text(root: repository))
        let rows = Self.rows(page)
        let ownTables = Set(
            Self.tables(page).filter { $0.header.first?.contains("in park.lua") == true && $0.spec.hasPrefix("settings: ") }
                .map { String($0.spec.dropFirst("settings: ".count)) })
        #expect(ownTables.isSuperset(of: ["theme", "geofence", "sites"]))
        let settings = Self.settings(try ParkSettingsCatalog.shape()).filter { !ownTables.contains($0.path) }
        #expect(settings.count > 80)
        #expect(rows.map(\.path).sorted() == settings.map(\.path).sorted())
        let meanings = Dictionary(rows.map { ($0.path, $0.meaning) }, uniquingKeysWith: { first, _ in first })
        for setting in settings {
            #expect(meanings[setting.path] == ParkSettingsCatalog.docs[setting.doc], "\(setting.path)")
        }
    }

    /// A default as the tables write a scalar: `40`, `0.5`, `true`, `` `"911"` ``.
    static func text(_ value: LuaValue) -> String? {
        switch value {
        case .integer(let i): return String(i)
        case .number(let d): return d.rounded() == d ? String(Int(d)) : String(d)
        case .boolean(let b): return String(b)
        case .string(let s): return "`\"\(s)\"`"
        default: return nil
        }
    }

    /// Every scalar parks/defaults.lua sets is its setting's default in the tables (what the
    /// hand-written tables were once tested for), and the others read as they should.
    @Test func defaultsAreDefaultsLua() throws {
        let defaults = try ParkConfig.evaluate("parks/defaults.lua", root: repository, lua: try LuaState())
        let rows = Self.rows(try #require(try ParkSettingsReference.text(root: repository)))
        let shown = Dictionary(rows.map { ($0.path, $0.default) }, uniquingKeysWith: { first, _ in first })
        var checked = 0
        func visit(_ value: LuaValue, _ path: String) {
            guard let table = value.tableValue, !table.isSequence else { return }
            for key in table.sortedStringKeys {
                let inner = path.isEmpty ? key : "\(path).\(key)"
                if let expected = Self.text(table[key]) {
                    #expect(shown[inner] == expected, "\(inner)")
                    checked += 1
                } else if shown[inner] == nil || shown[inner] == "" {
                    visit(table[key], inner)  // a table of settings (with a table of its own): its settings have rows
                }
            }
        }
        visit(defaults, "")
        #expect(checked > 40)

        #expect(shown["name"] == "required")
        #expect(shown["center.lat"] == "required")
        #expect(shown["description"] == "none")
        #expect(shown["home.links"] == "none")
        #expect(shown["home.links[].label"] == "required")
        #expect(shown["home.links[].args"] == "none")
        #expect(shown["home.sections"] == "welcome, highlights, collections, shortcuts, links, contact")
        #expect(shown["sites.collections"] == "services, views, history, water, outdoors")
        #expect(shown["sites.categories"] == "59 entries in parks/defaults.lua")
        #expect(shown["sites.ranking"] == "fee, rating")
        #expect(shown["flows"] == "ar, emergency, favorites, geofence, home, map, onboarding, parks, party, pins, sites (all true)")
        #expect(shown["geofence.callouts.enter"] == "`\"You are at %s.\"`")

        let page = try #require(try ParkSettingsReference.text(root: repository))
        let ranking = try #require(Self.tables(page).first { $0.spec == "defaults: sites.ranking" })
        #expect(ranking.header == ["entry (`sites.ranking` in park.lua)", "weight", "neutral"])
        #expect(ranking.rows == [["`fee`", "20", "0"], ["`rating`", "-300", "3"]])
    }

    /// Changing a default changes its row; the prose around the tables stays as written, and
    /// a hand edit inside a table is written over.
    @Test func tablesAreWrittenAndProseIsKept() throws {
        let project = try TestProject()
        let defaults = try String(contentsOf: repositoryRoot.appendingPathComponent("parks/defaults.lua"), encoding: .utf8)
        try project.write("parks/defaults.lua", defaults.replacingOccurrences(of: "  zoom = 10,", with: "  zoom = 12,"))
        let page = """
            # Settings

            Prose | with a pipe, kept.

            <!-- generated by flowrun stubs: do not edit (settings) -->
            | a hand-made table | gone |
            <!-- end of generated table -->

            ## Theme, in between

            <!-- generated by flowrun stubs: do not edit (settings: theme) -->
            <!-- end of generated table -->
            The end.

            """
        try project.write(ParkSettingsReference.file, page)
        let text = try #require(try ParkSettingsReference.text(root: project.root))
        #expect(
            text.hasPrefix(
                "# Settings\n\nProse | with a pipe, kept.\n\n<!-- generated by flowrun stubs: do not edit (settings) -->\n\n| setting | default | |\n|---|---|---|\n| `name` | required | "
            ))
        #expect(!text.contains("hand-made"))
        #expect(text.contains("\n| `zoom` | 12 | Map zoom that shows the park, 0-22. |\n"))
        #expect(!text.contains("| `theme` |"))  // it has a table of its own
        #expect(
            text.hasSuffix(
                """
                ## Theme, in between

                <!-- generated by flowrun stubs: do not edit (settings: theme) -->

                | setting (`theme` in park.lua) | default | |
                |---|---|---|
                | `primary` | `"#2E5E4E"` | The park's main color. |
                | `accent` | `"#E0A526"` | The color for what should stand out. |
                | `background` | `"#F7F4EC"` | The background color. |

                <!-- end of generated table -->
                The end.

                """))
        try project.write(ParkSettingsReference.file, text)
        #expect(try ParkSettingsReference.text(root: project.root) == text)
    }

    @Test(arguments: [
        (
            "<!-- generated by flowrun stubs: do not edit (settings) -->\n",
            "\(ParkSettingsReference.file):1: the generated table has no <!-- end of generated table --> after it"
        ),
        ("<!-- end of generated table -->\n", "\(ParkSettingsReference.file):1: <!-- end of generated table --> ends no generated table"),
        (
            "x\n<!-- generated by flowrun stubs: do not edit (setings) -->\n<!-- end of generated table -->\n",
            "\(ParkSettingsReference.file):2: a generated table's marker is <!-- generated by flowrun stubs: do not edit (settings: PATH) -->, or (settings) for the top level, or (defaults: PATH)"
        ),
        (
            "<!-- generated by flowrun stubs: do not edit (settings) -->\n<!-- generated by flowrun stubs: do not edit (settings: theme) -->\n",
            "\(ParkSettingsReference.file):2: a generated table starts before the one of line 1 ends (<!-- end of generated table -->)"
        ),
        (
            "<!-- generated by flowrun stubs: do not edit (settings: theme) -->\n<!-- end of generated table -->\n",
            "\(ParkSettingsReference.file): no table of the top-level settings (<!-- generated by flowrun stubs: do not edit (settings) -->); every setting is in one table"
        ),
        (
            "<!-- generated by flowrun stubs: do not edit (settings) -->\n<!-- end of generated table -->\n<!-- generated by flowrun stubs: do not edit (settings: geofnce) -->\n<!-- end of generated table -->\n",
            "\(ParkSettingsReference.file):3: no setting 'geofnce' in ParkSettings"
        ),
        (
            "<!-- generated by flowrun stubs: do not edit (settings: map) -->\n<!-- end of generated table -->\n<!-- generated by flowrun stubs: do not edit (settings: map) -->\n<!-- end of generated table -->\n",
            "\(ParkSettingsReference.file):3: a second table of the settings of 'map'"
        ),
        (
            "<!-- generated by flowrun stubs: do not edit (settings) -->\n<!-- end of generated table -->\n<!-- generated by flowrun stubs: do not edit (defaults: map) -->\n<!-- end of generated table -->\n",
            "\(ParkSettingsReference.file):3: 'map' is not a table keyed by name; (settings: map) lists its settings"
        ),
    ])
    func aWrongMarkerIsNamedWithItsLine(page: String, message: String) throws {
        let project = try TestProject(files: [ParkSettingsReference.file: page])
        let error = flowError { try ParkSettingsReference.text(root: project.root) as Any }
        #expect(error?.description == message)
        #expect(error?.exitCode == 2)
    }

    /// A project without the page (an author's own) is given none.
    @Test func aProjectWithoutThePageIsGivenNone() throws {
        let project = try TestProject(copyingRepository: false, files: ["parks/defaults.lua": "return {}"])
        #expect(try ParkSettingsReference.text(root: project.root) == nil)
    }

    @Test func aMissingDefaultsLuaIsNamed() throws {
        let page = "# park.lua reference\n\n\(ParkSettingsReference.startMarker) (settings) -->\n\(ParkSettingsReference.endMarker)\n"
        let project = try TestProject(copyingRepository: false, files: [ParkSettingsReference.file: page])
        #expect(flowError { try ParkSettingsReference.text(root: project.root) as Any }?.description == "parks/defaults.lua: file not found")
    }
}
