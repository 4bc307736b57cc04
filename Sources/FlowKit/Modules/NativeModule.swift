package import GeoKit
package import LuaKit

/// A native Swift module exposed to Lua as a global table (`geo`, `cluster`, ...).
///
/// To add one: write `Modules/<Name>Module.swift` with a type conforming to this protocol
/// and add it to ``ModuleRegistry/all``. Its LuaLS stubs in `meta/<name>.gen.lua` are
/// generated from ``functions`` (`flowrun stubs`), so documentation cannot drift.
package protocol NativeModule: Sendable {
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
    package var types: [NativeType] { [] }

    /// Installs the module as a global table in one park's Lua state.
    package func install(into lua: LuaState, context: ModuleContext) {
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
package struct NativeFunction: Sendable {
    /// A function's work: reads its arguments from the call and pushes its results.
    /// Throwing fails the Lua call with the error's message, after the caller's `file:line:`.
    package typealias Body = @Sendable (ModuleContext, inout LuaCall) throws -> Void

    /// One documented argument.
    package struct Parameter: Sendable {
        /// The argument's name in the stubs (`lat`).
        package var name: String
        /// LuaLS type, e.g. `number`, `string?`, `table`.
        package var type: String
        /// One line saying what the argument is.
        package var summary: String
        /// A documented argument.
        /// - Parameters:
        ///   - name: the argument's name in the stubs.
        ///   - type: its LuaLS type (`number`, `string?`, `table`).
        ///   - summary: one line saying what it is.
        package init(_ name: String, _ type: String, _ summary: String) {
            self.name = name
            self.type = type
            self.summary = summary
        }
    }

    /// The function's name in its module's table (`distance` for `geo.distance`).
    package var name: String
    /// One line saying what the function does, for the stubs.
    package var summary: String
    /// The function's arguments in order, for the stubs.
    package var parameters: [Parameter]
    /// `(type, summary)` of each result.
    package var returns: [(type: String, summary: String)]
    /// A short Lua example for the docs.
    package var example: String?
    /// The function's work.
    package var body: Body

    /// A documented native function.
    /// - Parameters:
    ///   - name: the function's name in its module's table.
    ///   - summary: one line saying what it does.
    ///   - parameters: its arguments in order.
    ///   - returns: `(type, summary)` of each result, types in LuaLS form.
    ///   - example: a short Lua example for the stubs.
    ///   - body: the work; it gets the park's context and the call.
    package init(
        _ name: String, summary: String, parameters: [Parameter] = [], returns: [(type: String, summary: String)] = [],
        example: String? = nil, body: @escaping Body
    ) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.returns = returns
        self.example = example
        self.body = body
    }
}

/// What a module may use of the park it serves. Content loads lazily, once per runtime.
package final class ModuleContext {
    /// The park's configuration, with every setting typed (``ParkConfig/settings``).
    package let park: ParkConfig
    /// The park's Lua state, e.g. for `defineType`. Unowned: the state owns the closures
    /// that hold this context, and a strong reference would keep it from ever closing.
    unowned let lua: LuaState
    private let content: ParkContent

    package init(park: ParkConfig, lua: LuaState, content: ParkContent) {
        self.park = park
        self.lua = lua
        self.content = content
    }

    /// The park's sites (empty when it has no `sites.geojson`), read on first use.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and feature at fault.
    package func sites() throws(FlowError) -> [Site] { try content.sites() }
    /// The park's boundary, if it has one, read on first use.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and feature at fault.
    package func boundary() throws(FlowError) -> Boundary? { try content.boundary() }
    /// The park's exhibits (nil when it has no `exhibits.geojson`), read on first use.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file, feature and field at fault.
    package func exhibits() throws(FlowError) -> ExhibitCatalog? { try content.exhibits() }

    /// The scan log the run in progress replays (`--beacons`), up to its `--at-time`; set by
    /// ``FlowRuntime/run(_:)`` for the run's length.
    package var scanReplay: (log: ScanLog, until: Double?)?

    private var cache: [String: AnyObject] = [:]

    /// The run in progress, for `store`: its transaction and whether it may write (set by
    /// ``FlowRuntime/run(_:)`` for the run's length; nil between runs).
    var storeRun: StoreRun?

    /// The run's party (`--party FILE`), with its viewer and the zones changed during the run
    /// (set by ``FlowRuntime/run(_:)`` for the run's length; nil without a party).
    var partySession: PartySession?

    /// Whether ``cached(_:make:)`` has built the object under `key` already (a function
    /// that builds it charges the budget only when it does).
    /// - Parameter key: the object's key.
    package func isCached(_ key: String) -> Bool { cache[key] != nil }

    /// An object built once per runtime and reused by every flow (the sites' cluster index).
    /// - Parameters:
    ///   - key: the object's key; one key holds one type of object.
    ///   - make: builds the object when none of type `T` is cached under `key`.
    /// - Returns: the cached object, or the one `make` built, now cached.
    /// - Throws: what `make` throws; nothing is cached then.
    package func cached<T: AnyObject>(_ key: String, make: () throws -> T) rethrows -> T {
        if let hit = cache[key] as? T { return hit }
        let made = try make()
        cache[key] = made
        return made
    }
}
