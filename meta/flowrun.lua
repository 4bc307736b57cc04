--- @meta _
-- This file is NOT generated, edit it directly. It describes what flowrun gives every
-- flow script, for LuaLS completion (add meta/ to "workspace.library" in .luarc.json).
-- Generated stubs beside it (`flowrun stubs`): native modules (meta/<module>.gen.lua), the
-- screen a flow returns (meta/screen.gen.lua: flowrun.Screen, flowrun.Component, ...) and
-- the park's settings (meta/park.gen.lua: flowrun.Park, flowrun.ParkFile for park.lua).
error('Cannot require a meta file')

--- Registering flows. Files in flows/ load first, then parks/<CODE>/flows/ (each folder in
--- name order); a registration under an existing name replaces it.
--- @class flowrun.module.flow
flow = {}

--- Registers flow `name`. The function receives the context and `super`, the flow this
--- registration replaced (nil if none), so an override can build on the default:
---
--- ```lua
--- flow.register("home", function(ctx, super)
---   local screen = super(ctx)
---   table.insert(screen.sections, 1, { type = "text", text = "Hello" })
---   return screen
--- end)
--- ```
---
--- `options.args` declares the flow's `ctx.args`: each argument's name and the kind of word
--- it holds. Links to the flow (`ui.go`, `ui.act`) and requests (`--arg`) are then checked:
--- an argument it does not declare, or a word the park does not have, is an error at the
--- line that writes it. A flow that replaces another keeps its declaration unless it gives one.
---
--- ```lua
--- flow.register("sites", function(ctx) ... end,
---   { args = { id = "site", category = "category", sort = { "name", "distance" } } })
--- ```
--- @param name string letters, digits, '_' and '-'
--- @param fn fun(ctx: flowrun.Context, super: (fun(ctx?: flowrun.Context): flowrun.Screen)?): flowrun.Screen
--- @param options? flowrun.FlowOptions
function flow.register(name, fn, options) end

--- What `flow.register` may say about a flow.
--- @class flowrun.FlowOptions
--- @field args? table<string, flowrun.ArgumentKind|string[]> each argument's kind, or the words it may be

--- The kind of word an argument holds: a site id, a category, a collection id, a flow, a
--- park code, a number, or any text.
--- @alias flowrun.ArgumentKind "site"|"category"|"collection"|"flow"|"park"|"number"|"text"

--- Whether a flow with this name has been registered so far.
--- @param name string
--- @return boolean
function flow.exists(name) end

--- Whether a screen may link to this flow: registered, switched on for the park
--- (`flows.<name>` in park.lua) and its file loaded. `ui.go` returns nil otherwise.
--- @param name string
--- @return boolean
function flow.available(name) end

--- Whether a screen may link to this flow with these arguments, as `flow.available`; a
--- name no flow has, or arguments the flow does not declare or words the park does not
--- have, raise an error at the line outside `lib/` that made the link. `ui.go` uses it.
--- @param name string
--- @param args? table<string, string>
--- @return boolean
function flow.link(name, args) end

--- Raises a mistake in the park's settings that only a flow can see (a word only it gives
--- meaning to, like home's section names) as an error at the line of park.lua, or
--- parks/defaults.lua, that writes `path`, as `flowrun check` reports the settings the host
--- checks. Given the `word` written and the `words` it may be, it suggests the nearest.
---
--- ```lua
--- flow.setting_error("home.sections[2]", 'unknown section "welcom"', "welcom", { "welcome", "links" })
--- -- parks/ZION/park.lua:34: home.sections[2]: unknown section "welcom"; did you mean 'welcome'?
--- ```
--- @param path string the setting, as check names it (`home.sections[2]`)
--- @param message string what is wrong
--- @param word? string the word written
--- @param words? string[] the words it may be
--- @return nil # never returns
function flow.setting_error(path, message, word, words) end

--- Loads a Lua module from parks/<CODE>/flows/<path>.lua, else flows/<path>.lua, where
--- the dotted name maps to a path (`lib.ui` → `lib/ui.lua`). Nothing else can be required.
--- @param name string
--- @return any
function require(name) end

--- @class flowrun.Context
--- @field park flowrun.Park the park's merged configuration (parks/defaults.lua + park.lua); read-only, shared by every run: copy a table to change it
--- @field flow string the flow being run
--- @field acting boolean true in an act run (an `act` action, `flowrun --act`), where `store` writes are allowed and commit together when the flow returns a valid screen; false in a view run (`go`, the command line, reload), where `store` only reads
--- @field args table<string, string?> `--arg key=value` pairs and the args of a `go` action (but the view's: see `view`, `ar`)
--- @field at { lat: number, lon: number, inside_park: boolean? }? the visitor's position, if known (the location state is found)
--- @field location flowrun.Location what the app knows of the visitor's position (`--at`, `--location`, `--track` with `--until`)
--- @field connectivity flowrun.Connectivity whether the device reaches the network (`--offline`)
--- @field view flowrun.MapView the map camera asked for (`--center`, `--zoom`, `--bbox`, `--size`), parsed and checked
--- @field ar flowrun.ARView the AR camera asked for (`--heading`, `--pitch`, `--fov`, `--size`), parsed and checked
--- @field track flowrun.Track? the GPS track given with `--track FILE.gpx`, if any
--- @field time flowrun.Time the clock (fixed by `--time`)
--- @field locale string the language the screen speaks (`--locale es`; default the park's `language.default`): lib/i18n.lua's translator reads it
--- @field sites flowrun.Site[] the park's sites (loaded on first use; empty if it has none); read-only, shared by every run: copy a site to change it
--- @field parks flowrun.ParkEntry[] every park of the project that loads, by code, this one included (loaded on first use); read-only, shared by every run
--- @field beacons flowrun.ScanLog? the Bluetooth scan log given with `--beacons FILE.csv`, if any: `beacons.replay()` feeds its readings

--- A scan log a run replays (`--beacons`); its readings stay native.
--- @class flowrun.ScanLog
--- @field file string the path as given
--- @field count integer readings
--- @field start number? first reading's time, seconds since 1970 UTC
--- @field finish number? last reading's time
--- @field at_time number? the moment asked for with `--at-time`, seconds since 1970 UTC
--- @field skipped { unknown_beacons: integer, rssi_out_of_range: integer, unknown: table<string, integer> } readings left out, and why

--- The map camera a request asks for: `--center`/`--zoom` or `--bbox`, or a `go` action's
--- args `center` ("LAT,LON"), `zoom`, `bbox` ("W,S,E,N"), `size` ("WxH"), which the host
--- parses and range-checks (a bad one is an invalid screen) and never puts in `ctx.args`.
--- Fields the request did not give are nil; `size` is always there.
--- @class flowrun.MapView
--- @field center { lat: number, lon: number }? where the map is centered
--- @field zoom number? 0-30; an integer when a whole number was given
--- @field bbox { west: number, south: number, east: number, north: number }? shown instead of center and zoom (never both)
--- @field size flowrun.Size `--size`, else the park's `map.size`: whole points (integers)

--- The AR camera a request asks for (`--heading`, `--pitch`, `--fov`, or a `go` action's
--- args of those names). Fields the request did not give are nil; `size` is always there.
--- @class flowrun.ARView
--- @field heading number? degrees clockwise from north, [0, 360)
--- @field pitch number? degrees up, [-90, 90]
--- @field fov number? horizontal field of view in degrees, (0, 180)
--- @field size flowrun.Size `--size`, else the park's `ar.size`: whole points (integers)

--- @class flowrun.Time
--- @field epoch integer seconds since 1970
--- @field iso string ISO 8601 in the park's time zone
--- @field date string YYYY-MM-DD
--- @field clock string HH:MM
--- @field hour integer
--- @field minute integer
--- @field weekday string
--- @field timezone string

--- @class flowrun.Site
--- @field id string
--- @field name string
--- @field category string
--- @field description string?
--- @field lat number
--- @field lon number
--- @field properties table

--- A park as `ctx.parks` lists it: data from its park.lua, for a park browser. Its flows
--- never run here: `ui.go_park(code)` is an action that switches the app to it.
--- @class flowrun.ParkEntry
--- @field code string the park's code (`"YELL"`)
--- @field name string
--- @field state string the state or region ("" when park.lua gives none)
--- @field lat number the park's `center`
--- @field lon number
--- @field address string[]? its address lines, when park.lua gives one

--- @class flowrun.Track
--- @field file string the path as given
--- @field count integer number of fixes
--- @field start number? first fix time, seconds since 1970 UTC
--- @field finish number? last fix time
--- @field fixes { lat: number, lon: number, time: number, ele: number?, line: integer }[] track points in time order
--- @field moment number? the moment asked for with `--until`, seconds since 1970 UTC
--- @field location flowrun.LocationChange[] the location states the track's fixes lead to (park's `location` settings), in time order

--- A location state the replay of a track entered.
--- @class flowrun.LocationChange
--- @field time number when the state began, seconds since 1970 UTC (for a timeout, when it ran out)
--- @field state "idle"|"searching"|"searching_longer"|"found"|"error"
--- @field reason "denied"|"unavailable"|"timed_out"? why, for an error
--- @field accuracy number? metres, when found
--- @field lat number? the last fix seen before the change (where the visitor was)
--- @field lon number?
--- @field line integer? that fix's line in the GPX file

--- What the app knows of the visitor's position. `found`: a fix at most `location.accuracy`
--- metres uncertain and younger than `location.max_age` s; `searching`, then
--- `searching_longer` after `location.searching_longer_after` s, then `error` with reason
--- `timed_out` after `location.timeout` s; `error` with `denied` (location not allowed) or
--- `unavailable` (location services off); `idle` (not asking).
--- @class flowrun.Location
--- @field state "idle"|"searching"|"searching_longer"|"found"|"error"
--- @field reason "denied"|"unavailable"|"timed_out"? why there is no position, for an error
--- @field accuracy number? metres, when found
--- @field age_s number? how old the fix is, seconds, when found
--- @field searching_s number? how long the search has gone on, seconds, while searching
--- @field fix { lat: number, lon: number, accuracy: number, time: number }? the fix, when found

--- Whether the device reaches the network.
--- @class flowrun.Connectivity
--- @field state "online"|"offline"|"unknown"
--- @field cache string? what the device runs from when offline, for people ("version 3 of GOGA's bundle (verified)", "the park's files")
