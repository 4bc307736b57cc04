import Testing
import ScreenModel
@testable import FlowKit

@Suite struct FlowRegistryTests {
    /// A minimal park whose flows return a text naming who answered.
    static let park = """
        return { name = "Test Park", center = { lat = 10, lon = 20 } }
        """
    static func text(_ screen: Screen) -> [String] {
        screen.sections.compactMap { if case .text(let t) = $0 { t.text } else { nil } }
    }

    func project(_ files: [String: String]) throws -> TestProject {
        var all = files
        all["parks/defaults.lua"] = try repository.read("parks/defaults.lua")
        if all["parks/TEST/park.lua"] == nil { all["parks/TEST/park.lua"] = Self.park }
        return try TestProject(copyingRepository: false, files: all)
    }

    @Test func parkRegistrationReplacesTheDefaultAndCanCallIt() throws {
        let p = try project([
            "flows/greet.lua": #"flow.register("greet", function(ctx) return { title = "t", sections = { { type = "text", text = "default" } } } end)"#,
            "parks/TEST/flows/greet.lua": """
            flow.register("greet", function(ctx, super)
              local s = super(ctx)
              table.insert(s.sections, 1, { type = "text", text = "park" })
              return s
            end)
            """,
        ])
        let runtime = try p.runtime("TEST")
        #expect(Self.text(try runtime.run(FlowRequest(flow: "greet"))) == ["park", "default"])
        #expect(runtime.registry.chain("greet")?.map(\.file) == ["parks/TEST/flows/greet.lua", "flows/greet.lua"])
    }

    @Test func aNameIsRegisteredOnceInAFolderAndReplacedAcrossThem() throws {
        let flow = { (word: String) in
            "flow.register('f', function(ctx, super) local s = super and super(ctx) or { title = 't', sections = {} } table.insert(s.sections, { type = 'text', text = '\(word)' }) return s end)"
        }
        let p = try project([
            "flows/a.lua": flow("default"),
            "parks/TEST/flows/a.lua": flow("park-a"),
            "parks/TEST/flows/b.lua": flow("park-b"),
            "flows/c.lua": "flow.register('g', function() return { title = 't', sections = {} } end)\nflow.register('g', print)",
        ])
        let runtime = try p.runtime("TEST")
        // The park's file replaces the default; a second of the park's own files is a mistake.
        #expect(Self.text(try runtime.run(FlowRequest(flow: "f"))) == ["default", "park-a"])
        #expect(
            runtime.loadFailures.map(\.description) == [
                "flows/c.lua:2: flow.register('g', ...): 'g' is already registered at flows/c.lua:1; a flow is registered once in flows/ (a park replaces a default flow from parks/<CODE>/flows/)",
                "parks/TEST/flows/b.lua:1: flow.register('f', ...): 'f' is already registered at parks/TEST/flows/a.lua:1; a flow is registered once in parks/TEST/flows/ (a park replaces a default flow from parks/<CODE>/flows/)",
            ])
    }

    @Test func aFlowWithoutSuperGetsNil() throws {
        let p = try project(["flows/a.lua": "flow.register('f', function(ctx, super) return { title = tostring(super), sections = {} } end)"])
        #expect(try p.runtime("TEST").run(FlowRequest(flow: "f")).title == "nil")
    }

    @Test(arguments: [
        ("flow.register(nil, function() end)", "flows/bad.lua:1: flow.register: the first argument must be the flow's name (a non-empty string), got nil"),
        ("\nflow.register('x')", "flows/bad.lua:2: flow.register('x', ...): the second argument must be the flow's function, got no value"),
        ("flow.register('  ', print)", "flows/bad.lua:1: flow.register: the first argument must be the flow's name (a non-empty string), got string"),
        ("flow.register('a b', print)", "flows/bad.lua:1: flow.register: flow name 'a b' may use only letters, digits, '_' and '-'"),
    ])
    func badRegistrationsNameFileAndLine(source: String, message: String) throws {
        // The file is reported; the park still loads (one broken file takes down only its flows).
        let p = try project(["flows/bad.lua": source])
        let failures = try p.runtime("TEST").loadFailures
        #expect(failures.map(\.description) == [message])
        #expect(failures.first?.error.exitCode == 1)
    }

    @Test func flowsCanAskWhatExistsButNotRegisterWhileRunning() throws {
        let p = try project([
            "flows/a.lua": """
            flow.register('a', function(ctx)
              return { title = tostring(flow.exists('a')) .. ' ' .. tostring(flow.exists('zzz')), sections = {} }
            end)
            flow.register('late', function(ctx) flow.register('b', print) end)
            """
        ])
        let runtime = try p.runtime("TEST")
        #expect(try runtime.run(FlowRequest(flow: "a")).title == "true false")
        #expect(
            flowError { try runtime.run(FlowRequest(flow: "late")) }?.description
                .hasPrefix("flows/a.lua:4: flow.register: flows are registered when their file loads, not while a flow runs") == true)
    }

    /// The runtime's Lua state must close when the runtime goes: no reference cycle through
    /// the closures the state owns.
    @Test func aRuntimeReleasesItsLuaState() throws {
        weak var state: AnyObject?
        try {
            let runtime = try FlowRuntime(root: repository, park: "GOGA", time: fixedTime)
            _ = try runtime.run(FlowRequest(flow: "home"))
            state = runtime.lua
        }()
        #expect(state == nil)
    }

    @Test func unknownAndDisabledFlows() throws {
        let p = try project([
            "flows/a.lua": "flow.register('a', function() return { title = 't', sections = {} } end)",
            "parks/TEST/park.lua": "return { name = 'T', center = { lat = 1, lon = 2 }, flows = { a = false } }",
        ])
        let runtime = try p.runtime("TEST")
        #expect(flowError { try runtime.run(FlowRequest(flow: "nope")) }?.description == "unknown flow 'nope' for park TEST; flows: ")
        #expect(flowError { try runtime.run(FlowRequest(flow: "a")) }?.exitCode == 2)
    }
}
