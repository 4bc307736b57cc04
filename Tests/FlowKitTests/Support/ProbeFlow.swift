import Testing
@testable import FlowKit

/// Runs `body` as the function of a flow named "probe" in a copy of the project, for the
/// native module tests: the screen's title, or the error the run ended with.
func probeFlow(_ body: String, park: String = "GOGA") throws -> (title: String?, error: FlowError?) {
    let p = try TestProject(files: [
        "flows/probe.lua": """
        flow.register("probe", function(ctx)
          \(body)
        end)
        """
    ])
    do {
        return (try p.runtime(park).run(FlowRequest(flow: "probe")).title, nil)
    } catch let error as FlowError {
        return (nil, error)
    }
}
