import FlowKit
@testable import FlowPreview
import Testing

/// The API's screens kept between GETs: the same bytes without a run while nothing a run
/// reads has changed, and a run again after a save, an act, another clock or a store that
/// changed behind the server's back.
@Suite struct PreviewScreenCacheTests {
    static let site = "nps-poi:goga:0001"

    func favorites(_ pairs: [(String, String)] = []) throws -> RunInputText {
        try PreviewQuery.inputs(flow: "favorites", pairs: [("time", fixedTime)] + pairs)
    }

    @Test func aGetAskedAgainIsAnsweredWithoutARunUntilSomethingItReadChanges() async throws {
        let project = PreviewProject(root: repository)
        let first = try await project.screenJSON(park: "GOGA", inputs: try favorites())
        #expect(try await project.screenJSON(park: "goga", inputs: try favorites()) == first)
        #expect(await project.runs == 1)
        #expect(!first.contains(Self.site))

        // An act writes the store: the next GET runs and shows what it wrote.
        _ = try await project.screen(park: "GOGA", inputs: try favorites([("arg.add", Self.site)]), acting: true)
        let after = try await project.screenJSON(park: "GOGA", inputs: try favorites())
        #expect(await project.runs == 3)
        #expect(after != first)
        #expect(after.contains(Self.site))
        #expect(try await project.screenJSON(park: "GOGA", inputs: try favorites()) == after)
        #expect(await project.runs == 3)

        // Other inputs, another clock and a save each run again.
        _ = try await project.screenJSON(park: "GOGA", inputs: try favorites([("arg.edit", "1")]))
        _ = try await project.screenJSON(park: "GOGA", inputs: try PreviewQuery.inputs(flow: "favorites", pairs: [("time", "2026-07-05T09:30:00-07:00")]))
        #expect(await project.runs == 5)
        await project.invalidate()
        #expect(try await project.screenJSON(park: "GOGA", inputs: try favorites()) == after)
        #expect(await project.runs == 6)
    }

    @Test func aViewThatFailsIsNotKept() async throws {
        let project = try TestProject(files: ["flows/broken.lua": "flow.register(\"broken\", function(ctx)\n  error(\"no\")\nend)\n"])
        let preview = PreviewProject(root: project.root)
        let broken = try PreviewQuery.inputs(flow: "broken", pairs: [("time", fixedTime)])
        for _ in 0..<2 {
            await #expect(throws: PreviewFailure.self) { try await preview.screenJSON(park: "GOGA", inputs: broken) }
        }
        #expect(await preview.runs == 2)
    }
}
