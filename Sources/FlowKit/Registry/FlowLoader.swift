import LuaKit
import ScreenModel

/// Loads flow files into a park's Lua state and collects their registrations.
///
/// Each file runs once under the budgets; it registers flows with
/// `flow.register(name, function(ctx, super) ... end)`.
final class FlowLoader {
    private(set) var registry = FlowRegistry()
    private var currentFile = ""
    /// Set once every file has loaded: flows register while their files load, not later.
    private(set) var isSealed = false

    /// The `flow` module: registration, plus the names registered so far. The closures keep
    /// the loader alive as long as the Lua state (the loader holds no reference back).
    func install(into lua: LuaState) {
        lua.register(module: "flow", functions: [
            "register": { call in try self.register(&call) },
            "exists": { call in call.push(self.registry.chain(try call.string(1)) != nil) },
        ])
    }

    func seal() { isSealed = true }

    private func register(_ call: inout LuaCall) throws {
        guard !isSealed else {
            throw LuaCallError("flow.register: flows are registered when their file loads, not while a flow runs")
        }
        guard let name = try? call.string(1), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LuaCallError("flow.register: the first argument must be the flow's name (a non-empty string), got \(call.typeName(1))")
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw LuaCallError("flow.register: flow name \(Excerpt.quoted(name)) may use only letters, digits, '_' and '-'")
        }
        guard let function = try? call.function(2) else {
            throw LuaCallError("flow.register(\(Excerpt.quoted(name)), ...): the second argument must be the flow's function, got \(call.typeName(2))")
        }
        var location = call.callerLocation()
        if location.hasSuffix(": ") { location.removeLast(2) }
        registry.add(.init(name: name, function: function, location: location.isEmpty ? currentFile : location, file: currentFile))
    }

    /// Runs `files` (paths relative to the root) in order.
    /// - Throws: `FlowError.script` with the file and line of a syntax or runtime error.
    func load(_ files: [String], root: ProjectRoot, into lua: LuaState) throws(FlowError) {
        for file in files {
            currentFile = file
            let source = try root.read(file)
            do {
                _ = try lua.run(source, chunkName: file)
            } catch {
                if case .runtime(let message, _) = error, message.contains("flow.register") {
                    throw .badRegistration(message: message)
                }
                throw .script(error)
            }
        }
    }
}

import Foundation
