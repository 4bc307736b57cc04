import Formats
/// What can go wrong when running Lua. Every case says where: a chunk name and line
/// (`flows/home.lua:12: ...`) and, for runtime failures, a traceback.
public enum LuaError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A chunk did not compile (`LUA_ERRSYNTAX`); the message starts with `file:line:`.
    case syntax(message: String)
    /// A script raised an error (`LUA_ERRRUN`); the message starts with `file:line:`.
    case runtime(message: String, traceback: String)
    /// The run executed more instructions than its budget allows.
    case instructionBudget(limit: Int, location: String, traceback: String)
    /// The run took longer than its time limit (wall clock).
    case timeLimit(seconds: Double, location: String, traceback: String)
    /// The state's memory would have grown past its cap (`LUA_ERRMEM`).
    case memoryCap(limitBytes: Int, location: String, traceback: String)
    /// The arguments of a call took the state past its memory cap before the function ran:
    /// it held `heldBytes`, the arguments took `argumentBytes` more, the cap is `limitBytes`.
    case argumentsTooLarge(argumentBytes: Int, heldBytes: Int, limitBytes: Int)
    /// A value could not cross the bridge (a cyclic table, say); names the value.
    case conversion(String)
    /// The results held more than `limitBytes` bytes of text, the most the caller takes
    /// (``LuaState/call(_:arguments:textLimit:reading:)``), each string counted per reference.
    case textLimit(limitBytes: Int)
    /// The state could not be created or set up.
    case setup(String)

    /// The whole message: location, text and, for runtime and budget failures, the traceback;
    /// each line bounded (Formats' `Excerpt.message`: a script's error text or a syntax
    /// error's token may be megabytes).
    public var description: String { Excerpt.message(unboundedDescription) }

    private var unboundedDescription: String {
        switch self {
        case .syntax(let message): return message
        case .runtime(let message, let traceback): return traceback.isEmpty ? message : "\(message)\n\(traceback)"
        case .instructionBudget(let limit, let location, let traceback):
            return "\(location)instruction budget of \(limit) instructions exceeded (an endless loop?)\n\(traceback)"
        case .timeLimit(let seconds, let location, let traceback):
            return "\(location)CPU time limit of \(LuaError.seconds(seconds)) s exceeded (an endless loop, or work on very long strings?)\n\(traceback)"
        case .memoryCap(let limit, let location, let traceback):
            return "\(location)memory cap of \(limit / 1024) KiB exceeded\n\(traceback)"
        case .argumentsTooLarge(let arguments, let held, let limit):
            return "the arguments take \(arguments / 1024) KiB, which with the \(held / 1024) KiB the state holds "
                + "is over its memory cap of \(limit / 1024) KiB"
        case .conversion(let message): return message
        case .textLimit(let limit):
            return "results too large: more than \(limit / 1024) KiB of text (a string used in several places counts each time)"
        case .setup(let message): return message
        }
    }

    /// `1` rather than `1.0`; `0.25` as is.
    static func seconds(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    /// Whether the run ended at one of its limits (instructions, time, memory, result text)
    /// rather than by its own error: a cost, which a host may decline to pay again at once.
    public var isLimit: Bool {
        switch self {
        case .instructionBudget, .timeLimit, .memoryCap, .argumentsTooLarge, .textLimit: true
        case .syntax, .runtime, .conversion, .setup: false
        }
    }

    /// The first line of the description: the message without its traceback.
    public var summary: String {
        description.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? description
    }
}

/// Thrown by a native function to fail its Lua call. The message reaches the script as an
/// ordinary Lua error, prefixed with the caller's `file:line:`.
public struct LuaCallError: Error, CustomStringConvertible, Sendable {
    /// The message, without the location: the bridge adds the caller's `file:line:`.
    public let message: String
    /// `file:line: ` to blame instead of the calling line (``LuaCall/locationPastCallersFile()``).
    public let location: String?
    /// A failure of the current native call.
    /// - Parameters:
    ///   - message: what went wrong, in the words the script's author will read.
    ///   - location: `file:line: ` of the Lua code to blame; nil for the calling line.
    public init(_ message: String, location: String? = nil) {
        self.message = message
        self.location = location
    }
    /// The message as it is.
    public var description: String { message }
}
