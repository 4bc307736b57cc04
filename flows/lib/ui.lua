--- Screen builders. Each returns a plain table in the flowrun/screen@1 shape
--- (schema/screen.schema.json); a flow may also write the tables by hand. The types
--- (flowrun.Screen, flowrun.TextComponent, ...) are meta/screen.gen.lua's, for LuaLS.
local ui = {}

--- A screen: what a flow returns. The runtime fills in schema, park and flow.
--- @param title string
--- @param sections? (flowrun.Component|nil)[] # in order; a nil in the list (a `ui.button` without action) is skipped
--- @param subtitle? string
--- @return flowrun.Screen
function ui.screen(title, sections, subtitle)
  return { title = title, subtitle = subtitle, sections = (sections or {}) --[[@as flowrun.Component[] ]] }
end

--- Text; style is "title", "heading", "body" (default), "caption" or "notice".
--- @param text string not empty
--- @param style? "title"|"heading"|"body"|"caption"|"notice"
--- @return flowrun.TextComponent
function ui.text(text, style)
  return { type = "text", text = text, style = style }
end

--- A heading: text of style "heading".
--- @param text string
--- @return flowrun.TextComponent
function ui.heading(text) return ui.text(text, "heading") end

--- A notice: text of style "notice", for what a visitor must not miss.
--- @param text string
--- @return flowrun.TextComponent
function ui.notice(text) return ui.text(text, "notice") end

--- An image with the color shown while it loads and its load priority ("high", "normal", "low").
--- @param url string
--- @param alt string what the picture shows, for screen readers, in a sentence; "" for a picture that only decorates
--- @param placeholder? string "#RRGGBB"
--- @param priority? "high"|"normal"|"low"
--- @return flowrun.ImageComponent
function ui.image(url, alt, placeholder, priority)
  return { type = "image", url = url, alt = alt, placeholder = placeholder, priority = priority }
end

--- A card: { title, subtitle?, body?, image?, badges?, action? }. The table becomes the card.
--- @param fields flowrun.Card
--- @return flowrun.CardComponent
function ui.card(fields)
  local card = fields --[[@as flowrun.CardComponent]]
  card.type = "card"
  return card
end

--- A list of items { title, subtitle?, detail?, badge?, action? }, with the text shown when it is empty.
--- @param title? string
--- @param items flowrun.ListItem[]
--- @param empty? string
--- @return flowrun.ListComponent
function ui.list(title, items, empty)
  return { type = "list", title = title, items = items, empty = empty }
end

--- A horizontally scrolling row of cards.
--- @param title? string
--- @param cards flowrun.Card[]
--- @return flowrun.CarouselComponent
function ui.carousel(title, cards)
  return { type = "carousel", title = title, cards = cards }
end

--- A button; style is "primary" (default) or "secondary". Without an action (a link to a
--- flow the park does not run, see ui.go) there is no button: nil, which lists skip.
--- @param label string
--- @param action flowrun.Action?
--- @param style? "primary"|"secondary"
--- @return flowrun.ButtonComponent?
function ui.button(label, action, style)
  if action == nil then return nil end
  return { type = "button", label = label, action = action, style = style }
end

--- A form: fields a visitor fills in, sent with `submit`, a `ui.go` (a search) or `ui.act`
--- (a change to the store) whose label is the send button's. Each field's value arrives in
--- the submitted flow's `ctx.args` under the field's name, as a string ("true"/"false" for a
--- toggle; an empty text is nil), checked first by the runtime against the field's limits:
--- the flow must declare each name in its `args`. Nil (no form) when submit is nil.
--- @param title? string a heading above the fields
--- @param fields flowrun.FormField[] from ui.text_field, ui.search_field, ui.choice_field, ui.toggle_field
--- @param submit flowrun.GoAction|flowrun.ActAction|nil
--- @return flowrun.FormComponent?
function ui.form(title, fields, submit)
  if submit == nil then return nil end
  return { type = "form", title = title, fields = fields, submit = submit }
end

--- A text field: `opts` are value (what it starts with), placeholder, max_length (default
--- 200), min_length, required and multiline.
--- @param name string the argument it travels as: lowercase letters, digits and _
--- @param label string what it is called
--- @param opts? { value?: string, placeholder?: string, max_length?: integer, min_length?: integer, required?: boolean, multiline?: boolean }
--- @return flowrun.FormField
function ui.text_field(name, label, opts)
  opts = opts or {}
  return {
    kind = "text", name = name, label = label, value = opts.value, placeholder = opts.placeholder,
    max_length = opts.max_length, min_length = opts.min_length, required = opts.required, multiline = opts.multiline,
  }
end

--- A search field (at most 100 characters unless max_length says).
--- @param name string
--- @param label string
--- @param value? string what it starts with
--- @param placeholder? string
--- @return flowrun.FormField
function ui.search_field(name, label, value, placeholder)
  return { kind = "search", name = name, label = label, value = value, placeholder = placeholder }
end

--- A choice among `options` ({ {value, label}, ... } or { {value = ..., label = ...} }),
--- starting on `value` (default the first).
--- @param name string
--- @param label string
--- @param options ({ [1]: string, [2]: string }|flowrun.FormOption)[]
--- @param value? string
--- @return flowrun.FormField
function ui.choice_field(name, label, options, value)
  local list = {}
  for i, option in ipairs(options) do
    list[i] = { value = option.value or option[1], label = option.label or option[2] }
  end
  return { kind = "choice", name = name, label = label, options = list, value = value }
end

--- A toggle, on when `checked`; it sends "true" or "false".
--- @param name string
--- @param label string
--- @param checked? boolean
--- @return flowrun.FormField
function ui.toggle_field(name, label, checked)
  return { kind = "toggle", name = name, label = label, checked = checked or nil }
end

--- Onboarding pages: { title, body, background = { {image, position = {x, y}, depth, placeholder?} }, action? }.
--- @param pages flowrun.Page[] at least one
--- @return flowrun.OnboardingComponent
function ui.onboarding(pages)
  return { type = "onboarding", pages = pages }
end

--- Actions are data: the app performs them, `flowrun --follow ID` follows `go` and `act` ones
--- (and says what the app would do for the others).
--- Argument values are passed as strings. A link to a flow this park does not run
--- (switched off in park.lua, or its file did not load) is nil: no dangling links. A link
--- to a flow no file has, or with arguments the flow does not declare or words (a site, a
--- category, ...) the park does not have, is an error at the line that makes it.

--- A `go` action: open `flow` with `args` (as `ctx.args`, every value made a string), or
--- nil when the park does not run that flow.
--- @param flow string
--- @param args? table<string, any>
--- @param label? string
--- @return flowrun.GoAction?
function ui.go(flow, args, label)
  local action = ui.go_any(flow, args, label)
  if not _G.flow.link(flow, action.args) then return nil end
  return action
end

--- A `go` action whether or not this park runs `flow` (ui.go checks; ui.go_park uses this).
--- @param flow string
--- @param args? table<string, any>
--- @param label? string
--- @return flowrun.GoAction
function ui.go_any(flow, args, label)
  local strings = nil
  if args then
    strings = {}
    for k, v in pairs(args) do strings[tostring(k)] = tostring(v) end
  end
  return { kind = "go", flow = flow, args = strings, label = label }
end

--- A `go` action to another park: the app switches to park `code` and opens its `flow`
--- (default "home") with `args`. Whether that park runs the flow is its own affair (its
--- flows never run here); a code no park has makes the screen invalid.
--- @param code string the park's code, as ctx.parks lists it
--- @param flow? string default "home"
--- @param args? table<string, any>
--- @param label? string
--- @return flowrun.GoAction
function ui.go_park(code, flow, args, label)
  local action = ui.go_any(flow or "home", args, label)
  action.park = code
  return action
end

--- An `act` action: the app performs `flow` once as an act run, where `store` writes are
--- allowed (they commit together when the flow returns a valid screen), and shows the
--- screen it returns; or nil when the park does not run that flow. Use it for what changes
--- the visitor's store ("Add to favorites", "Drop a pin here"); `go` for everything else.
--- @param flow string
--- @param args? table<string, any>
--- @param label? string
--- @return flowrun.ActAction?
function ui.act(flow, args, label)
  local go = ui.go(flow, args, label)
  if not go then return nil end
  local act = go --[[@as flowrun.ActAction]]
  act.kind = "act"
  return act
end

--- A `url` action: the app opens an http(s) address.
--- @param url string
--- @param label? string
--- @return flowrun.UrlAction
function ui.url(url, label) return { kind = "url", url = url, label = label } end

--- A `call` action: the app offers to call the number.
--- @param phone string 7 to 15 digits, with spaces and + - ( ) . allowed, or a 3-digit emergency number ("911")
--- @param label? string
--- @return flowrun.CallAction
function ui.call(phone, label) return { kind = "call", phone = phone, label = label } end

--- An address as one line: a string as it is, a list of lines joined with ", " (park.lua's
--- `address` and a site's `address` property are written either way); nil for nil.
--- @param address? string|string[]
--- @return string?
--- @overload fun(address: string|string[]): string
function ui.address(address)
  if type(address) == "table" then return table.concat(address, ", ") end
  return address
end

--- A `directions` action: the app opens navigation to the place, showing its name and
--- address. The position must be on the Earth and the name not empty, or the screen is invalid.
--- @param lat number degrees north
--- @param lon number degrees east
--- @param name string what the place is called
--- @param address? string|string[] its address: a string or lines (ui.address joins them)
--- @param label? string
--- @return flowrun.DirectionsAction
function ui.directions(lat, lon, name, address, label)
  return { kind = "directions", lat = lat, lon = lon, name = name, address = ui.address(address), label = label }
end

--- "350 m", "1.2 km", "38 km"; with a translator (`i18n.of(ctx)`), as its language writes
--- them ("1,2 km").
--- @param metres number
--- @param tr? fun(key: string, values?: table<string, any>): string
--- @return string
function ui.distance(metres, tr)
  local number, unit
  if metres < 1000 then
    number, unit = string.format("%d", math.floor(metres / 10 + 0.5) * 10), "m"
  elseif metres < 10000 then
    number, unit = string.format("%.1f", math.floor(metres / 100 + 0.5) / 10), "km"
  else
    -- Whole kilometres ungrouped, as English screens always wrote them ("1034 km").
    number, unit = string.format("%d", math.floor(metres / 1000 + 0.5)), "km"
  end
  if not tr then return number .. " " .. unit end
  -- Filled in by hand: a list of sites writes one distance per row, and tr's general
  -- filling (a table of values, a pattern, a number's formatting) cost a warm sites
  -- screen a quarter of a millisecond.
  local mark = tr("unit.decimal_mark")
  if mark ~= "." then number = number:gsub("%.", mark, 1) end
  local text = tr("unit." .. unit)
  local at = text:find("{n}", 1, true)
  if not at then return text end
  return text:sub(1, at - 1) .. number .. text:sub(at + 3)
end

--- 37.80795° N, 122.47548° W: a position as a visitor reads it.
--- @param lat number
--- @param lon number
--- @return string
function ui.position(lat, lon)
  return ("%.5f° %s, %.5f° %s"):format(math.abs(lat), lat < 0 and "S" or "N", math.abs(lon), lon < 0 and "W" or "E")
end

-- Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's
-- days_from_civil): the store's times are UTC, and os.time would read them as the park's.
local function days_from_civil(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = (y >= 0 and y or y - 399) // 400
  local yoe = y - era * 400
  local doy = (153 * (m > 2 and m - 3 or m + 9) + 2) // 5 + d - 1
  return era * 146097 + yoe * 365 + yoe // 4 - yoe // 100 + doy - 719468
end

--- A time the store wrote ("2026-07-04T16:30:00Z", ISO 8601 UTC) as the park's clock
--- reads it: "2026-07-04 09:30"; text that is not such a time is returned as it is.
--- @param iso string
--- @return string
function ui.local_time(iso)
  local y, mo, d, h, mi, s = iso:match("^(%d%d%d%d)-(%d%d)-(%d%d)T(%d%d):(%d%d):(%d%d)Z$")
  if not y then return iso end
  local n = function(digits) return tonumber(digits) or 0 end   -- the pattern matched digits
  local epoch = days_from_civil(n(y), n(mo), n(d)) * 86400 + n(h) * 3600 + n(mi) * 60 + n(s)
  return os.date("%Y-%m-%d %H:%M", epoch)
end

local compass = { "N", "NE", "E", "SE", "S", "SW", "W", "NW" }

--- "NE" for a bearing in degrees; with a translator, its language's ("NO" in Spanish).
--- @param degrees number
--- @param tr? fun(key: string, values?: table<string, any>): string
--- @return string
function ui.compass(degrees, tr)
  local point = compass[math.floor((degrees % 360) / 45 + 0.5) % 8 + 1] or "N"   -- "N" for a NaN bearing
  return tr and tr("compass." .. point) or point
end

--- How far and which way: "350 m NE", or "here" within 10 m (where a bearing means nothing);
--- with a translator, in its language.
--- @param metres number
--- @param degrees number the bearing
--- @param tr? fun(key: string, values?: table<string, any>): string
--- @return string
function ui.away(metres, degrees, tr)
  if metres < 10 then return tr and tr("common.here") or "here" end
  return ui.distance(metres, tr) .. " " .. ui.compass(degrees, tr)
end

local function words(category)
  return ((category:gsub("_", " ")):gsub("^%l", string.upper))
end

--- One site's category as a subtitle: "Picnic area" for "picnic_area", as the park's
--- sites.categories names it.
--- @param ctx flowrun.Context
--- @param category string
--- @return string
function ui.category_name(ctx, category)
  local entry = ctx.park.sites.categories[category]
  return entry and entry.name or words(category)
end

--- A list of a category's sites as a title: "Beaches" for "beach", as the park's
--- sites.categories names it, else by English rules (`flowrun check` reports the category).
--- @param ctx flowrun.Context
--- @param category string
--- @return string
function ui.category_plural(ctx, category)
  local entry = ctx.park.sites.categories[category]
  if entry and entry.plural then return entry.plural end
  local name = entry and entry.name or words(category)
  if name:match("[sxz]$") or name:match("[cs]h$") then return name .. "es" end
  if name:match("[^aeiou]y$") then return name:sub(1, -2) .. "ies" end
  return name .. "s"
end

return ui
