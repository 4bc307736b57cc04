import Foundation
@testable import FlowKit

/// Runs Lua as a flow of YOSE with the valley family's party (parks/YOSE/tests/party/), as
/// one member: what the `party` module lets that member see, change and trigger.
struct PartyProbe {
    static let file = repositoryRoot.appendingPathComponent("parks/YOSE/tests/party/valley-family.json").path

    let project: TestProject

    init() throws {
        project = try TestProject(copyingRepository: false)
        for path in ["parks/defaults.lua", "parks/YOSE/park.lua", "parks/YOSE/boundary.geojson"] {
            try project.write(path, try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The screen's title `body` returns (`return { title = ..., sections = {} }`), or the error.
    /// - Parameters:
    ///   - member: the member id to run as (nil: the first guardian).
    ///   - acting: whether the run is an act run.
    func run(_ body: String, as member: String? = nil, acting: Bool = false) throws -> (title: String?, error: FlowError?) {
        try project.write("flows/probe.lua", "flow.register(\"probe\", function(ctx)\n\(body)\nend)\n")
        var request = FlowRequest(flow: "probe")
        request.party = try PartyRun(party: try PartyFile.read(Self.file, displayPath: "valley-family.json"), as: member)
        request.acting = acting
        do {
            return (try project.runtime("YOSE").run(request).title, nil)
        } catch let error as FlowError {
            return (nil, error)
        }
    }
}
