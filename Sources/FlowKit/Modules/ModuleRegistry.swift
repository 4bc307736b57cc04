import LuaKit

/// The native modules a runtime installs: the built-in ones, then those an app registers.
///
/// Registration checks what would otherwise break a flow silently: a name that is not a Lua
/// name, one registered twice, or one that would hide a global every flow relies on
/// (`string`, `print`, `flow`). Each is an error here, before any park is loaded.
///
/// ```swift
/// var modules = ModuleRegistry()
/// try modules.register(WeatherModule())
/// let runtime = try FlowRuntime(root: root, park: "YOSE", modules: modules)
/// ```
public struct ModuleRegistry: Sendable {
    /// The runtime's own modules, in the order they are installed. Adding one is one line here.
    public static let builtIn: [any NativeModule] = [
        GeoModule(),
        MapModule(),
        ClusterModule(),
        CatalogModule(),
        GeofenceModule(),
        ARModule(),
        StoreModule(),
        BeaconsModule(),
        PartyModule(),
    ]

    /// Every module, built-in first, then the app's in the order registered.
    public private(set) var modules: [any NativeModule]

    /// The built-in modules only.
    public init() {
        modules = Self.builtIn
    }

    /// Adds an app's module after those already registered.
    /// - Parameter module: the module; its name becomes a global table in every flow.
    /// - Throws: ``ModuleRegistrationError`` when the name is not a Lua name, is a Lua keyword,
    ///   is taken by a module or by a global of the flow sandbox, or when two of its functions or
    ///   types share a name.
    public mutating func register(_ module: any NativeModule) throws(ModuleRegistrationError) {
        let name = module.name
        guard Self.isLuaName(name) else {
            throw ModuleRegistrationError(module: name, message: "is not a Lua name (letters, digits and _, not starting with a digit)")
        }
        if Self.luaKeywords.contains(name) { throw ModuleRegistrationError(module: name, message: "is a Lua keyword") }
        if modules.contains(where: { $0.name == name }) {
            throw ModuleRegistrationError(module: name, message: "is registered already; a module's name is a global table, so it must be unique")
        }
        if Self.sandboxGlobals.contains(name) {
            throw ModuleRegistrationError(module: name, message: "would hide the flow sandbox's global '\(name)'; every flow relies on it")
        }
        var seen = Set<String>()
        for function in module.functions {
            guard Self.isLuaName(function.name) else {
                throw ModuleRegistrationError(module: name, message: "function '\(function.name)' is not a Lua name")
            }
            guard seen.insert(function.name).inserted else {
                throw ModuleRegistrationError(module: name, message: "function '\(function.name)' is declared twice")
            }
        }
        let taken = Set(modules.flatMap { $0.types.map(\.name) })
        for type in module.types where taken.contains(type.name) {
            throw ModuleRegistrationError(module: name, message: "type '\(type.name)' is another module's")
        }
        modules.append(module)
    }

    /// Installs every module into a park's Lua state, in order.
    func install(into lua: LuaState, context: ModuleContext) {
        for module in modules { module.install(into: lua, context: context) }
    }

    static func isLuaName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return name.utf8.allSatisfy { c in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "_")
        }
    }

    static let luaKeywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local", "nil", "not", "or",
        "repeat", "return", "then", "true", "until", "while",
    ]

    /// The globals of a flow's sandbox before any module is installed (`string`, `print`,
    /// `require`, `flow`, ...), read off a real one once: what a module may not replace.
    /// `_ENV` is no global but names every chunk's environment, so it is refused too.
    static let sandboxGlobals: Set<String> = {
        var names: Set<String> = ["_ENV"]
        guard let lua = try? LuaState() else { return names }
        FlowLoader().install(into: lua)
        let lister = "local t = {} for k in pairs(_G) do t[#t + 1] = tostring(k) end return table.concat(t, ' ')"
        if case .string(let listing)? = try? lua.run(lister, chunkName: "=globals").first {
            for name in listing.split(separator: " ") { names.insert(String(name)) }
        }
        return names
    }()
}

/// A native module the registry refused, and why.
public struct ModuleRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The module's name as it gave it.
    public var module: String
    /// What is wrong, after the name (`is registered already; ...`).
    public var message: String

    public var description: String { "native module '\(module)': \(message)" }
}
