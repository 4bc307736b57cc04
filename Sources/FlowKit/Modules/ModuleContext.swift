public import GeoKit
public import LuaKit

/// What a module may use of the park it serves. Content loads lazily, once per runtime.
public final class ModuleContext {
    /// The park's configuration, with every setting typed (``ParkConfig/settings``).
    public let park: ParkConfig
    /// The park's Lua state, e.g. for `defineType`. Unowned: the state owns the closures
    /// that hold this context, and a strong reference would keep it from ever closing.
    unowned let lua: LuaState
    let content: ParkContent

    init(park: ParkConfig, lua: LuaState, content: ParkContent) {
        self.park = park
        self.lua = lua
        self.content = content
    }

    /// The park's sites (empty when it has no `sites.geojson`), read on first use.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and feature at fault.
    public func sites() throws(FlowError) -> [Site] { try noting { () throws(FlowError) in try content.sites() } }
    /// The park's boundary, if it has one, read on first use.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and feature at fault.
    public func boundary() throws(FlowError) -> Boundary? { try noting { () throws(FlowError) in try content.boundary() } }
    /// The park's exhibits (nil when it has no `exhibits.geojson`), read on first use.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file, feature and field at fault.
    public func exhibits() throws(FlowError) -> ExhibitCatalog? { try noting { () throws(FlowError) in try content.exhibits() } }

    /// The content error the run in progress met: a broken content file is bad input
    /// (exit 2) even when a module's first use of it is what fails, so the runtime reports
    /// it instead of the Lua error the module raised (reset by ``FlowRuntime/run(_:)``).
    var contentError: FlowError?

    /// A content file found wrong by a module's own check (a boundary ring that crosses
    /// itself): kept as ``contentError`` (exit 2), and raised in Lua as its message.
    /// - Parameter message: the message, naming the file.
    func contentFault(_ message: String) -> LuaCallError {
        contentError = .invalidContent(message)
        return LuaCallError(message)
    }

    func noting<T>(_ read: () throws(FlowError) -> T) throws(FlowError) -> T {
        do { return try read() } catch {
            contentError = error
            throw error
        }
    }

    /// The scan log the run in progress replays (`--beacons`), up to its `--at-time`; set by
    /// ``FlowRuntime/run(_:)`` for the run's length.
    var scanReplay: (log: ScanLog, until: Double?)?

    private var cache: [String: AnyObject] = [:]

    /// `ctx.sites` (``pushSites(_:)``), made by the first run that reads it.
    var siteList: LuaTableRef?

    /// The run in progress, for `store`: its transaction and whether it may write (set by
    /// ``FlowRuntime/run(_:)`` for the run's length; nil between runs).
    var storeRun: StoreRun?

    /// The run's party (`--party FILE`), with its viewer and the zones changed during the run
    /// (set by ``FlowRuntime/run(_:)`` for the run's length; nil without a party).
    var partySession: PartySession?

    /// Whether ``cached(_:make:)`` has built the object under `key` already (a function
    /// that builds it charges the budget only when it does).
    /// - Parameter key: the object's key.
    public func isCached(_ key: String) -> Bool { cache[key] != nil }

    /// An object built once per runtime and reused by every flow (the sites' cluster index).
    /// - Parameters:
    ///   - key: the object's key; one key holds one type of object.
    ///   - make: builds the object when none of type `T` is cached under `key`.
    /// - Returns: the cached object, or the one `make` built, now cached.
    /// - Throws: what `make` throws; nothing is cached then.
    public func cached<T: AnyObject>(_ key: String, make: () throws -> T) rethrows -> T {
        if let hit = cache[key] as? T { return hit }
        let made = try make()
        cache[key] = made
        return made
    }
}
