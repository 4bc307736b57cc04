import FlowKit
import FlowStore
import Foundation

/// `flowbench store`: the visitor's store from Lua, on a real database file in release.
/// Warm figures run in one runtime on one opened store: each run calls one operation n
/// times from a flow, and its time less an empty loop's (the run before it) over n is that
/// run's time per operation; the report gives the median of the runs. Listing reads 10,000
/// favorites into Lua. Cold figures spawn flowrun, with and without a store read.
struct StoreBench {
    /// The bench flow: `op` n times (an act run for writes), then a tiny screen.
    static let flow = """
        local ids, names
        flow.register("storebench", function(ctx)
          if not ids then ids = {} for i, s in ipairs(ctx.sites) do ids[i] = s.id end end
          local op, n, count = ctx.args.op, tonumber(ctx.args.n), 0
          if op == "is_favorite" then for i = 1, n do if store.is_favorite(ids[i % #ids + 1]) then count = count + 1 end end
          elseif op == "get" then for i = 1, n do if store.get("map.center") then count = count + 1 end end
          elseif op == "favorites10" then for i = 1, n do count = count + #store.favorites{limit = 10} end
          elseif op == "set" then for i = 1, n do store.set("bench." .. (i % 50), i) end
          elseif op == "toggle" then
            for i = 1, n do
              local id = ids[(i >> 1) % #ids + 1]
              if i % 2 == 1 then store.add_favorite(id) else store.remove_favorite(id) end
            end
          elseif op == "add_pin" then for i = 1, n do store.add_pin{lat = 37.8, lon = -122.4, title = "p"} end
          elseif op == "list" then count = #store.favorites()
          elseif op == "collect" then collectgarbage()
          elseif op == "build" then
            if not names then names = {} for i = 1, 10000 do names[i] = "bench:" .. i end end
            local list, added = {}, "2026-07-04T16:30:00Z"
            for i = 1, 10000 do list[i] = { site = names[i], added = added } end
            count = #list
          else for i = 1, n do count = count + 1 end end
          return { title = "ok " .. count, sections = {} }
        end)
        """

    /// A home that reads the store: the default home with a card counting favorites.
    static let homeWithStore = """
        flow.register("home", function(ctx, super)
          local screen = super(ctx)
          local recent = store.favorites{limit = 5}
          table.insert(screen.sections, 1, { type = "text", text = #recent .. " recent favorites" })
          return screen
        end)
        """

    struct Operation {
        var label: String
        var op: String
        var acting: Bool
        var n: Int
    }

    static let operations = [
        Operation(label: "store.is_favorite(site)", op: "is_favorite", acting: false, n: 2_000),
        Operation(label: "store.get(key) of a table", op: "get", acting: false, n: 2_000),
        Operation(label: "store.favorites{limit = 10}", op: "favorites10", acting: false, n: 500),
        Operation(label: "store.set(key, n) (write)", op: "set", acting: true, n: 2_000),
        Operation(label: "store.add_favorite / remove_favorite (write)", op: "toggle", acting: true, n: 2_000),
        Operation(label: "store.add_pin{...} (write)", op: "add_pin", acting: true, n: 500),
    ]

    struct Result {
        var perOperation: [(Operation, Samples)]  // µs per operation, one sample per run
        var list: Samples  // ms to list 10,000 favorites into Lua, heap collected before
        var listBackToBack: Samples  // the same, listings back to back
        var listReference: Samples  // ms: plain Lua building the same tables (heap collected before)
        var actRun: Samples  // ms: an act run with one write, commit included
        var cold: [ColdRunBench.Figure]
        var listed: Int
    }

    let root: String
    let flowrun: String
    let runs: Int
    let spawns: Int

    func run() throws -> Result {
        let staged = try StagedProject(root: root, park: "GOGA", flowFile: "storebench.lua", source: Self.flow)
        defer { staged.remove() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowbench-store-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The profile of 10,000 favorites first, then the spawns, while this process is small
        // (a child's peak RSS starts at its parent's); the in-process figures after.
        let listing = SQLiteVisitorStore(profile: Profile(path: folder.appendingPathComponent("list").path))
        try listing.begin(writing: true)
        for i in 1...10_000 { _ = try listing.addFavorite("bench:\(i)", park: "GOGA", at: "2026-07-04T16:30:00Z") }
        try listing.commit()
        progress("store: spawning flowrun \(spawns + 2) times per command")
        let withStore = try StagedProject(root: root, park: "GOGA", flowFile: "zz-store-home.lua", source: Self.homeWithStore)
        defer { withStore.remove() }
        let profile = folder.appendingPathComponent("list").path
        let cold = [
            try ColdRunBench.spawnFigure(
                "flowrun --park GOGA home (no store call)", flowrun,
                ["--root", root, "--park", "GOGA", "home", "--profile", profile], spawns: spawns, warmups: 2),
            try ColdRunBench.spawnFigure(
                "home + store.favorites{limit = 5}, 10,000 favorites in the profile", flowrun,
                ["--root", withStore.path, "--park", "GOGA", "home", "--profile", profile], spawns: spawns, warmups: 2),
            try ColdRunBench.spawnFigure(
                "the same, a profile without a database", flowrun,
                ["--root", withStore.path, "--park", "GOGA", "home", "--profile", folder.appendingPathComponent("none").path],
                spawns: spawns, warmups: 2),
        ]
        var limits = StoreLimits()
        limits.pins = 10_000_000
        let store = SQLiteVisitorStore(profile: Profile(path: folder.appendingPathComponent("warm").path), limits: limits)
        let runtime = try FlowRuntime(root: ProjectRoot(path: staged.path), park: "GOGA", store: store)
        func time(_ op: String, n: Int, acting: Bool = false) throws -> Double {
            var request = FlowRequest(flow: "storebench", args: ["op": op, "n": String(n)])
            request.acting = acting
            return try MonotonicClock.measure { () throws(FlowError) in try runtime.run(request) }.nanoseconds
        }
        _ = try time("set", n: 1, acting: true)  // opens and migrates the database
        progress("store: warm operations, \(runs) runs each")
        var perOperation: [(Operation, Samples)] = []
        for operation in Self.operations {
            _ = try time(operation.op, n: operation.n, acting: operation.acting)  // warm-up
            var samples = Samples()
            for _ in 0..<runs {
                let empty = try time("empty", n: operation.n, acting: operation.acting)
                let full = try time(operation.op, n: operation.n, acting: operation.acting)
                samples.add((full - empty) / Double(operation.n) / 1e3)
            }
            perOperation.append((operation, samples))
        }
        var actRun = Samples()
        for _ in 0..<runs { actRun.add(try time("set", n: 1, acting: true) / 1e6) }

        progress("store: listing 10,000 favorites")
        let lister = try FlowRuntime(root: ProjectRoot(path: staged.path), park: "GOGA", store: listing)
        func list(_ op: String) throws -> (ms: Double, title: String) {
            let (screen, ns) = try MonotonicClock.measure { () throws(FlowError) in try lister.run(FlowRequest(flow: "storebench", args: ["op": op, "n": "1"]))
            }
            return (ns / 1e6, screen.title)
        }
        _ = try list("list")
        // Each listing less an empty run just before it; first with the heap collected before
        // each of the two (the listing and the collection of its own garbage as it goes), then
        // back to back (each also sweeps the previous listing's 10,000 tables).
        // The reference, interleaved: Lua itself building the same 10,000 tables from strings
        // it holds, which shows how fast the (shared) machine is at the time.
        var collected = Samples(), backToBack = Samples(), reference = Samples(), count = 0
        _ = try list("build")
        for _ in 0..<runs {
            _ = try list("collect")
            let empty = try list("empty").ms
            _ = try list("collect")
            let (ms, title) = try list("list")
            collected.add(ms - empty)
            count = Int(title.dropFirst(3)) ?? 0
            _ = try list("collect")
            reference.add(try list("build").ms - empty)
        }
        for _ in 0..<runs {
            let empty = try list("empty").ms
            backToBack.add(try list("list").ms - empty)
        }

        return Result(
            perOperation: perOperation, list: collected, listBackToBack: backToBack, listReference: reference, actRun: actRun, cold: cold, listed: count)
    }
}
