import Testing
import ScreenModel
@testable import FlowKit

/// ``FlowRuntime/idle()`` and ``FlowSession/idle()``: the park's collector work done between
/// screens frees what runs left, changes no screen, and leaves the memory cap as it was.
@Suite struct RuntimeIdleTests {
    static func project() throws -> TestProject {
        try TestProject(files: [
            "flows/probe.lua": """
            flow.register("garbage", function(ctx)
              local t = {}
              for i = 1, 100000 do t[i] = { i, tostring(i) } end
              return { title = "made " .. #t, sections = {} }
            end)
            flow.register("count", function(ctx)
              return { title = string.format("%d %s", collectgarbage("count") // 1, tostring(collectgarbage("isrunning"))), sections = {} }
            end)
            -- 64 KiB a step: past the 64 MiB cap in a thousand steps, long before the CPU
            -- limit of a debug build on a busy machine (1 KiB steps took it 1 s once).
            flow.register("hog", function(ctx)
              local t = {}
              while true do t[#t + 1] = string.rep("x", 65536) .. #t end
            end)
            """
        ])
    }

    /// The flow's own collectgarbage("count") after an idle collection is lower by the
    /// garbage a run left, and the collector still says it is running.
    func kib(_ runtime: FlowRuntime) throws -> (kib: Int, running: String) {
        let words = try runtime.run(FlowRequest(flow: "count")).title.split(separator: " ")
        return (Int(words.first ?? "") ?? -1, words.count > 1 ? String(words[1]) : "")
    }

    @Test func idleFreesWhatARunLeftAndChangesNoScreen() throws {
        let p = try Self.project()
        let runtime = try p.runtime("GOGA")
        let home = try runtime.run(FlowRequest(flow: "home"))
        runtime.idle()
        #expect(try runtime.run(FlowRequest(flow: "garbage")).title == "made 100000")
        let before = try kib(runtime)
        #expect(runtime.idle())
        let after = try kib(runtime)
        #expect(after.kib < before.kib - 1000, "\(before.kib) KiB before, \(after.kib) KiB after")
        #expect(before.running == "true" && after.running == "true")
        #expect(try runtime.run(FlowRequest(flow: "home")) == home)
    }

    @Test func aFlowPastTheCapStillFailsWithIt() throws {
        let p = try Self.project()
        let runtime = try p.runtime("GOGA")
        for _ in 0..<2 {
            runtime.idle()
            let error = flowError { try runtime.run(FlowRequest(flow: "hog")) }
            #expect(error?.description.contains("memory cap") == true, "\(String(describing: error))")
        }
        #expect(try runtime.run(FlowRequest(flow: "garbage")).title == "made 100000")
    }

    @Test func aSessionsIdleIsItsRuntimes() throws {
        let p = try Self.project()
        let session = try FlowSession(runtime: try p.runtime("GOGA"))
        _ = try session.open(FlowRequest(flow: "garbage"))
        #expect(session.idle())
        #expect(!session.idle())
    }
}
