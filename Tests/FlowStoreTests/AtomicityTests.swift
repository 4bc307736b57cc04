import FlowKit
import FlowStore
import Foundation
import Testing

/// One transaction per run: an act run's writes commit together when the flow returns a
/// valid screen, and none is kept when it fails; quotas stop a script from growing the store.
@Suite struct AtomicityTests {
    private let count = "return #store.favorites() .. ' ' .. #store.pins() .. ' ' .. tostring(store.get('k'))"

    @Test func anActRunsWritesCommitTogether() throws {
        let f = try StoreFixture()
        #expect(f.act("store.add_favorite('\(alcatraz)') store.add_pin{lat = 1, lon = 2} store.set('k', 1) return 'ok'").title == "ok")
        #expect(f.run(count).title == "1 1 1")
    }

    @Test func aFlowThatErrorsAfterWritingLeavesNothingWritten() throws {
        let f = try StoreFixture()
        let result = f.act("store.add_favorite('\(alcatraz)') store.add_pin{lat = 1, lon = 2} store.set('k', 1) error('boom')")
        #expect(result.firstLine == "probe:1: boom")
        #expect(f.run(count).title == "0 0 nil")
    }

    @Test func anInvalidScreenRollsBackToo() throws {
        let f = try StoreFixture()
        let result = f.act("store.add_favorite('\(alcatraz)') return {title = 'x', sections = {{type = 'txt'}}}")
        guard case .failure(.invalidScreen) = result else {
            Issue.record("expected an invalid screen, got \(result)")
            return
        }
        #expect(f.run(count).title == "0 0 nil")
    }

    @Test func aBudgetErrorRollsBack() throws {
        let f = try StoreFixture()
        let result = f.act("store.add_favorite('\(alcatraz)') while true do end")
        #expect(result.firstLine?.contains("instruction budget") == true)
        #expect(f.run(count).title == "0 0 nil")
    }

    @Test func oneRuntimeKeepsCommittingRunAfterRun() throws {
        let f = try StoreFixture()
        let store = f.store()
        let runtime = try FlowRuntime(root: f.project, park: "GOGA", time: fixedTime, store: store)
        for site in [alcatraz, cellhouse] {
            var request = FlowRequest(flow: "probe", args: ["code": "store.add_favorite('\(site)') return 'ok'"])
            request.acting = true
            _ = try runtime.run(request)
        }
        var failing = FlowRequest(flow: "probe", args: ["code": "store.add_favorite('\(aquaticPark)') error('no')"])
        failing.acting = true
        #expect(throws: FlowError.self) { try runtime.run(failing) }
        #expect(try runtime.run(FlowRequest(flow: "probe", args: ["code": "return #store.favorites()"])).title == "2")
    }

    @Test func quotasNameTheLimit() throws {
        let f = try StoreFixture()
        var limits = StoreLimits()
        (limits.favorites, limits.pins, limits.settings, limits.visited) = (2, 1, 1, 1)
        #expect(f.act("store.add_favorite('\(alcatraz)') store.add_favorite('\(cellhouse)') return 'ok'", limits: limits).title == "ok")
        #expect(
            f.act("store.add_favorite('\(aquaticPark)')", limits: limits).firstLine
                == "probe:1: store.add_favorite: the park has 2 favorites, the most a park keeps (StoreLimits.favorites); remove one first")
        // At the limit, adding one it has is no new row.
        #expect(f.act("return tostring(store.add_favorite('\(alcatraz)'))", limits: limits).title == "false")
        #expect(f.act("store.remove_favorite('\(alcatraz)') store.add_favorite('\(aquaticPark)') return 'ok'", limits: limits).title == "ok")
        // Counted within one run too.
        #expect(
            f.act("store.add_pin{lat = 1, lon = 1} store.add_pin{lat = 1, lon = 1}", limits: limits).firstLine
                == "probe:1: store.add_pin: the park has 1 pins, the most a park keeps (StoreLimits.pins); remove one first")
        #expect(
            f.act("store.set('a', 1) store.set('a', 2) store.set('b', 1)", limits: limits).firstLine
                == "probe:1: store.set: the park has 1 settings, the most a park keeps (StoreLimits.settings)")
        #expect(
            f.act("store.mark_visited('\(alcatraz)') store.mark_visited('\(alcatraz)') store.mark_visited('\(cellhouse)')", limits: limits).firstLine
                == "probe:1: store.mark_visited: the park has 1 visited sites, the most a park keeps (StoreLimits.visited)")
        // Quotas are per park.
        let yellSite = try #require(f.run("return ctx.sites[1].id", park: "YELL").title)
        #expect(f.act("store.add_favorite('\(yellSite)') return 'ok'", park: "YELL", limits: limits).title == "ok")
    }

    @Test func theMemoryStoreBehavesTheSame() throws {
        let f = try StoreFixture()
        let store = MemoryVisitorStore()
        let runtime = try FlowRuntime(root: f.project, park: "GOGA", time: fixedTime, store: store)
        func run(_ code: String, acting: Bool = false) throws -> String {
            var request = FlowRequest(flow: "probe", args: ["code": code])
            request.acting = acting
            return try runtime.run(request).title
        }
        #expect(
            try run("store.add_favorite('\(alcatraz)') store.add_favorite('\(cellhouse)') store.add_pin{lat = 1, lon = 2} return 'ok'", acting: true) == "ok")
        #expect(throws: FlowError.self) { try run("store.add_favorite('\(aquaticPark)') error('x')", acting: true) }
        #expect(try run("local f = store.favorites() return #f .. f[1].site .. #store.pins()") == "2\(cellhouse)1")
    }
}
