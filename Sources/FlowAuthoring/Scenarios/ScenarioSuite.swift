import Formats
public import ScreenRendering
public import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import LuaKit
public import ScreenModel

/// Every scenario of a project (`flowrun test`): the files in `tests/` at the root, each
/// scenario run for every park (or the one it names), then each park's own
/// `parks/<CODE>/tests/`, parks and files in name order. A scenario runs its flow in a
/// ``FlowRuntime`` of its park (one per park and clock, shared by its scenarios), follows the
/// actions it names (performing acts), then compares the last screen with its golden and
/// runs its check. Every scenario starts with an empty visitor's store, in memory, that its
/// acts write. One bad file or scenario is reported and the others still run.
public final class ScenarioSuite {
    /// The project.
    public let root: ProjectRoot
    /// The parks whose scenarios run: all, or the one `--park` names.
    public let parks: [String]
    /// Whether goldens are rewritten rather than compared (`--update`).
    public let update: Bool
    /// The budgets of every flow run, scenario file and check.
    public let limits: HostLimits
    private var runtimes: [String: Result<FlowRuntime, FlowError>] = [:]
    /// The visitor's store of every runtime, emptied before each scenario.
    private let store = MemoryVisitorStore()

    /// A suite over `root`'s scenarios.
    /// - Parameters:
    ///   - root: the project.
    ///   - park: run only this park's scenarios (its own, and the root's for it); nil for all.
    ///   - update: write goldens instead of comparing them.
    ///   - limits: the budgets of every script (default: a flow's).
    /// - Throws: ``FlowError/unknownPark(code:known:)`` for a `park` the project lacks.
    public init(root: ProjectRoot, park: String? = nil, update: Bool = false, limits: HostLimits = HostLimits()) throws(FlowError) {
        let catalog = ParkCatalog(root: root)
        self.root = root
        self.parks = try park.map { code throws(FlowError) in [try catalog.resolve(code)] } ?? catalog.codes
        self.update = update
        self.limits = limits
    }

    /// Runs every scenario, handing each result to `report` as it is known.
    /// - Parameter report: called once per scenario run (a root scenario once per park),
    ///   and once for a file that does not load.
    public func run(_ report: (ScenarioResult) -> Void) {
        for path in root.luaFiles(in: "tests") {
            run(file: path, parkCode: nil, report)
        }
        for code in parks {
            for path in root.luaFiles(in: "parks/\(code)/tests") { run(file: path, parkCode: code, report) }
        }
    }

    // MARK: - Private

    private func run(file path: String, parkCode: String?, _ report: (ScenarioResult) -> Void) {
        let file: ScenarioFile
        do {
            file = try ScenarioFile(path: path, root: root, limits: limits, inPark: parkCode != nil)
        } catch {
            // Where the file went wrong is enough: a traceback would run through the expect library.
            let message = if case .script(let lua) = error { lua.summary } else { error.description }
            report(ScenarioResult(status: .badInput, location: path, details: [message]))
            return
        }
        for scenario in file.scenarios {
            guard let parkCode else {
                // A root scenario: every park, or the one it names.
                let codes: [String]
                if let named = scenario.park {
                    do {
                        codes = [try ParkCatalog(root: root).resolve(named)].filter(parks.contains)
                    } catch {
                        report(
                            ScenarioResult(
                                status: .badInput, location: scenario.location, name: scenario.name,
                                details: ["\(scenario.location): park: \(error)"]))
                        continue
                    }
                } else {
                    codes = parks
                }
                for code in codes { report(run(scenario, in: file, park: code, shown: code)) }
                continue
            }
            report(run(scenario, in: file, park: parkCode, shown: nil))
        }
    }

    private func run(_ scenario: Scenario, in file: ScenarioFile, park: String, shown: String?) -> ScenarioResult {
        var result = ScenarioResult(status: .passed, location: scenario.location, park: shown, name: scenario.name)
        func stop(_ status: ScenarioResult.Status, _ detail: String) -> ScenarioResult {
            result.status = status
            result.details.append(detail)
            return result
        }
        if let problem = scenario.problem { return stop(.badInput, problem) }
        let location = scenario.location
        var screen: Screen
        store.removeAll()
        do {
            var request = try self.request(scenario)
            request.acting = scenario.act
            let clock = scenario.inputs.time
            // The run stands where the scenario puts the visitor (SingleRun), as flowrun runs it.
            var run = try SingleRun(request, on: try self.runtime(park: park, clock: clock))
            screen = run.screen
            for (i, id) in scenario.follow.enumerated() {
                let external: Action?
                do {
                    let values = i == scenario.follow.count - 1 ? scenario.fields : [:]
                    external = try run.follow(id, values: values) { code throws(FlowError) in try self.runtime(park: code, clock: clock) }
                } catch .unknownAction(_, let flow, let known) {
                    let list = known.isEmpty ? "it has none" : "its actions: \(Excerpt.list(known))"
                    return stop(.badInput, "\(location): follow[\(i + 1)]: screen \(Excerpt.quoted(flow)) has no action \(Excerpt.quoted(id)); \(list)")
                }
                screen = run.screen
                if let action = external {
                    let what = TextRenderer.sentence(for: action)
                    return stop(
                        .badInput,
                        "\(location): follow[\(i + 1)]: action \(Excerpt.quoted(id)) is a \(action.kind) action "
                            + "(\(what.prefix(1).lowercased())\(what.dropFirst())); a scenario follows go and act actions only")
                }
            }
        } catch .unknownFlow(let name, let park, let known) {
            let hint = Excerpt.suggestion(for: name, in: known).map { "did you mean '\($0)'?" } ?? "flows: \(Excerpt.list(known))"
            return stop(.badInput, "\(location): flow: unknown flow \(Excerpt.quoted(name)) for park \(park); \(hint)")
        } catch .badArgument(let name, let message) where name.contains(" field ") || name == "--field" {
            // A value the form refused, named as the scenario gives it.
            return stop(.badInput, "\(location): fields: \(name == "--field" ? "" : "\(name): ")\(message)")
        } catch .badArgument(let name, let message) where name.hasPrefix("--arg") {
            // The flow's declared arguments, named as the scenario gives them.
            let argument = name.dropFirst("--arg".count).trimmingPrefix(" ")
            return stop(.badInput, "\(location): args\(argument.isEmpty ? "" : ".\(argument)"): \(message)")
        } catch {
            return stop(error.exitCode == 2 ? .badInput : .failed, error.description)
        }
        if let nothing = scenario.nothingToCheck { return stop(.badInput, nothing) }
        if let golden = scenario.golden?.replacing("{park}", with: park) {
            do {
                if let change = try GoldenFile.check(JSONRenderer().render(screen), path: golden, root: root, update: update) {
                    result.wroteGolden = golden
                    result.goldenChange = change
                }
            } catch {
                switch error {
                case .failed(let difference):
                    result.status = .failed
                    result.details.append(difference)
                case .badInput(let problem):
                    return stop(.badInput, problem)
                }
            }
        }
        if let check = scenario.check {
            do {
                try file.check(check, screen: try LuaValueEncoder().encode(screen))
            } catch let error as LuaError {
                return stop(.failed, ExpectLibrary.explaining(error.summary))
            } catch {
                return stop(.failed, "\(location): the screen cannot be handed to the check: \(error)")
            }
        }
        return result
    }

    /// The scenario's request; a track that does not read is named with the scenario.
    private func request(_ scenario: Scenario) throws(FlowError) -> FlowRequest {
        let location = scenario.location
        do {
            // Named by the scenario's fields: `moment` is --until's (`until` is a Lua keyword).
            return try scenario.inputs.request(name: { "\(location): \(Scenario.field($0))" }, trackFile: { self.root.url($0).path })
        } catch .invalidContent(let message) {
            throw .invalidContent("\(location): track: \(message)")
        }
    }

    /// The park's runtime at `clock`, made once: a runtime's clock is fixed for its life.
    private func runtime(park: String, clock: Date?) throws(FlowError) -> FlowRuntime {
        let time = clock ?? Date()
        let key = "\(park)@\(time.timeIntervalSince1970)"
        if let made = runtimes[key] { return try made.get() }
        let made = Result { () throws(FlowError) in try FlowRuntime(root: root, park: park, time: time, limits: limits, store: store) }
        runtimes[key] = made
        return try made.get()
    }
}
