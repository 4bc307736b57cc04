import Formats
public import LuaKit
import GeoKit
import ScreenModel

/// A park's configuration: `parks/defaults.lua` deep-merged with `parks/<CODE>/park.lua`.
///
/// The typed fields are checked when the park loads; `raw` is the whole merged table,
/// handed to flows as `ctx.park` (including settings such as `map` and `geofence` that
/// later modules read).
public struct ParkConfig: Sendable {
    /// The park's code, as its folder spells it (`GOGA`).
    public var code: String
    /// The park's name for people.
    public var name: String { settings.name }
    /// The state or region the park is in, as the configuration writes it.
    public var state: String { settings.state }
    /// IANA time zone of the park, for `ctx.time` (default `America/Los_Angeles`).
    public var timezone: String { settings.timezone }
    /// A short description of the park, if the configuration gives one.
    public var description: String? { settings.description }
    /// The park's website, if given.
    public var website: String? { settings.website }
    /// The park's phone number, if given.
    public var phone: String? { settings.phone }
    /// The park's address as lines, if given.
    public var address: [String]? { settings.address?.lines }
    /// Where the park's map centers by default.
    public var center: Center { settings.center }
    /// The map zoom that shows the park, 0-22.
    public var zoom: Double { settings.zoom }
    /// Flows switched on or off by name (see ``isEnabled(_:)``).
    public var flows: [String: Bool] { settings.flows }
    /// What the park asks of the script budgets; ``HostLimits`` may lower it, never raise it.
    public var budgets: Budgets { settings.budgets }
    /// Every setting, typed (what modules read).
    public let settings: ParkSettings
    /// The merged table as Lua sees it (`ctx.park`).
    public var raw: LuaValue
    /// The categories park.lua itself names in `sites.categories` (not defaults.lua): each
    /// must be one the park's sites have (``SettingWords``).
    package var parkCategoryNames: Set<String> = []

    /// A latitude and longitude in degrees.
    public typealias Center = ParkSettings.Center
    /// Instructions and memory a park's flows may use.
    public typealias Budgets = ParkSettings.Budgets

    /// Whether flow `name` is enabled (flows not listed are enabled).
    /// - Parameter name: a flow's registered name.
    public func isEnabled(_ name: String) -> Bool { flows[name] ?? true }
}

extension ParkConfig {
    /// Evaluates `parks/defaults.lua` and `parks/<code>/park.lua` in a Lua state of their
    /// own, under the default budgets, and merges them: what the park list needs.
    /// - Parameters:
    ///   - code: the park's code, as its folder spells it.
    ///   - root: the project.
    /// - Throws: ``FlowError`` naming the file at fault, as ``load(code:root:lua:)``, or
    ///   ``FlowError/script(_:)`` if no Lua state can be created.
    public static func load(code: String, root: ProjectRoot) throws(FlowError) -> ParkConfig {
        let lua: LuaState
        do { lua = try LuaState() } catch { throw .script(error) }
        lua.printHandler = TerminalText.writeError
        return try load(code: code, root: root, lua: lua)
    }

    /// Evaluates `parks/defaults.lua` and `parks/<code>/park.lua` in `lua` and merges them.
    /// Errors in these files are bad input (exit 2), not flow errors; every message names
    /// the file, even for failures Lua gives no place for (a value too large to copy out).
    /// - Parameters:
    ///   - code: the park's code, as its folder spells it.
    ///   - root: the project.
    ///   - lua: the state to evaluate the files in (the park's own, in a runtime).
    /// - Throws: ``FlowError/badContent(file:message:)`` for a missing file, a value too
    ///   large to copy out, or a wrong setting (named by its path, in the file that set it);
    ///   ``FlowError/invalidContent(_:)`` for a file that is not UTF-8 or fails to compile
    ///   or run.
    public static func load(code: String, root: ProjectRoot, lua: LuaState) throws(FlowError) -> ParkConfig {
        try make(
            code: code, defaults: try evaluate("parks/defaults.lua", root: root, lua: lua),
            park: try evaluate("parks/\(code)/park.lua", root: root, lua: lua), root: root)
    }

    /// What a configuration file returns, run in `lua`; errors name the file.
    package static func evaluate(_ file: String, root: ProjectRoot, lua: LuaState) throws(FlowError) -> LuaValue {
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

    /// Checks and builds the merged configuration.
    /// - Parameters:
    ///   - defaults: the value returned by `parks/defaults.lua`.
    ///   - park: the value returned by `parks/<code>/park.lua`.
    ///   - root: the project, to read the line of a bad setting from.
    /// - Throws: `FlowError.badContent` naming the file that set the bad field, its line, and its path.
    static func make(code: String, defaults: LuaValue, park: LuaValue, root: ProjectRoot) throws(FlowError) -> ParkConfig {
        let parkFile = "parks/\(code)/park.lua"
        guard case .table = park else {
            throw .badContent(file: parkFile, message: "must return a table, returned \(park.typeName)")
        }
        let merged = ConfigMerge.merge(defaults, park)
        var places = SettingPlaces(code: code, root: root)
        func fail(_ path: String, _ message: String) -> FlowError {
            // A required field nobody set is the park's to set.
            let parkSets = ConfigMerge.sets(park, fieldOf: path) || !ConfigMerge.sets(defaults, fieldOf: path)
            return .badContent(file: places.place(of: path, parkSets: parkSets), message: "\(path): \(message)")
        }
        // Every mistake at once: an author fixing park.lua should not meet them one by one.
        var problems: [FlowError] = []
        let reader = SettingReader(noun: "setting")
        let decoded: ParkSettings?
        do {
            decoded = try reader.read(ParkSettings.self, from: merged)
        } catch {
            decoded = nil
            problems.append(fail(error.path, error.message))
        }
        problems = reader.unknown.map { fail($0.path, $0.message) } + problems
        if let decoded { check(decoded) { path, message in problems.append(fail(path, message)) } }
        guard let shape = decoded, problems.isEmpty else { throw FlowError.combining(problems) }
        var config = ParkConfig(code: code, settings: shape, raw: merged)
        if case .table(let named) = park["sites"]["categories"] { config.parkCategoryNames = Set(named.sortedStringKeys) }
        return config
    }

    private static func check(_ s: ParkSettings, report: (String, String) -> Void) {
        if s.name.isBlank { report("name", "must not be empty") }
        // An unknown zone would silently become GMT in ctx.time and os.date.
        if let problem = TimeZoneName.problem(s.timezone) { report("timezone", problem) }
        if !(-90...90).contains(s.center.lat) { report("center.lat", "latitude \(s.center.lat) out of range [-90, 90]") }
        if !(-180...180).contains(s.center.lon) { report("center.lon", "longitude \(s.center.lon) out of range [-180, 180]") }
        if !(0...22).contains(s.zoom) { report("zoom", "\(s.zoom) out of range [0, 22]") }
        // Home turns these into a link and a call: a mistake here is content's, found at load.
        if let website = s.website, let problem = Action.urlProblem(website) { report("website", problem) }
        if let phone = s.phone, let problem = Action.phoneProblem(phone) { report("phone", problem) }
        for (key, color) in [("primary", s.theme.primary), ("accent", s.theme.accent), ("background", s.theme.background)]
        where !isHexColor(color) {
            report("theme.\(key)", "expected a color like \"#2E5E4E\", got \"\(color)\"")
        }
        for (p, page) in s.onboarding.pages.enumerated() {
            for (l, layer) in page.background.enumerated() {
                let path = "onboarding.pages[\(p + 1)].background[\(l + 1)]"
                for (name, v) in [("position.x", layer.position.x), ("position.y", layer.position.y), ("depth", layer.depth)]
                where !(0...1).contains(v) {
                    report("\(path).\(name)", "\(v) out of range [0, 1]")
                }
            }
        }
        if !(1...1_000_000_000).contains(s.budgets.instructions) {
            report("budgets.instructions", "\(s.budgets.instructions) out of range [1, 1000000000]")
        }
        if !(1...1024).contains(s.budgets.memory_mb) {
            report("budgets.memory_mb", "\(s.budgets.memory_mb) out of range [1, 1024]")
        }
        for (path, value, range) in [
            ("sites.nearby_limit", s.sites.nearby_limit, 1...Self.listLimit), ("home.highlights", s.home.highlights, 0...Self.listLimit),
            ("emergency.limit", s.emergency.limit, 1...Self.listLimit), ("ar.limit", s.ar.limit, 1...Self.listLimit),
        ] where !range.contains(value) {
            report(path, "\(value) out of range [\(range.lowerBound), \(range.upperBound)]")
        }
        for (name, entry) in s.sites.ranking.sorted(by: { $0.key < $1.key }) {
            let path = "sites.ranking.\(name)"
            if SiteCuration.fixedFields.contains(name) {
                report(path, "\(Excerpt.quoted(name)) is not a numeric property of a site; weigh `rating`, `fee` or another number in sites.geojson")
            }
            for (field, value) in [("weight", entry.weight), ("neutral", entry.neutral)] where !(value.isFinite && abs(value) < 1e9) {
                report("\(path).\(field)", "\(NumberText.message(value)) must be a finite number")
            }
        }
        checkModules(s, report: report)
    }

    /// The settings of the home screen and the native modules, checked by the rules the
    /// modules themselves apply, so `check` finds what a flow would trip over.
    private static func checkModules(_ s: ParkSettings, report: (String, String) -> Void) {
        // Section names are the home flow's words: it checks them (flows/home.lua), not Swift.
        for (i, section) in s.home.sections.enumerated() where section.isEmpty {
            report("home.sections[\(i + 1)]", "must not be empty")
        }
        for (i, link) in s.home.links.enumerated() where link.label.isEmpty || link.flow.isEmpty {
            report("home.links[\(i + 1)]", "needs a label and a flow")
        }
        var ids: Set<String> = []
        for (i, collection) in s.sites.collections.enumerated() where collection.id.isEmpty || !ids.insert(collection.id).inserted {
            report("sites.collections[\(i + 1)].id", collection.id.isEmpty ? "must not be empty" : "\(Excerpt.quoted(collection.id)) appears twice")
        }
        do { try s.map.cluster.options.validate() } catch { report("map.cluster", error.message) }
        let g = s.geofence
        if let problem = g.monitor.problem() { report("geofence", problem) }
        for (name, v) in [("radius", g.radius), ("callout_interval", g.callout_interval), ("site_callout_interval", g.site_callout_interval)]
        where !v.isFinite || v < 0 || (name == "radius" && v == 0) {
            report("geofence.\(name)", "\(v) must be a number \(name == "radius" ? "> 0" : "≥ 0")")
        }
        if !(s.ar.max_distance > 0 && s.ar.max_distance <= Self.farthestMetres) {
            report("ar.max_distance", "\(NumberText.message(s.ar.max_distance)) out of range (0, \(Int(Self.farthestMetres))] metres")
        }
        if !(s.ar.fov > 0 && s.ar.fov < 180) { report("ar.fov", "\(s.ar.fov) out of range (0, 180)") }
        if let problem = s.location.machine.problem() { report("location", problem) }
        if let problem = Action.phoneProblem(s.emergency.phone) { report("emergency.phone", problem) }
        for (i, category) in s.emergency.categories.enumerated() where category.isBlank {
            report("emergency.categories[\(i + 1)]", "must not be empty")
        }
    }

    /// The most items a list setting may ask for (nearby sites, highlights, AR labels).
    static let listLimit = 10_000
    /// The farthest a distance setting may reach: half the Earth's circumference.
    static let farthestMetres = 20_037_508.0

    private static func isHexColor(_ s: String) -> Bool {
        s.count == 7 && s.first == "#" && s.dropFirst().allSatisfy(\.isHexDigit)
    }
}
