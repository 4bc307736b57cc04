import ScreenRendering
import FlowKit
@testable import FlowPreview
import Foundation
import Testing

/// Every JSON the preview serves comes from the one writer the command line uses, byte for
/// byte, and what only the files decide is kept until a file changes.
@Suite struct PreviewJSONTests {
    @Test func aMapIsTheBytesFlowrunPrintsWithFormatJSON() async throws {
        // What `flowrun --park GOGA map --time ... --format json` prints: OutputFormat.json's JSONRenderer.
        var text = RunInputText(flow: "map")
        text.values = ["time": fixedTime]
        let inputs = try text.inputs()
        let runtime = try FlowRuntime(root: repository, park: "GOGA", time: inputs.time)
        let expected = JSONRenderer().render(try runtime.run(try inputs.request()))
        let (status, _, body) = try await withServer { try await get($0, "/parks/GOGA/flows/map?time=\(fixedTime)") }
        #expect(status == 200)
        #expect(body == expected)
    }

    /// The error body as JSONEncoder writes the same fields: the writer's hand-sorted keys hold.
    @Test func anErrorIsWhatJSONEncoderWritesForItsFields() throws {
        let failure = PreviewFailure(status: 422, message: "flows/home.lua:3: boom", traceback: "stack traceback:\n\t[C]: in ?")
        let source = failure.sourceLines(in: repository)
        try #require(!source.isEmpty)
        let expected = JSONRenderer.encode(
            Body(
                error: .init(
                    status: 422, message: failure.message, location: "flows/home.lua:3", file: "flows/home.lua", line: 3,
                    source: source.map { .init(line: $0.line, text: $0.text, current: $0.current) }, traceback: failure.traceback)))
        #expect(failure.json(root: repository) == expected)
        let bare = PreviewFailure.notFound("not found: /x")
        #expect(bare.json(root: nil) == JSONRenderer.encode(Body(error: .init(status: 404, message: "not found: /x"))))
    }

    @Test func theParkListChangesAfterAParkFileChanges() async throws {
        let project = try TestProject()
        let park = try String(contentsOf: project.url.appendingPathComponent("parks/GOGA/park.lua"), encoding: .utf8)
        let renamed = park.replacingOccurrences(of: "Golden Gate National Recreation Area", with: "Golden Gate, renamed")
        try #require(renamed != park)
        let (before, after) = try await withServer(root: project.root) { url in
            let before = try await get(url, "/parks").body
            #expect(try await get(url, "/parks").body == before)
            try project.write("parks/GOGA/park.lua", renamed)
            // The list is kept until the watcher tells of the change; 20 s bounds a loaded machine.
            var after = before
            for _ in 0..<2000 where after == before {
                try await Task.sleep(for: .milliseconds(10))
                after = try await get(url, "/parks").body
            }
            return (before, after)
        }
        #expect(before.contains("\"name\" : \"Golden Gate National Recreation Area\""))
        #expect(after.contains("\"name\" : \"Golden Gate, renamed\""))
        #expect(after == ParkListing(root: project.root).json)
        #expect(after == JSONRenderer.encode(ParkListing(root: project.root).entries))
    }

    /// The error body's fields, as a Codable mirror for JSONEncoder.
    struct Body: Encodable {
        struct Detail: Encodable {
            var status: Int
            var message: String
            var location: String?
            var file: String?
            var line: Int?
            var source: [Line]?
            var traceback: String?
        }
        struct Line: Encodable {
            var line: Int
            var text: String
            var current: Bool
        }
        var error: Detail
    }
}
