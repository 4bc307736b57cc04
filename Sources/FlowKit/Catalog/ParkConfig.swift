import LuaKit
import ScreenModel

/// A park's configuration: `parks/defaults.lua` deep-merged with `parks/<CODE>/park.lua`.
///
/// The typed fields are checked when the park loads; `raw` is the whole merged table,
/// handed to flows as `ctx.park` (including settings such as `map` and `geofence` that
/// later modules read).
public struct ParkConfig: Sendable {
    public var code: String
    public var name: String
    public var state: String
    /// IANA time zone of the park, for `ctx.time` (default `America/Los_Angeles`).
    public var timezone: String
    public var description: String?
    public var website: String?
    public var phone: String?
    public var center: Center
    public var zoom: Double
    public var flows: [String: Bool]
    public var budgets: Budgets
    public var raw: LuaValue

    public struct Center: Decodable, Sendable { public var lat: Double; public var lon: Double }
    public struct Budgets: Decodable, Sendable {
        /// Instructions one flow run may execute (default 20,000,000).
        public var instructions: Int
        /// Memory cap of the park's Lua state in MiB (default 64).
        public var memory_mb: Int
    }

    /// Whether flow `name` is enabled (flows not listed are enabled).
    public func isEnabled(_ name: String) -> Bool { flows[name] ?? true }
}

extension ParkConfig {
    /// The fields every park configuration may have; anything else is a typo.
    static let knownFields: Set<String> = [
        "name", "state", "timezone", "description", "website", "phone", "center", "zoom", "theme",
        "onboarding", "home", "flows", "budgets", "sites", "map", "geofence", "ar",
    ]

    /// Shape of the typed part, decoded for its checks.
    private struct Shape: Decodable {
        var name: String
        var state: String
        var timezone: String
        var description: String?
        var website: String?
        var phone: String?
        var center: Center
        var zoom: Double
        var theme: [String: String]
        var onboarding: Onboarding
        var home: Home
        var flows: [String: Bool]
        var budgets: Budgets
        var sites: Sites

        struct Onboarding: Decodable { var pages: [Page] }
        struct Page: Decodable { var title: String; var body: String; var background: [Layer] }
        struct Layer: Decodable { var image: String; var position: Position; var depth: Double; var placeholder: String? }
        struct Position: Decodable { var x: Double; var y: Double }
        struct Home: Decodable { var sections: [String]; var highlights: Int }
        struct Sites: Decodable { var collections: [Collection]; var nearby_limit: Int }
        struct Collection: Decodable { var id: String; var title: String; var categories: [String] }
    }

    /// Evaluates `parks/defaults.lua` and `parks/<code>/park.lua` in a Lua state of their
    /// own, under the default budgets, and merges them: what the park list needs.
    /// - Throws: `FlowError` naming the file at fault, as ``load(code:root:lua:)``.
    public static func load(code: String, root: ProjectRoot) throws(FlowError) -> ParkConfig {
        let lua: LuaState
        do { lua = try LuaState() } catch { throw .script(error) }
        lua.printHandler = TerminalText.writeError
        return try load(code: code, root: root, lua: lua)
    }

    /// Evaluates `parks/defaults.lua` and `parks/<code>/park.lua` in `lua` and merges them.
    /// Errors in these files are bad input (exit 2), not flow errors; every message names
    /// the file, even for failures Lua gives no place for (a value too large to copy out).
    public static func load(code: String, root: ProjectRoot, lua: LuaState) throws(FlowError) -> ParkConfig {
        func evaluate(_ file: String) throws(FlowError) -> LuaValue {
            let source = try root.read(file)
            do {
                return try lua.run(source, chunkName: file).first ?? .nil
            } catch .conversion(let message) {
                throw .badContent(file: file, message: message)
            } catch {
                let message = error.description
                throw .invalidContent(message.hasPrefix(file + ":") ? message : "\(file): \(message)")
            }
        }
        return try make(code: code, defaults: try evaluate("parks/defaults.lua"), park: try evaluate("parks/\(code)/park.lua"))
    }

    /// Checks and builds the merged configuration.
    /// - Parameters:
    ///   - defaults: the value returned by `parks/defaults.lua`.
    ///   - park: the value returned by `parks/<code>/park.lua`.
    /// - Throws: `FlowError.badContent` naming the file that set the bad field and its path.
    static func make(code: String, defaults: LuaValue, park: LuaValue) throws(FlowError) -> ParkConfig {
        let parkFile = "parks/\(code)/park.lua"
        guard case .table(let parkTable) = park else {
            throw .badContent(file: parkFile, message: "must return a table, returned \(park.typeName)")
        }
        for key in parkTable.entries.keys {
            guard let name = key.stringValue else {
                throw .badContent(file: parkFile, message: "settings are named fields; found key \(key)")
            }
            guard knownFields.contains(name) else {
                throw .badContent(file: parkFile, message: "unknown setting \(Excerpt.quoted(name)); known: \(knownFields.sorted().joined(separator: ", "))")
            }
        }
        let merged = ConfigMerge.merge(defaults, park)
        func fail(_ path: String, _ message: String) -> FlowError {
            // A required field nobody set is the park's to set.
            let parkSets = ConfigMerge.sets(park, fieldOf: path) || !ConfigMerge.sets(defaults, fieldOf: path)
            let file = parkSets ? parkFile : "parks/defaults.lua"
            return .badContent(file: file, message: "\(path): \(message)")
        }
        let shape: Shape
        do {
            shape = try LuaValueDecoder().decode(Shape.self, from: merged)
        } catch {
            let located = LuaDecodingError.describe(error)
            throw fail(located.path, located.message)
        }
        try check(shape, fail: fail)
        return ParkConfig(code: code, name: shape.name, state: shape.state, timezone: shape.timezone,
                          description: shape.description, website: shape.website, phone: shape.phone,
                          center: shape.center, zoom: shape.zoom, flows: shape.flows, budgets: shape.budgets, raw: merged)
    }

    private static func check(_ s: Shape, fail: (String, String) -> FlowError) throws(FlowError) {
        if s.name.trimmingCharacters(in: .whitespaces).isEmpty { throw fail("name", "must not be empty") }
        guard (-90...90).contains(s.center.lat) else { throw fail("center.lat", "latitude \(s.center.lat) out of range [-90, 90]") }
        guard (-180...180).contains(s.center.lon) else { throw fail("center.lon", "longitude \(s.center.lon) out of range [-180, 180]") }
        guard (0...22).contains(s.zoom) else { throw fail("zoom", "\(s.zoom) out of range [0, 22]") }
        for (key, colour) in s.theme.sorted(by: { $0.key < $1.key }) where !isHexColour(colour) {
            throw fail("theme.\(key)", "expected a colour like \"#2E5E4E\", got \"\(colour)\"")
        }
        for (p, page) in s.onboarding.pages.enumerated() {
            for (l, layer) in page.background.enumerated() {
                let path = "onboarding.pages[\(p)].background[\(l)]"
                for (name, v) in [("position.x", layer.position.x), ("position.y", layer.position.y), ("depth", layer.depth)]
                    where !(0...1).contains(v) {
                    throw fail("\(path).\(name)", "\(v) out of range [0, 1]")
                }
            }
        }
        guard (1...1_000_000_000).contains(s.budgets.instructions) else {
            throw fail("budgets.instructions", "\(s.budgets.instructions) out of range [1, 1000000000]")
        }
        guard (1...1024).contains(s.budgets.memory_mb) else {
            throw fail("budgets.memory_mb", "\(s.budgets.memory_mb) out of range [1, 1024]")
        }
        guard s.sites.nearby_limit > 0 else { throw fail("sites.nearby_limit", "must be positive") }
    }

    private static func isHexColour(_ s: String) -> Bool {
        s.count == 7 && s.first == "#" && s.dropFirst().allSatisfy(\.isHexDigit)
    }
}

import Foundation
