import Formats
package import LuaKit
package import ScreenModel

/// Loads flow files into a park's Lua state and collects their registrations.
///
/// Each file runs once under the budgets; it registers flows with
/// `flow.register(name, function(ctx, super) ... end)`.
package final class FlowLoader {
    private(set) var registry = FlowRegistry()
    private var currentFile = ""
    /// Set once every file has loaded: flows register while their files load, not later.
    private(set) var isSealed = false
    /// Whether the park runs a flow (its `flows` setting).
    private let isEnabled: (String) -> Bool

    package init(isEnabled: @escaping (String) -> Bool = { _ in true }) {
        self.isEnabled = isEnabled
    }

    /// The `flow` module: registration, plus the names registered so far. The closures keep
    /// the loader alive as long as the Lua state (the loader holds no reference back).
    package func install(into lua: LuaState) {
        lua.register(
            module: "flow",
            functions: [
                "register": { call in try self.register(&call) },
                "exists": { call in call.push(self.registry.chain(try call.string(1)) != nil) },
                "available": { call in call.push(self.isAvailable(try call.string(1))) },
                "link": { call in call.push(try self.link(&call)) },
                "setting_error": { call in throw try self.settingError(&call) },
            ])
    }

    package func seal() { isSealed = true }

    /// The words of the park that links name, set by the runtime before a flow runs.
    var words: ParkWords?

    /// Where the park's files write a setting (`parks/GOGA/park.lua:45`), set by the runtime.
    var settingPlace: ((String) -> String)?

    /// `flow.setting_error(path, message, word?, words?)`: a mistake in the park's settings
    /// that only a flow can see (a word only it gives meaning to: home's section names), as
    /// an error at the line of park.lua or defaults.lua that writes `path`, the way `check`
    /// reports what the host checks; with `word` and the `words` it may be, the nearest.
    private func settingError(_ call: inout LuaCall) throws -> LuaCallError {
        let path = try call.string(1), message = try call.string(2)
        var hint = ""
        if !call.isNil(3), !call.isNil(4) {
            let word = try call.string(3)
            let words = try call.table(4).sequence.compactMap { value -> String? in
                if case .string(let text) = value { return text }
                return nil
            }
            hint = Excerpt.suggestion(for: word, in: words).map { "; did you mean '\($0)'?" } ?? ""
        }
        let place = settingPlace?(path) ?? call.locationPastCallersFile()
        return LuaCallError("\(path): \(message)\(hint)", location: place.hasSuffix(": ") ? place : place + ": ")
    }

    /// `flow.link(name, args)`: whether a screen may link to flow `name` with `args` (all
    /// strings), as ``isAvailable(_:)``. A name no flow has, or arguments the flow does not
    /// take, are an error at the line that asked for the link (past `ui.go`'s file).
    private func link(_ call: inout LuaCall) throws -> Bool {
        let name = try call.string(1)
        guard registry.chain(name) != nil || failures.contains(where: { $0.flowName == name }) else {
            let names = registry.names
            let hint = Excerpt.suggestion(for: name, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw LuaCallError(
                "link to \(Excerpt.quoted(name)): no flow has that name; \(hint)flows: \(names.joined(separator: ", "))",
                location: call.locationPastCallersFile())
        }
        if let arguments = registry.arguments(of: name), let words {
            var args: [String: String] = [:]
            if !call.isNil(2) {
                for (key, value) in try call.table(2).entries {
                    if case .string(let k) = key, case .string(let v) = value { args[k] = v }
                }
            }
            if let problem = arguments.problem(args, flow: name, words: words) {
                let argument = problem.argument.map { " argument \($0)" } ?? ""
                throw LuaCallError("link to \(Excerpt.quoted(name))\(argument): \(problem.message)", location: call.locationPastCallersFile())
            }
        }
        return isAvailable(name)
    }

    /// Whether a screen may link to flow `name`: registered, switched on for the park, and
    /// not defined by a file that failed to load.
    package func isAvailable(_ name: String) -> Bool {
        registry.chain(name) != nil && isEnabled(name) && !failures.contains { $0.flowName == name }
    }

    private func register(_ call: inout LuaCall) throws {
        guard !isSealed else {
            throw LuaCallError("flow.register: flows are registered when their file loads, not while a flow runs")
        }
        guard let name = try? call.string(1), !name.isBlank else {
            throw LuaCallError("flow.register: the first argument must be the flow's name (a non-empty string), got \(call.typeName(1))")
        }
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw LuaCallError("flow.register: flow name \(Excerpt.quoted(name)) may use only letters, digits, '_' and '-'")
        }
        guard let function = try? call.function(2) else {
            throw LuaCallError("flow.register(\(Excerpt.quoted(name)), ...): the second argument must be the flow's function, got \(call.typeName(2))")
        }
        var arguments: FlowArguments?
        if !call.isNil(3) {
            let options = try call.table(3)
            for key in options.entries.map(\.0) where key != .string("args") {
                let shown = if case .string(let text) = key { Excerpt.quoted(text) } else { key.typeName }
                throw LuaCallError("flow.register(\(Excerpt.quoted(name)), ...): unknown option \(shown); options: args")
            }
            do { arguments = try FlowArguments.read(options["args"]) } catch {
                throw LuaCallError("flow.register(\(Excerpt.quoted(name)), ...): \(error.message)")
            }
        }
        var location = call.callerLocation()
        if location.hasSuffix(": ") { location.removeLast(2) }
        // A park's file replaces a default flow of the same name; two files of one folder
        // (or one file twice) naming the same flow is a mistake, and one would win unseen.
        if let earlier = registry.chain(name)?.first, Self.folder(of: earlier.file) == Self.folder(of: currentFile) {
            throw LuaCallError(
                "flow.register(\(Excerpt.quoted(name)), ...): \(Excerpt.quoted(name)) is already registered at \(earlier.location); "
                    + "a flow is registered once in \(Self.folder(of: currentFile)) (a park replaces a default flow from parks/<CODE>/flows/)")
        }
        registry.add(
            .init(name: name, function: function, location: location.isEmpty ? currentFile : location, file: currentFile, arguments: arguments))
    }

    /// The folder a flow file is in (`flows/`, `parks/GOGA/flows/`): files of one folder
    /// are one layer of flows.
    static func folder(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[...slash])
    }

    /// Files that did not load, in load order.
    private(set) var failures: [FlowLoadFailure] = []

    /// Runs `files` (paths relative to the root) in order. A file that does not load (not
    /// UTF-8, a syntax error, an error while it runs, a bad registration) is kept in
    /// ``failures`` and the rest still load: one broken file takes down only its own flows.
    /// What it registered before it failed stays registered.
    package func load(_ files: [String], root: ProjectRoot, into lua: LuaState) {
        for file in files {
            currentFile = file
            do throws(FlowError) {
                let source = try root.textBytes(file)
                do {
                    _ = try lua.call(try lua.load(source, chunkName: file), [])
                } catch {
                    if case .runtime(let message, _) = error, message.contains("flow.register") {
                        throw .badRegistration(message: message)
                    }
                    throw .script(error)
                }
            } catch {
                failures.append(FlowLoadFailure(file: file, error: error))
            }
        }
    }
}

/// A flow file that did not load, and why.
public struct FlowLoadFailure: Sendable, CustomStringConvertible {
    /// The file, relative to the project root: `parks/GOGA/flows/home.lua`.
    public let file: String
    /// What went wrong, with the file and line.
    public let error: FlowError

    /// The flow a file defines by convention: its name without `.lua` (`home.lua`: `home`).
    public var flowName: String {
        String((file.split(separator: "/").last ?? "").dropLast(4))
    }

    /// `parks/GOGA/flows/home.lua did not load: <error>`.
    public var description: String {
        let message = error.description
        return message.hasPrefix(file) ? message : "\(file): \(message)"
    }
}
