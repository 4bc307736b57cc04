import Formats
public import LuaKit
import ScreenModel

/// What can go wrong in the runtime. Every case names where: a file and line, a file and
/// field path, or the argument. `exitCode` follows the CLI's contract: 2 for bad usage or
/// bad input (a park, a content file, an argument), 1 for a flow that fails.
public enum FlowError: Error, CustomStringConvertible, Sendable {
    /// A park code with no folder under `parks/`.
    case unknownPark(code: String, known: [String])
    /// A flow name nobody registered.
    case unknownFlow(name: String, park: String, known: [String])
    /// A flow whose file did not load (`failures`), or an unknown flow while some flow
    /// files did not load (any of them may define it).
    indirect case unavailableFlow(name: String, park: String, failures: [FlowLoadFailure])
    /// A flow the park switched off (`flows.<name> = false` in its configuration).
    case disabledFlow(name: String, park: String)
    /// A configuration or content file is wrong: `parks/GOGA/park.lua: center.lat: ...`.
    case badContent(file: String, message: String)
    /// A content file is wrong, with the location already in the message
    /// (`parks/GOGA/sites.geojson: feature 7 ('Alcatraz'): latitude 137.8 out of range`).
    case invalidContent(String)
    /// A command-line value is wrong: `--at: ...`.
    case badArgument(name: String, message: String)
    /// A flow file failed to load or run, or ran out of budget.
    case script(LuaError)
    /// A flow registration without a name or function: `flows/x.lua:3: ...`.
    case badRegistration(message: String)
    /// A flow returned something that is not a valid screen.
    case invalidScreen(flow: String, file: String, issues: [String])
    /// The flow's screen held more text than the host renders (``HostLimits/screenTextBytes``).
    case screenTooLarge(flow: String, file: String, limitBytes: Int)
    /// `--follow` named no action of the screen.
    case unknownAction(id: String, flow: String, known: [String])
    /// A replayed track (`ctx.track`) does not fit in the Lua memory cap: the file, its fixes
    /// and size, what it takes as Lua tables, and the cap with whose it is (`park's`, `host's`)
    /// and the setting that makes it (`budgets.memory_mb in parks/YOSE/park.lua`).
    case trackTooLarge(file: String, fixes: Int, fileBytes: Int?, luaBytes: Int, capBytes: Int, capOwner: String, capSetting: String)
    /// The visitor's store failed the run (``StoreError``): an unusable profile (exit 2), or
    /// a busy or failing database (exit 1). The run wrote nothing.
    case store(StoreError)

    /// One error for several content mistakes: the first alone, or all of them, one per line
    /// (each names its file and field), as bad content.
    static func combining(_ errors: [FlowError]) -> FlowError {
        if errors.count == 1, let only = errors.first { return only }
        return .invalidContent(errors.map(\.description).joined(separator: "\n"))
    }

    /// The message for people: where, then what (`parks/GOGA/park.lua: zoom: 40 out of range [0, 22]`),
    /// each line bounded (Formats' `Excerpt.message`).
    public var description: String { Excerpt.message(unboundedDescription) }

    private var unboundedDescription: String {
        switch self {
        case .unknownPark(let code, let known):
            let hint = Excerpt.suggestion(for: code.uppercased(), in: known).map { "did you mean '\($0)'? " } ?? ""
            return "unknown park \(Excerpt.quoted(code)); \(hint)parks here: \(Excerpt.list(known))"
        case .unknownFlow(let name, let park, let known):
            return "unknown flow \(Excerpt.quoted(name)) for park \(park); flows: \(Excerpt.list(known))"
        case .unavailableFlow(let name, let park, let failures):
            let why = failures.count == 1 ? "its file did not load" : "\(failures.count) flow files did not load, any of which may define it"
            return "flow \(Excerpt.quoted(name)) of park \(park) is unavailable: \(why):\n"
                + failures.map { "  \($0)" }.joined(separator: "\n")
        case .disabledFlow(let name, let park):
            return
                "flow \(Excerpt.quoted(name)) is disabled for park \(park) (flows.\(Excerpt.text(name)) = false in parks/\(park)/park.lua or parks/defaults.lua)"
        case .badContent(let file, let message):
            return "\(file): \(message)"
        case .invalidContent(let message):
            return message
        case .badArgument(let name, let message):
            return "\(name): \(message)"
        case .script(let error):
            return error.description
        case .badRegistration(let message):
            return message
        case .invalidScreen(let flow, let file, let issues):
            return "\(file): flow '\(flow)' returned an invalid screen:\n" + issues.map { "  \($0)" }.joined(separator: "\n")
        case .screenTooLarge(let flow, let file, let limit):
            return "\(file): flow '\(flow)' returned a screen too large to render: more than \(limit / 1024) KiB of text, "
                + "the most a screen may hold (a string used in several places counts each time)"
        case .unknownAction(let id, let flow, let known):
            let list = known.isEmpty ? "it has none" : "its actions: \(Excerpt.list(known))"
            return "--follow \(Excerpt.text(id)): screen \(Excerpt.quoted(flow)) has no action with that id; \(list)"
        case .store(let error):
            return error.message
        case .trackTooLarge(let file, let fixes, let fileBytes, let luaBytes, let capBytes, let capOwner, let capSetting):
            let size = fileBytes.map { ", \(Self.megabytes($0)) MB" } ?? ""
            return "\(file): the track (\(Excerpt.count(fixes)) fixes\(size)) is too large to replay: as Lua tables it takes "
                + "\(Self.mebibytes(luaBytes)) MiB, over the \(capOwner) Lua memory cap of \(Self.mebibytes(capBytes)) MiB (\(capSetting))"
        }
    }

    /// 2 for bad usage or input, 1 for a flow or runtime error.
    public var exitCode: Int32 {
        switch self {
        case .unavailableFlow(_, _, let failures): return failures.first?.error.exitCode ?? 1
        case .unknownPark, .unknownFlow, .disabledFlow, .badContent, .invalidContent, .badArgument, .unknownAction, .trackTooLarge:
            return 2
        case .script, .badRegistration, .invalidScreen, .screenTooLarge: return 1
        case .store(let error): return error.exitCode
        }
    }

    /// Bytes as decimal megabytes (10⁶ bytes) with one decimal: file sizes.
    static func megabytes(_ bytes: Int) -> String { decimal(Double(bytes) / 1e6) }

    /// Bytes as MiB with one decimal, whole MiB without (`8`, `41.2`): memory, as budgets count it.
    static func mebibytes(_ bytes: Int) -> String { decimal(Double(bytes) / 1_048_576) }

    private static func decimal(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
