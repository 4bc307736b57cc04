import FlowKit
import FlowStore
import Foundation
import Testing

/// The repository root (holds flows/ and parks/).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// 2026-07-04 09:30 in San Francisco, 16:30 UTC: what rows written by the fixture's runs say.
let fixedTime = Date(timeIntervalSince1970: 1_783_182_600)
let fixedStamp = "2026-07-04T16:30:00Z"

/// A profile in a temporary folder, and the repository's parks with a `probe` flow that runs
/// the Lua chunk given as its `code` arg: the screen's title is what the chunk returns
/// (`tostring`), or the chunk's table when it returns one (a screen, valid or not).
final class StoreFixture {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-store-\(UUID().uuidString)")
    var profile: Profile { Profile(path: folder.appendingPathComponent("profile").path) }
    let project: ProjectRoot

    static let probe = """
        local ui = require("lib.ui")
        flow.register("probe", function(ctx)
          local env = setmetatable({ ctx = ctx }, { __index = _ENV })
          local result = assert(load(ctx.args.code, "=probe", "t", env))()
          if type(result) == "table" then return result end
          return ui.screen(tostring(result), {})
        end)
        """

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        project = try Self.project()
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// The repository's flows and parks, with the probe flow; read once.
    nonisolated(unsafe) private static var loaded: [String: [UInt8]]?
    private static let lock = NSLock()
    static var files: [String: [UInt8]] {
        get throws {
            lock.lock()
            defer { lock.unlock() }
            if let loaded { return loaded }
            var files: [String: [UInt8]] = ["flows/probe.lua": Array(probe.utf8)]
            for top in ["flows", "parks"] {
                let base = repositoryRoot.appendingPathComponent(top)
                guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
                for case let path as String in walker where !path.contains("/tests/") && (path.hasSuffix(".lua") || path.hasSuffix(".geojson")) {
                    files["\(top)/\(path)"] = Array(try Data(contentsOf: base.appendingPathComponent(path)))
                }
            }
            loaded = files
            return files
        }
    }

    /// The project in memory, with `extra` files added.
    static func project(adding extra: [String: String] = [:]) throws -> ProjectRoot {
        ProjectRoot(files: try files.merging(extra.mapValues { Array($0.utf8) }) { $1 }, origin: repositoryRoot)
    }

    /// A store on the fixture's profile.
    func store(limits: StoreLimits = StoreLimits(), busyTimeout: Double = 5) -> SQLiteVisitorStore {
        SQLiteVisitorStore(profile: profile, busyTimeout: busyTimeout, limits: limits)
    }

    /// Runs `code` as the probe flow of `park` on `store` (default: a new store on the
    /// profile, as a new process would): the screen's title, or the error.
    func run(
        _ code: String, park: String = "GOGA", acting: Bool = false, store: (any VisitorStore)? = nil,
        limits: StoreLimits = StoreLimits()
    ) -> Result<String, FlowError> {
        do {
            let runtime = try FlowRuntime(root: project, park: park, time: fixedTime, store: store ?? self.store(limits: limits))
            var request = FlowRequest(flow: "probe", args: ["code": code])
            request.acting = acting
            return .success(try runtime.run(request).title)
        } catch let error as FlowError {
            return .failure(error)
        } catch {
            return .failure(.badArgument(name: "fixture", message: "\(error)"))
        }
    }

    /// Puts one row in every table: a favorite, a visit, a pin with a photo, a setting.
    /// - Returns: the act's title, `ok` when it worked.
    func fillEveryTable() -> String? {
        act(
            """
            store.add_favorite('\(alcatraz)') store.mark_visited('\(cellhouse)')
            local id = store.add_pin{lat = 37.8, lon = -122.4, title = 'Spot'} store.add_photo(id, 'a.jpg')
            store.set('map.center', {lat = 37.8, zoom = 12}) return 'ok'
            """
        ).title
    }

    /// `run` in an act run.
    func act(_ code: String, park: String = "GOGA", store: (any VisitorStore)? = nil, limits: StoreLimits = StoreLimits()) -> Result<String, FlowError> {
        run(code, park: park, acting: true, store: store, limits: limits)
    }
}

extension Result where Success == String, Failure == FlowError {
    /// The title, or nil.
    var title: String? { try? get() }
    /// The error's message, or nil.
    var message: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
    /// The error's message up to its traceback.
    var firstLine: String? { message.map { String($0.split(separator: "\n").first ?? "") } }
}

/// GOGA's first sites, as their ids.
let alcatraz = "nps-poi:goga:0005", cellhouse = "nps-poi:goga:0006", aquaticPark = "nps-poi:goga:0016"
