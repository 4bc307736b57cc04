public import LuaKit

/// A native Swift module exposed to Lua as a global table (`geo`, `cluster`, ...).
///
/// The runtime's own modules are listed in ``ModuleRegistry/builtIn``; an app adds its own
/// without touching this package: a type conforming to this protocol, registered with
/// ``ModuleRegistry/register(_:)`` and handed to the runtime
/// (``FlowRuntime/init(root:park:time:limits:store:modules:compiledChunks:keptSites:)``). Its LuaLS stubs
/// (`meta/<name>.gen.lua`) are generated from ``functions``, so documentation cannot drift.
/// A function's body runs inside the script's budgets; what it throws fails the Lua call with
/// the error's message after the caller's `file:line:`, and never unwinds past Swift.
public protocol NativeModule: Sendable {
    /// The global table's name in Lua, e.g. `"geo"`.
    var name: String { get }
    /// One line saying what the module is for.
    var summary: String { get }
    /// The module's documented functions.
    var functions: [NativeFunction] { get }
    /// Native object types the functions hand out (default: none).
    var types: [NativeType] { get }
}

extension NativeModule {
    /// None: most modules hand out plain values only.
    public var types: [NativeType] { [] }

    /// Installs the module as a global table in one park's Lua state.
    public func install(into lua: LuaState, context: ModuleContext) {
        for type in types { type.define(lua, context) }
        var table: [String: LuaNativeFunction] = [:]
        for function in functions {
            let body = function.body
            table[function.name] = { call in try body(context, &call) }
        }
        lua.register(module: name, functions: table)
    }
}

/// A documented native function: the text feeds the generated stubs; the body gets the
/// park's context and the call.
public struct NativeFunction: Sendable {
    /// A function's work: reads its arguments from the call and pushes its results.
    /// Throwing fails the Lua call with the error's message, after the caller's `file:line:`.
    public typealias Body = @Sendable (ModuleContext, inout LuaCall) throws -> Void

    /// One documented argument.
    public struct Parameter: Sendable {
        /// The argument's name in the stubs (`lat`).
        public var name: String
        /// LuaLS type, e.g. `number`, `string?`, `table`.
        public var type: String
        /// One line saying what the argument is.
        public var summary: String
        /// A documented argument.
        /// - Parameters:
        ///   - name: the argument's name in the stubs.
        ///   - type: its LuaLS type (`number`, `string?`, `table`).
        ///   - summary: one line saying what it is.
        public init(_ name: String, _ type: String, _ summary: String) {
            self.name = name
            self.type = type
            self.summary = summary
        }
    }

    /// The function's name in its module's table (`distance` for `geo.distance`).
    public var name: String
    /// One line saying what the function does, for the stubs.
    public var summary: String
    /// The function's arguments in order, for the stubs.
    public var parameters: [Parameter]
    /// `(type, summary)` of each result.
    public var returns: [(type: String, summary: String)]
    /// A short Lua example for the docs.
    public var example: String?
    /// The forms a call takes when its types decide its results, as LuaLS `fun(...)` types
    /// (`fun(lat1: number, ...): number`): the stubs list each as an `@overload`, so an editor
    /// types a call by the form it uses.
    public var overloads: [String]
    /// The function's work.
    public var body: Body

    /// A documented native function.
    /// - Parameters:
    ///   - name: the function's name in its module's table.
    ///   - summary: one line saying what it does.
    ///   - parameters: its arguments in order.
    ///   - returns: `(type, summary)` of each result, types in LuaLS form.
    ///   - example: a short Lua example for the stubs.
    ///   - overloads: each form a call takes, as a LuaLS `fun(...)` type, when types decide the results.
    ///   - body: the work; it gets the park's context and the call.
    public init(
        _ name: String, summary: String, parameters: [Parameter] = [], returns: [(type: String, summary: String)] = [],
        example: String? = nil, overloads: [String] = [], body: @escaping Body
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.returns = returns
        self.example = example
        self.overloads = overloads
        self.body = body
    }
}
