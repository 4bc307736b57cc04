import Testing
@testable import FlowKit

/// The batch forms (issue 32): `cluster.index` from records, columns or `ctx.sites`,
/// `geo.inverse` over lists and `mon:feed_many` give what the one-at-a-time forms give, and
/// bad input is a Lua error naming the argument and the item.
@Suite struct BatchFormsTests {
    func probe(_ body: String, park: String = "GOGA") throws -> (title: String?, error: FlowError?) {
        try probeFlow(body, park: park)
    }

    /// What the three ways of giving points index: the same clusters at every zoom.
    @Test func clusterIndexFromRecordsColumnsAndSitesAgree() throws {
        let result = try probe(
            """
            local records, lat, lon, ids, cats = {}, {}, {}, {}, {}
            for i, s in ipairs(ctx.sites) do
              records[i] = { lat = s.lat, lon = s.lon, id = s.id, category = s.category }
              lat[i], lon[i], ids[i], cats[i] = s.lat, s.lon, s.id, s.category
            end
            local a = cluster.index(records)
            local b = cluster.index({ lat = lat, lon = lon, id = ids, category = cats })
            local c = cluster.index(ctx.sites)
            local d = cluster.index({ lat = lat, lon = lon })
            local function shape(idx, z)
              local out = {}
              for _, item in ipairs(idx:clusters({ -180, -85, 180, 85 }, z)) do
                out[#out + 1] = ("%s:%d:%.9f:%.9f:%s"):format(item.type, item.count, item.lat, item.lon, tostring(item.site_id or #(item.categories or {})))
              end
              table.sort(out)
              return table.concat(out, ";")
            end
            local same = true
            for z = 0, 17 do
              local s = shape(a, z)
              same = same and s == shape(b, z) and s == shape(c, z)
              if z > 14 then same = same and #d:clusters({ -180, -85, 180, 85 }, z) == #a:clusters({ -180, -85, 180, 85 }, z) end
            end
            return { title = tostring(same) .. " " .. a:count() .. " " .. b:count() .. " " .. c:count() .. " " .. d:count(), sections = {} }
            """)
        #expect(result.title == "true 369 369 369 369", "\(String(describing: result.error))")
    }

    @Test func clusterIndexOfNothingIsEmpty() throws {
        let result = try probe("return { title = cluster.index({}):count() .. ' ' .. cluster.index({ lat = {}, lon = {} }):count(), sections = {} }")
        #expect(result.title == "0 0", "\(String(describing: result.error))")
    }

    /// Every pair of a batch equals the single call's three numbers, bit for bit; numbers
    /// given once are shared by every pair.
    @Test func inverseOverListsEqualsOnePairAtATime() throws {
        let result = try probe(
            """
            local lat1, lon1, lat2, lon2 = {}, {}, {}, {}
            for i = 1, 20000 do
              lat1[i], lon1[i] = math.sin(i) * 89, math.cos(i * 1.7) * 179
              lat2[i], lon2[i] = math.sin(i * 0.3) * 89, math.cos(i * 0.9) * 179
            end
            lat2[7], lon2[7] = lat1[7] + 1e-4, lon1[7]  -- a short line
            local d, a1, a2 = geo.inverse(lat1, lon1, lat2, lon2)
            local bad = 0
            for i = 1, #lat1 do
              local m, b1, b2 = geo.inverse(lat1[i], lon1[i], lat2[i], lon2[i])
              if m ~= d[i] or b1 ~= a1[i] or b2 ~= a2[i] then bad = bad + 1 end
            end
            local from_here = geo.inverse(37.8, -122.4, lat2, lon2)
            for i = 1, #lat2 do
              if from_here[i] ~= geo.distance(37.8, -122.4, lat2[i], lon2[i]) then bad = bad + 1 end
            end
            local e1, e2, e3 = geo.inverse({}, {}, 1, 2)
            return { title = #d .. " " .. #a2 .. " " .. bad .. " " .. #e1 .. #e2 .. #e3, sections = {} }
            """)
        #expect(result.title == "20000 20000 0 000", "\(String(describing: result.error))")
    }

    /// A batch of fixes raises the events one feed() a fix raises, each with its fix's position.
    @Test func feedManyEqualsFeedingOneAtATime() throws {
        let result = try probe(
            """
            local lat, lon, time, list = {}, {}, {}, {}
            for i = 1, 400 do
              local s = ctx.sites[(i // 40) % #ctx.sites + 1]
              lat[i], lon[i], time[i] = s.lat + (i % 7) * 1e-5, s.lon, i * 3
              list[i] = { lat = lat[i], lon = lon[i], time = time[i], accuracy = 5 }
            end
            local one, a, b = geofence.monitor(), geofence.monitor(), geofence.monitor()
            local singles = {}
            for i = 1, #list do
              local step = one:feed(list[i])
              for _, e in ipairs(step and step.events or {}) do singles[#singles + 1] = e.kind .. e.region .. e.time .. "@" .. i end
            end
            local function flat(step)
              local out = {}
              for _, e in ipairs(step and step.events or {}) do out[#out + 1] = e.kind .. e.region .. e.time .. "@" .. e.fix end
              return table.concat(out, ",")
            end
            local s = table.concat(singles, ",")
            local fromColumns = flat(a:feed_many({ lat = lat, lon = lon, time = time }))
            local fromList = flat(b:feed_many(list))
            return { title = tostring(#singles > 0 and s == fromColumns and s == fromList) .. " " .. tostring(a:feed_many({}) == nil), sections = {} }
            """)
        #expect(result.title == "true true", "\(String(describing: result.error))")
    }

    @Test(arguments: [
        ("cluster.index({ { lat = 1, lon = 2 }, { lat = 'x', lon = 2 } })", "bad argument #1 to 'index' (points[2].lat: number expected, got string)"),
        ("cluster.index({ { lat = 1, lon = 2 }, { lat = 1 } })", "bad argument #1 to 'index' (points[2].lon: number expected, got nil)"),
        ("cluster.index({ { lat = 1, lon = 2 }, 5 })", "bad argument #1 to 'index' (points[2]: table expected, got number)"),
        ("cluster.index({ { lat = 1, lon = 2, name = 7 } })", "bad argument #1 to 'index' (points[1].name: string expected, got number)"),
        ("cluster.index({ lat = { 1, 2 }, lon = { 3 } })", "bad argument #1 to 'index' (points: lon has 1 items but lat has 2)"),
        ("cluster.index({ lat = { 1, 2 } })", "bad argument #1 to 'index' (points: lon: list of numbers expected, got nil)"),
        ("cluster.index({ lat = { 1, nil, 3 }, lon = { 1, 2, 3 } })", "bad argument #1 to 'index' (points: lat[2]: number expected, got nil)"),
        ("cluster.index({ lat = { 1, 2, [5] = 3 }, lon = { 1, 2 } })", "bad argument #1 to 'index' (points: lat: not a list: 3 entries but a length of 2"),
        ("cluster.index({ lat = { 0/0 }, lon = { 1 } })", "bad argument #1 to 'index' (point 1: latitude nan"),
        ("cluster.index({ lat = 5, lon = 1 })", "bad argument #1 to 'index' (points: lat: list expected, got number)"),
        ("cluster.index({ x = 1 })", "bad argument #1 to 'index' (points: expected a list of records or a table of columns {lat = {...}, ...})"),
        ("cluster.index('x')", "bad argument #1 to 'index' (list of records or table of columns expected, got string)"),
        ("geo.inverse({ 1, 2 }, { 1, 2 }, { 1 }, 0)", "bad argument #3 to 'inverse' (lat2 has 1 items but lat1 has 2)"),
        ("geo.inverse({ 1, 'a' }, 0, 0, 0)", "bad argument #1 to 'inverse' (lat1[2]: number expected, got string)"),
        ("geo.inverse({ 1, 0/0 }, 0, 0, 0)", "bad argument #1 to 'inverse' (lat1[2]: latitude nan is not a finite number)"),
        ("geo.inverse(0, { 1, 200 }, 0, 0)", "bad argument #2 to 'inverse' (lon1[2]: longitude 200 out of range [-180, 180])"),
        ("geo.inverse(0, 0, { 1, 2 }, 'x')", "bad argument #4 to 'inverse' (number expected, got string)"),
        (
            "geofence.monitor():feed_many({ { lat = 37.8, lon = -122.4, time = 1 }, { lat = 37.8, lon = -122.4, time = 0 } })",
            "bad argument #2 to 'feed_many' (fixes[2]: time 0 is before the previous fix's 1"
        ),
        (
            "geofence.monitor():feed_many({ lat = { 37.8 }, lon = { -122.4 } })",
            "bad argument #2 to 'feed_many' (fixes: time: list of numbers expected, got nil)"
        ),
        (
            "geofence.monitor():feed_many({ lat = { 37.8 }, lon = { -122.4 }, time = { 0 }, accuracy = { -1 } })",
            "bad argument #2 to 'feed_many' (fixes[1]: accuracy must be a number ≥ 0)"
        ),
        (
            "geofence.monitor():feed_many({ { lat = 37.8, lon = -122.4, time = 0/0 } })",
            "bad argument #2 to 'feed_many' (fixes[1]: time must be a finite number of seconds)"
        ),
    ])
    func badBatchesAreLuaErrorsNamingTheItem(call: String, message: String) throws {
        let result = try probe("local x = \(call)\nreturn { title = 'no error', sections = {} }")
        let text = result.error?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:2: \(message)"), "\(text)")
    }

    /// A batch larger than the budget stops the run at the budget, before the work.
    @Test func aBatchIsChargedToTheBudget() throws {
        let result = try probe(
            """
            local lat = {}
            for i = 1, 200000 do lat[i] = 1 end
            for _ = 1, 100 do geo.inverse(lat, lat, lat, lat) end
            return { title = 'no error', sections = {} }
            """)
        #expect(result.error?.description.contains("instruction budget") == true, "\(String(describing: result.error))")
    }
}
