import Formats
import FlowKit
/// The `expect` functions a scenario's check calls (README, "Testing flows: scenarios"),
/// written in Lua and run in the scenario file's own sandboxed state, so a check is a flow
/// author's Lua under the same budgets as a flow.
///
/// The chunk returns the `expect` table and `run(check, screen)`, which the host calls:
/// the functions read the screen under check from `run`, so a check writes
/// `expect.section("card", {title = "..."})` without passing it around. Each failure is
/// raised at level 3 (past `fail` and the `expect` function), so its message starts with
/// the check's own `file:line:`.
enum ExpectLibrary {
    static let chunkName = "[flowrun]/expect.lua"
    static let source = #"""
        local screen            -- the screen being checked (set by run)
        local expect = {}

        -- Keys whose strings are structure, not words a visitor reads (expect.text skips them).
        local structural = { type = true, kind = true, id = true, style = true, url = true, phone = true,
          flow = true, args = true, placeholder = true, priority = true, category = true, theme = true,
          schema = true, park = true }

        local function fail(message) error(message, 3) end

        -- Level 4: past current, the helper that asked (components, texts, actions) and the expect function.
        local function current()
          if screen == nil then error("expect: call expect functions inside a scenario's expect = function(screen) ... end", 4) end
          return screen
        end

        -- A value as a message shows it: strings quoted and cut at 60 characters.
        local function show(value)
          if type(value) == "string" then
            local n = utf8.len(value)
            if n and n > 60 then value = value:sub(1, utf8.offset(value, 61) - 1) .. "…" end
            return '"' .. value .. '"'
          elseif type(value) == "table" then
            local keys, parts = {}, {}
            for k in pairs(value) do keys[#keys + 1] = k end
            table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
            for _, k in ipairs(keys) do
              parts[#parts + 1] = (type(k) == "string" and k or "[" .. tostring(k) .. "]") .. " = " .. show(value[k])
            end
            return "{" .. table.concat(parts, ", ") .. "}"
          end
          return tostring(value)
        end

        -- Whether `value` has every field `pattern` gives (tables compared field by field, so
        -- {args = {id = "x"}} matches an action whatever its other args); other values by ==.
        local function matches(value, pattern)
          if type(pattern) ~= "table" then return value == pattern end
          if type(value) ~= "table" then return false end
          for k, p in pairs(pattern) do
            if not matches(value[k], p) then return false end
          end
          return true
        end

        -- Calls visit(value, path, key) for every table under `node`, in document order: a
        -- list's items, then fields by name (the JSON's order). Paths count from 1, as Lua does.
        local function walk(node, path, visit)
          for i, item in ipairs(node) do
            if type(item) == "table" then
              local p = path .. "[" .. i .. "]"
              visit(item, p, i)
              walk(item, p, visit)
            end
          end
          local keys = {}
          for k, v in pairs(node) do
            if type(k) == "string" and type(v) == "table" then keys[#keys + 1] = k end
          end
          table.sort(keys)
          for _, k in ipairs(keys) do
            local p = path == "" and k or path .. "." .. k
            visit(node[k], p, k)
            walk(node[k], p, visit)
          end
        end

        -- Every component (a table with a `type`) in the screen's sections, with its path.
        local function components(kind)
          local found = {}
          walk({ sections = current().sections or {} }, "", function(t, path)
            if type(t.type) == "string" and (kind == nil or t.type == kind) then found[#found + 1] = { value = t, path = path } end
          end)
          return found
        end

        local function label(component)
          return show(component.title or component.text or component.label or component.name or component.id or component.type)
        end

        local function labels(list)
          local parts = {}
          for i, c in ipairs(list) do
            if i > 20 then parts[#parts + 1] = "and " .. (#list - 20) .. " more"; break end
            parts[#parts + 1] = label(c.value)
          end
          return table.concat(parts, ", ")
        end

        local function kinds()
          local parts = {}
          for _, s in ipairs(current().sections or {}) do parts[#parts + 1] = tostring(s.type) end
          return #parts == 0 and "none" or table.concat(parts, ", ")
        end

        local function wanted(kind, fields)
          local what = kind or "component"
          if fields ~= nil and next(fields) ~= nil then what = what .. " with " .. show(fields):sub(2, -2) end
          return what
        end

        --- The first component of type `kind` (any type when nil) with the given fields.
        function expect.section(kind, fields)
          local all = components(kind)
          for _, c in ipairs(all) do
            if matches(c.value, fields or {}) then return c.value end
          end
          if #all == 0 then fail("expect.section: no " .. (kind or "component") .. " on the screen; its sections: " .. kinds()) end
          fail("expect.section: no " .. wanted(kind, fields) .. "; " .. (kind or "component") .. "s here: " .. labels(all))
        end

        --- Fails if a component of type `kind` has the given fields.
        function expect.no_section(kind, fields)
          for _, c in ipairs(components(kind)) do
            if matches(c.value, fields or {}) then
              fail("expect.no_section: found " .. wanted(kind, fields) .. " at " .. c.path .. ": " .. label(c.value))
            end
          end
        end

        --- How many components of type `kind` (with the given fields) there are, or the length
        --- of a list: `n` exactly, or {min = a, max = b}.
        function expect.count(what, n, fields)
          local count, noun
          if type(what) == "table" then
            count, noun = #what, "items"
          else
            count, noun = 0, wanted(what, fields)
            for _, c in ipairs(components(what)) do
              if matches(c.value, fields or {}) then count = count + 1 end
            end
          end
          if type(n) == "table" then
            if (n.min and count < n.min) or (n.max and count > n.max) then
              local range = n.max and (n.min or 0) .. " to " .. n.max or "at least " .. n.min
              fail("expect.count: " .. noun .. ": " .. count .. ", expected " .. range)
            end
          elseif count ~= n then
            fail("expect.count: " .. noun .. ": " .. count .. ", expected " .. tostring(n))
          end
          return count
        end

        -- Every string a visitor reads, with its path.
        local function texts()
          local found = {}
          local s = current()
          if type(s.title) == "string" then found[#found + 1] = { text = s.title, path = "title" } end
          if type(s.subtitle) == "string" then found[#found + 1] = { text = s.subtitle, path = "subtitle" } end
          local function strings(t, path)
            for k, v in pairs(t) do
              if type(v) == "string" and not structural[k] then
                found[#found + 1] = { text = v, path = type(k) == "number" and path .. "[" .. k .. "]" or path .. "." .. k }
              end
            end
          end
          local root = { sections = s.sections or {} }
          walk(root, "", function(t, path, key) if not structural[key] then strings(t, path) end end)
          return found
        end

        --- Fails unless some text on the screen contains `text` (plain, not a pattern).
        function expect.text(text)
          for _, t in ipairs(texts()) do
            if t.text:find(text, 1, true) then return t.text end
          end
          fail("expect.text: no text on the screen contains " .. show(text))
        end

        --- Fails if some text on the screen contains `text`.
        function expect.no_text(text)
          for _, t in ipairs(texts()) do
            if t.text:find(text, 1, true) then fail("expect.no_text: " .. t.path .. " contains " .. show(text) .. ": " .. show(t.text)) end
          end
        end

        local function actions()
          local found = {}
          walk({ sections = current().sections or {} }, "", function(t, path, key)
            if key == "action" then found[#found + 1] = { value = t, path = path } end
          end)
          return found
        end

        local function target(a)
          if a.kind == "go" then
            local args = a.args and next(a.args) and " " .. show(a.args) or ""
            return "go " .. (a.park and a.park .. "/" or "") .. tostring(a.flow) .. args
          end
          if a.kind == "directions" then return "directions to " .. tostring(a.name) end
          return tostring(a.url or a.phone or a.kind)
        end

        --- The first action with the given fields (`kind`, `flow`, `park`, `args`, `url`, `phone`, `lat`, `lon`, `name`, `address`, `label`, `id`).
        function expect.action(fields)
          local all = actions()
          for _, a in ipairs(all) do
            if matches(a.value, fields or {}) then return a.value end
          end
          local parts = {}
          for i, a in ipairs(all) do
            if i > 10 then parts[#parts + 1] = "and " .. (#all - 10) .. " more"; break end
            parts[#parts + 1] = "[" .. tostring(a.value.id) .. "] " .. show(a.value.label) .. " → " .. target(a.value)
          end
          fail("expect.action: no action with " .. show(fields or {}):sub(2, -2) .. "; actions: " .. (#parts == 0 and "none" or table.concat(parts, ", ")))
        end

        --- Fails if an action has the given fields.
        function expect.no_action(fields)
          for _, a in ipairs(actions()) do
            if matches(a.value, fields or {}) then
              fail("expect.no_action: found " .. a.path .. ": " .. show(a.value.label) .. " → " .. target(a.value))
            end
          end
        end

        --- Fails unless `actual` equals `expected` (tables field by field); `what` names it.
        function expect.equal(actual, expected, what)
          local same = matches(actual, expected) and (type(expected) ~= "table" or matches(expected, actual))
          if not same then
            fail("expect.equal: " .. (what and what .. ": " or "") .. "expected " .. show(expected) .. ", got " .. show(actual))
          end
          return actual
        end

        --- Fails with `message` unless `condition` holds.
        function expect.that(condition, message)
          if not condition then fail("expect.that: " .. (message or "condition is false")) end
          return condition
        end

        return expect, function(check, s)
          screen = s
          check(s)
        end
        """#

    /// The helpers' names, read off ``source``.
    static let helpers: [String] = source.matches(of: /function expect\.([a-z_]+)\(/).map { String($0.1) }.sorted()

    /// A misspelt helper's message with the nearest helper named: Lua says only
    /// `attempt to call a nil value (field 'txt')`.
    static func explaining(_ message: String) -> String {
        guard let match = message.firstMatch(of: /attempt to call a nil value \(field '([A-Za-z_][A-Za-z0-9_]*)'\)/),
            !helpers.contains(String(match.1)), let near = Excerpt.suggestion(for: String(match.1), in: helpers)
        else { return message }
        let end = match.range.upperBound
        return String(message[..<end]) + "; expect has no \(Excerpt.quoted(String(match.1))): did you mean 'expect.\(near)'?" + message[end...]
    }
}
