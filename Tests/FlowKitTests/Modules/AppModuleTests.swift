import FlowAuthoring
import Foundation
import LuaKit
import Testing

@testable import FlowKit

/// A module an app writes and registers without touching the package: only public API.
struct ForecastModule: NativeModule {
    let name: String
    var summary: String { "Today's forecast, from the app." }
    var functions: [NativeFunction] {
        [
            NativeFunction(
                "today", summary: "The forecast for the park today.", parameters: [.init("unit", "string?", "c or f (default c)")],
                returns: [("string", "the forecast")], example: "local text = forecast.today()"
            ) { context, call in
                let unit = call.isNil(1) ? "c" : try call.string(1)
                guard unit == "c" || unit == "f" else { throw call.badArgument(1, "unit must be c or f, got '\(unit)'") }
                call.push("Sunny in \(context.park.name), \(unit == "c" ? "21 °C" : "70 °F")")
            }
        ]
    }
    init(name: String = "forecast") { self.name = name }
}

@Suite struct AppModuleTests {
    @Test func anAppsModuleIsCalledFromAFlow() throws {
        var modules = ModuleRegistry()
        try modules.register(ForecastModule())
        let project = try TestProject(files: [
            "flows/probe.lua": "flow.register('probe', function(ctx) return { title = forecast.today('f'), sections = {} } end)"
        ])
        let runtime = try FlowRuntime(root: project.root, park: "GOGA", time: fixedTime, modules: modules)
        #expect(try runtime.run(FlowRequest(flow: "probe")).title == "Sunny in \(runtime.park.name), 70 °F")
    }

    @Test func itsErrorsNameTheFlowsLine() throws {
        var modules = ModuleRegistry()
        try modules.register(ForecastModule())
        let project = try TestProject(files: [
            "flows/probe.lua": "flow.register('probe', function(ctx)\n  return { title = forecast.today('k'), sections = {} }\nend)"
        ])
        let runtime = try FlowRuntime(root: project.root, park: "GOGA", time: fixedTime, modules: modules)
        #expect(throws: FlowError.self) { try runtime.run(FlowRequest(flow: "probe")) }
        do {
            _ = try runtime.run(FlowRequest(flow: "probe"))
        } catch {
            #expect(error.description.contains("flows/probe.lua:2:") && error.description.contains("unit must be c or f, got 'k'"))
        }
    }

    @Test(arguments: [
        ("geo", "is registered already"), ("forecast", "is registered already"), ("string", "would hide the flow sandbox's global 'string'"),
        ("print", "would hide"), ("flow", "would hide"), ("require", "would hide"), ("end", "is a Lua keyword"),
        ("my-module", "is not a Lua name"), ("2fast", "is not a Lua name"), ("", "is not a Lua name"),
    ])
    func aNameThatCannotBeIsRefusedAtRegistration(_ name: String, _ message: String) throws {
        var modules = ModuleRegistry()
        try modules.register(ForecastModule())
        #expect {
            try modules.register(ForecastModule(name: name))
        } throws: { error in
            guard let error = error as? ModuleRegistrationError else { return false }
            return error.module == name && error.message.contains(message) && error.description.hasPrefix("native module '\(name)': ")
        }
        #expect(modules.modules.count == ModuleRegistry.builtIn.count + 1)
    }

    @Test func itsStubsAreGeneratedFromItsDeclaration() throws {
        var modules = ModuleRegistry()
        try modules.register(ForecastModule())
        let stub = try #require(StubGenerator.stubs(modules: modules).first { $0.file == "meta/forecast.gen.lua" })
        #expect(stub.text.contains("forecast = {}"))
        #expect(stub.text.contains("--- @param unit string? c or f (default c)"))
        #expect(stub.text.contains("function forecast.today(unit) end"))
        #expect(try LuacheckGlobals.text(modules: modules).contains("forecast = { fields = { \"today\" } }"))
        // The built-in stubs are unchanged by an app's registry.
        #expect(StubGenerator.stubs().count == ModuleRegistry.builtIn.count)
    }
}
