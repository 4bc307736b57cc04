import FlowKit
import FlowStore
import Testing

/// `store`'s favorites and visits from Lua, on a real database file.
@Suite struct FavoritesTests {
    @Test func addListAndRemoveInActRuns() throws {
        let f = try StoreFixture()
        #expect(f.act("return tostring(store.add_favorite('\(alcatraz)'))").title == "true")
        #expect(f.act("return tostring(store.add_favorite('\(cellhouse)'))").title == "true")
        // Idempotent: a second add keeps the first, and says so.
        #expect(f.act("return tostring(store.add_favorite('\(alcatraz)'))").title == "false")
        let list =
            "local t = {} for _, x in ipairs(store.favorites()) do t[#t + 1] = x.site .. '@' .. x.added .. '@' .. tostring(x.park) end return table.concat(t, ' ')"
        // Same time (the fixed clock): the one added last comes first. One park's rows carry no park.
        #expect(f.run(list).title == "\(cellhouse)@\(fixedStamp)@nil \(alcatraz)@\(fixedStamp)@nil")
        #expect(f.run("return tostring(store.is_favorite('\(cellhouse)'))").title == "true")
        #expect(f.act("return tostring(store.remove_favorite('\(cellhouse)'))").title == "true")
        #expect(f.act("return tostring(store.remove_favorite('\(cellhouse)'))").title == "false")
        #expect(f.run(list).title == "\(alcatraz)@\(fixedStamp)@nil")
        #expect(f.run("return #store.favorites{limit = 0}").title == "0")
    }

    @Test func aViewRunReadsButCannotWrite() throws {
        let f = try StoreFixture()
        #expect(f.run("return #store.favorites() .. ' ' .. tostring(ctx.acting)").title == "0 false")
        for call in [
            "store.add_favorite('\(alcatraz)')", "store.remove_favorite('\(alcatraz)')", "store.mark_visited('\(alcatraz)')",
            "store.add_pin{lat = 37.8, lon = -122.4}", "store.remove_pin(1)", "store.add_photo(1, 'a.jpg')", "store.set('k', 1)",
        ] {
            let name = String(call.prefix { $0 != "(" && $0 != "{" })
            #expect(f.run(call).firstLine == "probe:1: \(name): the store is read-only in a view run; change it from an act action")
        }
        #expect(f.act("return tostring(ctx.acting)").title == "true")
        #expect(!f.profile.hasDatabase || f.run("return #store.favorites()").title == "0")
    }

    @Test func anUnknownSiteIsNamedWithAGuess() throws {
        let f = try StoreFixture()
        let result = f.act("store.add_favorite('nps-poi:goga:00005')")
        #expect(
            result.firstLine
                == "probe:1: store.add_favorite: unknown site 'nps-poi:goga:00005' in park GOGA (site ids are ctx.sites[i].id); did you mean 'nps-poi:goga:0005'?"
        )
        #expect(f.act("store.mark_visited('x')").firstLine?.hasPrefix("probe:1: store.mark_visited: unknown site 'x' in park GOGA") == true)
        // A flow that catches the mistake goes on, and what else it wrote is kept.
        #expect(f.act("local ok = pcall(store.add_favorite, 'nope') store.add_favorite('\(alcatraz)') return tostring(ok)").title == "false")
        #expect(f.run("return store.favorites()[1].site").title == alcatraz)
    }

    @Test func dataIsPerParkAndReadAcrossParksOnPurpose() throws {
        let f = try StoreFixture()
        _ = f.act("store.add_favorite('\(alcatraz)')")
        let yellSite = try #require(f.run("return ctx.sites[1].id", park: "YELL").title)
        _ = f.act("store.add_favorite('\(yellSite)')", park: "YELL")
        #expect(f.run("return #store.favorites()", park: "YELL").title == "1")
        #expect(f.run("return tostring(store.is_favorite('\(alcatraz)'))", park: "YELL").title == "false")
        let all = "local t = {} for _, x in ipairs(store.favorites{park = '*'}) do t[#t + 1] = x.park end table.sort(t) return table.concat(t, ',')"
        #expect(f.run(all, park: "YELL").title == "GOGA,YELL")
        #expect(f.run("return store.favorites{park = 'GOGA'}[1].site", park: "YELL").title == alcatraz)
        // A park's site ids are checked against that park: GOGA's id is unknown in YELL.
        #expect(f.act("store.add_favorite('\(alcatraz)')", park: "YELL").firstLine?.contains("unknown site '\(alcatraz)' in park YELL") == true)
    }

    @Test func listOptionsAreChecked() throws {
        let f = try StoreFixture()
        #expect(f.run("store.favorites{parks = '*'}").firstLine == "probe:1: bad argument #1 to 'favorites' (unknown option 'parks'; options: park, limit)")
        #expect(f.run("store.visited{limit = -1}").firstLine == "probe:1: bad argument #1 to 'visited' (limit: expected a whole number ≥ 0, got -1)")
        #expect(f.run("store.pins{park = 4}").firstLine == "probe:1: bad argument #1 to 'pins' (park: expected a park code or \"*\", got number)")
    }

    @Test func visitsKeepTheLatestTime() throws {
        let f = try StoreFixture()
        #expect(f.act("return tostring(store.mark_visited('\(alcatraz)'))").title == "true")
        #expect(f.act("return tostring(store.mark_visited('\(cellhouse)'))").title == "true")
        #expect(f.act("return tostring(store.mark_visited('\(alcatraz)'))").title == "false")
        let list = "local t = {} for _, x in ipairs(store.visited()) do t[#t + 1] = x.site .. '@' .. x.at end return table.concat(t, ' ')"
        #expect(f.run(list).title == "\(cellhouse)@\(fixedStamp) \(alcatraz)@\(fixedStamp)")
    }

    @Test func storeCallsOutsideARunAreRefused() throws {
        let project = try StoreFixture.project(adding: ["flows/early.lua": "store.favorites()\nflow.register('early', function() end)\n"])
        let runtime = try FlowRuntime(root: project, park: "GOGA", time: fixedTime)
        let failure = try #require(runtime.loadFailures.first { $0.file == "flows/early.lua" })
        #expect("\(failure)".contains("flows/early.lua:1: store.favorites: the store is there only while a flow runs (not at a flow file's top level)"))
    }
}
