--- Words in the visitor's language. A flow takes a translator once per run:
---
---     local tr = i18n.of(ctx)
---     tr("sites.title")                     --> "Sites", or "Sitios" with --locale es
---     tr("sites.matching", { q = q })       --> 'Sites matching "fort"': {q} filled in
---     tr("pins.count", { count = 3 })       --> "3 pins": a key with plural forms
---                                               (pins.count.one, pins.count.other) picks one
---
--- The strings are the tables of flows/strings/<language>/*.lua (a file per flow, and
--- common.lua for what they share), with the park's own (park.lua's language.strings)
--- over them. A key the language lacks falls back to the
--- park's default language; `flowrun check` reports every key one language has and another
--- lacks. Numbers filled in are written as the language writes them (1,234.5 / 1.234,5).
local i18n = {}

-- Each file of each language read so far, by "<language>/<file>", once per Lua state.
--- @type table<string, table<string, string>?>
local tables = {}

-- Each key's text as found, by language then key (the park's words over the tables').
--- @type table<string, table<string, string>?>
local resolved = {}

-- The CLDR plural category of `n` in `language`: "one" or "other" (the two forms the
-- languages shipped need; French counts 0 as one).
local function plural_form(language, n)
  local base = language:match("^(%a+)")
  if base == "fr" then return (n >= 0 and n < 2) and "one" or "other" end
  return n == 1 and "one" or "other"
end

-- How a language writes numbers: its decimal mark, group mark, and the fewest digits before
-- grouping starts (Spanish writes 1234 but 12.345).
local number_styles = {
  en = { decimal = ".", group = ",", min_group = 4 },
  es = { decimal = ",", group = ".", min_group = 5 },
  fr = { decimal = ",", group = "\u{202F}", min_group = 4 },
  de = { decimal = ",", group = ".", min_group = 4 },
}

--- `x` written as `language` writes numbers, with `decimals` digits after the mark (default:
--- none for an integer, else 1).
--- @param language string
--- @param x number
--- @param decimals? integer
--- @return string
function i18n.number(language, x, decimals)
  local style = number_styles[language:match("^(%a+)") or ""] or number_styles.en
  local places = decimals or (math.type(x) == "integer" and 0 or 1)
  local text = ("%." .. places .. "f"):format(x)
  local sign, whole, fraction = text:match("^(-?)(%d+)%.?(%d*)$")
  if not whole then return text end   -- inf, nan
  if #whole >= style.min_group then
    whole = whole:reverse():gsub("(%d%d%d)", "%1" .. style.group:reverse()):reverse()
    if whole:sub(1, #style.group) == style.group then whole = whole:sub(#style.group + 1) end
  end
  if places > 0 and fraction ~= "" then return sign .. whole .. style.decimal .. fraction end
  return sign .. whole
end

-- Which file of a language holds a key's prefix: flows/strings/<language>/<file>.lua. A
-- screen loads only the files of the keys it asks for (home's are a few of a language's).
local shared = { action = true, common = true, compass = true, unit = true, location = true, collections = true, ranking = true }

-- The strings of file `name` of `language`, or an empty table when the language has none.
local function default_file(language, name)
  local ok, result = pcall(require, "strings." .. language .. "." .. name)
  if ok then return result end
  if tostring(result):find("not found", 1, true) then return {} end
  error(result, 0)   -- a table that is there but broken: its own error
end

-- The strings of `language` a key with this prefix is looked up in.
--- @return table<string, string>
local function strings(language, prefix)
  local name = shared[prefix] and "common" or prefix
  local cache_key = language .. "/" .. name
  local found = tables[cache_key]
  if found then return found end
  found = default_file(language, name)
  tables[cache_key] = found
  return found
end

--- A translator for the run's language (`ctx.locale`): a function of a key and the values
--- its `{name}` places take.
--- @param ctx flowrun.Context
--- @return fun(key: string, values?: table<string, any>): string
function i18n.of(ctx)
  local language, fallback = ctx.locale, ctx.park.language.default
  -- The park's own words first, in each language, then the default tables'.
  local park_strings = ctx.park.language.strings
  local own, fallback_own = park_strings[language] or {}, park_strings[fallback] or {}
  -- Each key's text once per language and state: a list of 50 sites asks for the same few
  -- keys 50 times, and a warm run should pay a table read for each, not a search.
  local known = resolved[language]
  if not known then
    known = {}
    resolved[language] = known
  end
  local function lookup(key)
    local text = known[key]
    if text then return text end
    local prefix = key:match("^[^.]+") or key
    text = own[key] or strings(language, prefix)[key] or fallback_own[key] or strings(fallback, prefix)[key]
    known[key] = text
    return text
  end
  return function(key, values)
    local text = lookup(key)
    if values and values.count ~= nil and not text then
      text = lookup(key .. "." .. plural_form(language, values.count)) or lookup(key .. ".other")
    end
    if not text then
      local where = language == fallback and language or language .. " or " .. fallback
      error(("i18n: no string %q in %s"):format(key, where), 2)
    end
    if not values then return text end
    return (text:gsub("{([%w_]+)}", function(name)
      local value = values[name]
      if value == nil then error(("i18n: %q needs a value for {%s}"):format(key, name), 3) end
      if type(value) == "number" then return i18n.number(language, value) end
      return tostring(value)
    end))
  end
end

return i18n
