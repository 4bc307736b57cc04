public import LuaKit

/// A native object type a module hands to Lua (`cluster.Index`), with documented methods:
/// `obj:method(...)` in Lua, argument 1 being the object. The docs feed the stubs.
public struct NativeType: Sendable {
    /// A documented method; `body` gets the object, the park's context and the call.
    public struct Method<T: LuaObject>: Sendable {
        /// The method's name and documentation, as a function's (its body is unused).
        public var doc: NativeFunction
        /// The method's work; throwing fails the Lua call, as for ``NativeFunction/body``.
        public var body: @Sendable (T, ModuleContext, inout LuaCall) throws -> Void

        /// A documented method.
        /// - Parameters:
        ///   - name: the method's name in Lua (`obj:name(...)`).
        ///   - summary: one line for the stubs.
        ///   - parameters: the arguments after the object, for the stubs.
        ///   - returns: `(type, summary)` of each result, for the stubs.
        ///   - example: a short Lua example, for the stubs.
        ///   - body: the work: reads arguments from 2 on and pushes results on the call.
        public init(
            _ name: String, summary: String, parameters: [NativeFunction.Parameter] = [],
            returns: [(type: String, summary: String)] = [], example: String? = nil,
            body: @escaping @Sendable (T, ModuleContext, inout LuaCall) throws -> Void
        ) {
            doc = NativeFunction(name, summary: summary, parameters: parameters, returns: returns, example: example) { _, _ in }
            self.body = body
        }
    }

    /// The type's name in Lua, e.g. `cluster.Index`.
    public let name: String
    /// One line saying what the objects are, for the stubs.
    public let summary: String
    /// The methods' documentation (their bodies are bound in `define`).
    public let methods: [NativeFunction]
    public let define: @Sendable (LuaState, ModuleContext) -> Void

    /// A native object type and its methods.
    /// - Parameters:
    ///   - type: the object's class; its `luaTypeName` (LuaKit's `LuaObject`) is the type's name.
    ///   - summary: one line saying what the objects are.
    ///   - methods: the methods, bound to each park's context when the module is installed.
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
