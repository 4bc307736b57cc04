import Foundation
import Testing

/// `flowrun stubs` writes every generated file (meta/, the screen schema, the park.lua
/// reference's tables); `--check` names each stale one.
@Suite struct StubsCommandTests {
    static func project() throws -> ProjectCopy { try ProjectCopy(["flows", "parks", "schema", "meta", "docs"]) }

    @Test func checkNamesEachStaleFileAndStubsRewritesThem() throws {
        let copy = try Self.project()
        let current = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stdout == "stubs are current\n")

        // The schema edited by hand and a default changed: the schema (made from the screen
        // contract), the park stub and the reference's tables (made from defaults.lua) are
        // stale, nothing else.
        let schema = try String(contentsOf: copy.url.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8)
        let edited = schema.replacingOccurrences(of: "\"Shown when items is empty.\"", with: "\"Shown when the list has no items.\"")
        #expect(edited != schema)
        try copy.write("schema/screen.schema.json", edited)
        let defaults = try String(contentsOf: copy.url.appendingPathComponent("parks/defaults.lua"), encoding: .utf8)
        try copy.write("parks/defaults.lua", defaults.replacingOccurrences(of: "  zoom = 10,", with: "  zoom = 11,"))
        let stale = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(stale.status == 1)
        #expect(stale.stdout == "")
        #expect(stale.stderr == "flowrun: stale stubs: schema/screen.schema.json, meta/park.gen.lua, docs/authoring/park-settings.md; run 'flowrun stubs'\n")

        let write = try flowrun(["stubs"], in: copy.url)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout == "wrote schema/screen.schema.json\nwrote meta/park.gen.lua\nwrote docs/authoring/park-settings.md\n")
        #expect(try String(contentsOf: copy.url.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8) == schema)
        let park = try String(contentsOf: copy.url.appendingPathComponent("meta/park.gen.lua"), encoding: .utf8)
        #expect(park.contains("--- (default: `11`)\n--- @field zoom number\n"))
        let reference = try String(contentsOf: copy.url.appendingPathComponent("docs/authoring/park-settings.md"), encoding: .utf8)
        #expect(reference.contains("\n| `zoom` | 11 | "))
        #expect(try flowrun(["stubs", "--check"], in: copy.url).status == 0)
    }

    @Test func aHandEditedStubIsStale() throws {
        let copy = try Self.project()
        let park = try String(contentsOf: copy.url.appendingPathComponent("meta/park.gen.lua"), encoding: .utf8)
        try copy.write("meta/park.gen.lua", park + "--- @field extra string\n")
        let result = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(result.status == 1)
        #expect(result.stderr == "flowrun: stale stubs: meta/park.gen.lua; run 'flowrun stubs'\n")
    }

    /// The reference's tables are generated; the prose around them is not.
    @Test func aHandEditedReferenceTableIsStaleItsProseIsNot() throws {
        let copy = try Self.project()
        let file = "docs/authoring/park-settings.md"
        let page = try String(contentsOf: copy.url.appendingPathComponent(file), encoding: .utf8)
        try copy.write(file, page.replacingOccurrences(of: "## Geofence\n", with: "## Geofence\n\nA hand-written line.\n"))
        #expect(try flowrun(["stubs", "--check"], in: copy.url).status == 0)
        try copy.write(file, page.replacingOccurrences(of: "| `radius` | 100 |", with: "| `radius` | 150 |"))
        let result = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(result.status == 1)
        #expect(result.stderr == "flowrun: stale stubs: \(file); run 'flowrun stubs'\n")
    }

    /// The park.lua reference is flowrun's own page: an author's project without it gets none.
    @Test func aProjectWithoutTheReferenceIsGivenNone() throws {
        let copy = try ProjectCopy(["flows", "parks", "schema", "meta"])
        let check = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "stubs are current\n")
        #expect(!FileManager.default.fileExists(atPath: copy.url.appendingPathComponent("docs").path))
    }

    /// An author's project: the schema is given, and no docs are written into it.
    @Test func aProjectWithoutTheSchemaIsGivenIt() throws {
        let copy = try ProjectCopy(["flows", "parks", "meta"])
        let check = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(check.status == 1)
        #expect(check.stderr == "flowrun: stale stubs: schema/screen.schema.json; run 'flowrun stubs'\n")
        let write = try flowrun(["stubs"], in: copy.url)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout == "wrote schema/screen.schema.json\n")
        let written = try String(contentsOf: copy.url.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8)
        #expect(written == (try String(contentsOf: repositoryRoot.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8)))
        #expect(!FileManager.default.fileExists(atPath: copy.url.appendingPathComponent("docs").path))
    }
}
