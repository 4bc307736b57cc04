--- @meta _
-- This file is NOT generated, edit it directly. It describes what flowrun gives scenario
-- files (parks/<CODE>/tests/*.lua, tests/*.lua; README, "Testing flows: scenarios"), for
-- LuaLS completion. The functions are Sources/FlowAuthoring/Scenarios/ExpectLibrary.swift's.
error('Cannot require a meta file')

--- @class flowrun.Scenario
--- @field flow string the flow to run
--- @field name? string what the output calls it (default: the flow's name)
--- @field park? string in tests/ only: run for this park alone (default: every park)
--- @field args? table<string, string|number|boolean> ctx.args, as --arg gives them
--- @field at? number[]|string the visitor's position, {lat, lon} or "lat,lon" (--at)
--- @field center? number[]|string the map's center, {lat, lon} (--center)
--- @field zoom? number the map's zoom, 0-30 (--zoom)
--- @field bbox? number[]|string {west, south, east, north} (--bbox)
--- @field size? number[]|string {width, height} in points, or "390x844" (--size)
--- @field heading? number the AR camera's heading, degrees (--heading)
--- @field pitch? number the AR camera's pitch, degrees (--pitch)
--- @field fov? number the AR camera's field of view, degrees (--fov)
--- (default: `"2026-07-04T09:30:00-07:00"`)
--- @field time? string the clock flows see, ISO 8601 (--time)
--- @field track? string a GPX file beside the scenario (--track)
--- @field accuracy? number metres, of `at` or of the track's fixes (--accuracy); default 10
--- @field location? "searching"|"searching-longer"|"denied"|"unavailable"|"timed-out"|"idle" a state without a position (--location)
--- @field moment? number|string a moment of `track`: seconds from its first fix, or ISO 8601 (--until; `until` is a Lua keyword)
--- @field party? string a party file beside the scenario (--party)
--- @field as? string the party member to run as (--as)
--- @field offline? boolean the device has no network, running from the park's files (--offline); default false
--- @field act? boolean run the flow as an act run, as an `act` action would (--act); default false
--- @field follow? (integer|string)[]|integer|string action ids followed in order from the screen, as --follow: a go opens its screen, an act is performed (it writes the scenario's store, empty when the scenario starts)
--- @field golden? string the screen's JSON beside the scenario; in tests/, with {park} in the name
--- @field expect? fun(screen: flowrun.Screen) the checks

--- Declares a scenario: a flow, its inputs, and what its screen must show.
---
--- ```lua
--- scenario {
---   flow = "sites",
---   at = { 37.8078, -122.4750 },
---   golden = "sites-at-bridge.json",
---   expect = function(screen)
---     expect.section("list", { title = "Visitor services (48)" })
---   end,
--- }
--- ```
--- @param fields flowrun.Scenario
function scenario(fields) end

--- Checks over the screen under test; each failure names the check's file:line.
--- @class flowrun.module.expect
expect = {}

--- The first component of type `kind` (nil: any) with these fields, anywhere in the
--- screen's sections (a map's clusters and pins too); fails if there is none.
--- @param kind? string `card`, `list`, `carousel`, `map`, `cluster`, `pin`, ...
--- @param fields? table compared as values, tables field by field
--- @return any component
function expect.section(kind, fields) end

--- Fails if a component of type `kind` has these fields.
--- @param kind? string
--- @param fields? table
function expect.no_section(kind, fields) end

--- Fails unless there are `n` components of type `kind` with these fields, or, given a
--- table, unless it has `n` items. `n` may be `{min = a, max = b}`.
--- @param what string|table
--- @param n integer|{min?: integer, max?: integer}
--- @param fields? table
--- @return integer count
function expect.count(what, n, fields) end

--- Fails unless some text a visitor reads contains `text` (plain, not a pattern).
--- @param text string
--- @return string found
function expect.text(text) end

--- Fails if some text a visitor reads contains `text`.
--- @param text string
function expect.no_text(text) end

--- The first action with these fields (`kind`, `flow`, `park`, `args`, `url`, `phone`, `lat`,
--- `lon`, `name`, `address`, `label`, `id`); fails if there is none.
--- @param fields table
--- @return any action
function expect.action(fields) end

--- Fails if an action has these fields.
--- @param fields table
function expect.no_action(fields) end

--- Fails unless `actual` equals `expected` (tables field by field); `what` names it.
--- @generic T
--- @param actual T
--- @param expected any
--- @param what? string
--- @return T actual
function expect.equal(actual, expected, what) end

--- Fails with `message` unless `condition` holds.
--- @generic T
--- @param condition T
--- @param message? string
--- @return T condition
function expect.that(condition, message) end
