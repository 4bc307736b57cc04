import FlowKit
import Formats
import LuaKit
import ScreenModel

/// A scenario file loaded in a Lua state of its own: the sandbox and budgets flows have,
/// plus `scenario{...}` to declare a scenario and the `expect` functions (``ExpectLibrary``).
/// A scenario file is content, as a flow is: it may loop, allocate or fail, and the budgets
/// stop it; it gets no `require`, no files, and never the parks' own states.
final class ScenarioFile {
    /// The file, relative to the project root (`parks/GOGA/tests/home.lua`).
    let path: String
    /// Its scenarios, in the order the file declares them.
    private(set) var scenarios: [Scenario] = []
    private let lua: LuaState
    private let runCheck: LuaFunctionRef

    /// Loads `path` and runs it, collecting its scenarios.
    /// - Parameters:
    ///   - path: the file, relative to the root.
    ///   - root: the project.
    ///   - limits: the budgets of loading it and of each check.
    ///   - inPark: whether it is in a park's own `tests/`.
    /// - Throws: ``FlowError`` for a file that does not read, compile or run (a syntax error
    ///   with its line, an error or a budget spent at its top level), or that declares no scenario.
    init(path: String, root: ProjectRoot, limits: HostLimits, inPark: Bool) throws(FlowError) {
        self.path = path
        let source = try root.read(path)
        do {
            lua = try LuaState(options: limits.options(fixedTime: nil))
        } catch {
            throw .script(error)
        }
        lua.printHandler = TerminalText.writeError
        let made: [LuaValue]
        do {
            made = try lua.run(ExpectLibrary.source, chunkName: ExpectLibrary.chunkName)
        } catch {
            throw .script(error)
        }
        guard made.count == 2, case .function(let run) = made[1] else { throw .script(.setup("the expect library did not load")) }
        runCheck = run
        lua.setGlobal("expect", made[0])

        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        var declared: [Scenario] = []
        var loading = true
        lua.register("scenario") { call in
            guard loading else { throw LuaCallError("scenario: scenarios are declared when their file loads, not inside a check") }
            guard call.typeName(1) == "table" else {
                throw LuaCallError("scenario: expected a table of fields, scenario{flow = \"home\", ...}; got \(call.typeName(1))")
            }
            let fields = try call.table(1)
            var location = call.callerLocation()
            if location.hasSuffix(": ") { location.removeLast(2) }
            declared.append(Scenario(fields, location: location.isEmpty ? path : location, folder: folder, inPark: inPark))
        }
        defer { loading = false }
        do {
            _ = try lua.run(source, chunkName: path)
        } catch {
            throw .script(error)
        }
        guard !declared.isEmpty else {
            throw .badContent(file: path, message: "declares no scenario: a scenario file calls scenario{flow = \"home\", ...} (README, 'Testing flows')")
        }
        scenarios = declared
    }

    /// Runs a scenario's check over `screen` in this file's state, under the budgets.
    /// - Throws: ``LuaError`` for an expectation that does not hold (its message starts with
    ///   the check's `file:line:`), any other error of the check, or a budget it spent.
    func check(_ function: LuaFunctionRef, screen: LuaValue) throws(LuaError) {
        _ = try lua.call(runCheck, [.function(function), screen])
    }
}
