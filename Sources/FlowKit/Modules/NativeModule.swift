public import GeoKit
public import LuaKit

/// A native Swift module exposed to Lua as a global table (`geo`, `cluster`, ...).
///
/// To add one: write `Modules/<Name>Module.swift` with a type conforming to this protocol
/// and add it to `ModuleRegistry.all`. Its LuaLS stubs in `meta/<name>.gen.lua` are
/// generated from `functions` (`flowrun stubs`), so documentation cannot drift.
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
    public var types: [NativeType] { [] }

    /// Installs the module as a global table in one park's Lua state.
    func install(into lua: LuaState, context: ModuleContext) {
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
    public typealias Body = @Sendable (ModuleContext, inout LuaCall) throws -> Void

    public struct Parameter: Sendable {
        public var name: String
        /// LuaLS type, e.g. `number`, `string?`, `table`.
        public var type: String
        public var summary: String
        public init(_ name: String, _ type: String, _ summary: String) {
            self.name = name
            self.type = type
            self.summary = summary
        }
    }

    public var name: String
    public var summary: String
    public var parameters: [Parameter]
    /// `(type, summary)` of each result.
    public var returns: [(type: String, summary: String)]
    /// A short Lua example for the docs.
    public var example: String?
    public var body: Body

    public init(_ name: String, summary: String, parameters: [Parameter] = [], returns: [(type: String, summary: String)] = [],
                example: String? = nil, body: @escaping Body) {
        self.name = name
        self.summary = summary
        self.parameters = parameters
        self.returns = returns
        self.example = example
        self.body = body
    }
}

/// What a module may use of the park it serves. Content loads lazily, once per runtime.
public final class ModuleContext {
    public let park: ParkConfig
    /// The park's Lua state, e.g. for `defineType`. Unowned: the state owns the closures
    /// that hold this context, and a strong reference would keep it from ever closing.
    public unowned let lua: LuaState
    private let content: ParkContent

    init(park: ParkConfig, lua: LuaState, content: ParkContent) {
        self.park = park
        self.lua = lua
        self.content = content
    }

    /// The park's sites (empty when it has no `sites.geojson`).
    public func sites() throws(FlowError) -> [Site] { try content.sites() }
    /// The park's boundary, if it has one.
    public func boundary() throws(FlowError) -> Boundary? { try content.boundary() }

    private var cache: [String: AnyObject] = [:]

    /// Whether `cached(key)` has built its object already.
    public func isCached(_ key: String) -> Bool { cache[key] != nil }

    /// An object built once per runtime and reused by every flow (the sites' cluster index).
    public func cached<T: AnyObject>(_ key: String, make: () throws -> T) rethrows -> T {
        if let hit = cache[key] as? T { return hit }
        let made = try make()
        cache[key] = made
        return made
    }
}
