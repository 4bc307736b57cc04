public import LuaKit

/// A native object type a module hands to Lua (`cluster.Index`), with documented methods:
/// `obj:method(...)` in Lua, argument 1 being the object. The docs feed the stubs.
public struct NativeType: Sendable {
    /// A documented method; `body` gets the object, the park's context and the call.
    public struct Method<T: LuaObject>: Sendable {
        public var doc: NativeFunction
        public var body: @Sendable (T, ModuleContext, inout LuaCall) throws -> Void

        public init(_ name: String, summary: String, parameters: [NativeFunction.Parameter] = [],
                    returns: [(type: String, summary: String)] = [], example: String? = nil,
                    body: @escaping @Sendable (T, ModuleContext, inout LuaCall) throws -> Void) {
            doc = NativeFunction(name, summary: summary, parameters: parameters, returns: returns, example: example) { _, _ in }
            self.body = body
        }
    }

    /// The type's name in Lua, e.g. `cluster.Index`.
    public let name: String
    public let summary: String
    /// The methods' documentation (their bodies are bound in `define`).
    public let methods: [NativeFunction]
    let define: @Sendable (LuaState, ModuleContext) -> Void

    public init<T: LuaObject & SendableMetatype>(_ type: T.Type, summary: String, methods: [Method<T>]) {
        name = T.luaTypeName
        self.summary = summary
        self.methods = methods.map(\.doc)
        define = { lua, context in
            var table: [String: LuaMethod<T>] = [:]
            for method in methods {
                let body = method.body
                table[method.doc.name] = { object, call in try body(object, context, &call) }
            }
            lua.defineType(T.self, methods: table)
        }
    }
}
