import Foundation
import Testing

/// `flowrun stubs` writes every generated file of meta/; `--check` names each stale one.
@Suite struct StubsCommandTests {
    static func project() throws -> ProjectCopy { try ProjectCopy(["flows", "parks", "schema", "meta"]) }

    @Test func checkNamesEachStaleFileAndStubsRewritesThem() throws {
        let copy = try Self.project()
        let current = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(current.status == 0, "\(current.stderr)")
        #expect(current.stdout == "stubs are current\n")

        // A schema and a default changed: the two stubs made from them are stale, nothing else.
        let schema = try String(contentsOf: copy.url.appendingPathComponent("schema/screen.schema.json"), encoding: .utf8)
        try copy.write(
            "schema/screen.schema.json",
            schema.replacingOccurrences(
                of: "\"empty\": { \"type\": \"string\", \"description\": \"Shown when items is empty.\" }",
                with: "\"empty\": { \"type\": \"string\", \"description\": \"Shown when the list has no items.\" }"))
        let defaults = try String(contentsOf: copy.url.appendingPathComponent("parks/defaults.lua"), encoding: .utf8)
        try copy.write("parks/defaults.lua", defaults.replacingOccurrences(of: "  zoom = 10,", with: "  zoom = 11,"))
        let stale = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(stale.status == 1)
        #expect(stale.stdout == "")
        #expect(stale.stderr == "flowrun: stale stubs: meta/screen.gen.lua, meta/park.gen.lua; run 'flowrun stubs'\n")

        let write = try flowrun(["stubs"], in: copy.url)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout == "wrote meta/screen.gen.lua\nwrote meta/park.gen.lua\n")
        let screen = try String(contentsOf: copy.url.appendingPathComponent("meta/screen.gen.lua"), encoding: .utf8)
        #expect(screen.contains("--- Shown when the list has no items.\n--- @field empty? string\n"))
        let park = try String(contentsOf: copy.url.appendingPathComponent("meta/park.gen.lua"), encoding: .utf8)
        #expect(park.contains("--- (default: `11`)\n--- @field zoom number\n"))
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

    @Test func aProjectWithoutTheSchemaSaysSo() throws {
        let copy = try ProjectCopy(["flows", "parks", "meta"])
        let result = try flowrun(["stubs", "--check"], in: copy.url)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "flowrun: schema/screen.schema.json: file not found\n")
    }
}
