/// The Lua side of running a flow: calls the newest registration with `ctx` and a
/// `super` function that runs the one it replaced, sets `ctx.park` (shared, read-only),
/// loads `ctx.sites` and `ctx.parks` on first use, and puts
/// a replayed track's fixes (an argument of their own, FlowContext.fixes) into `ctx.track`.
///
/// In a live session (`note` given) the parts of `ctx` the world changes (``FlowContext/watchedKeys``)
/// are read through proxies that tell the host each path read once (`at`, `at.lat`,
/// `location.state`; `time.*` for a `pairs`), so the session re-runs the flow only when one
/// of those values changes.
enum FlowRunner {
    static let chunkName = "[flowrun]/runner.lua"
    static let source = """
        local function chain(fns, i, ctx)
          local super = nil
          if fns[i + 1] ~= nil then
            super = function(c) return chain(fns, i + 1, c or ctx) end
          end
          return fns[i](ctx, super)
        end
        local WATCHED = { at = true, location = true, time = true, connectivity = true }
        local function watch(value, path, note, seen)
          if type(value) ~= "table" then return value end
          local function saw(p) if not seen[p] then seen[p] = true; note(p) end end
          return setmetatable({}, {
            __index = function(_, key)
              local p = path .. "." .. tostring(key)
              saw(p)
              return watch(value[key], p, note, seen)
            end,
            __newindex = function(_, key, v) value[key] = v end,
            __pairs = function() saw(path .. ".*"); return next, value, nil end,
            __len = function() saw(path .. ".*"); return #value end,
          })
        end
        return function(fns, ctx, load_sites, load_park, load_parks, note, fixes)
          ctx.park = load_park()
          if fixes then ctx.track.fixes = fixes end
          local hidden, seen = {}, {}
          if note then
            for key in pairs(WATCHED) do hidden[key] = ctx[key]; ctx[key] = nil end
          end
          setmetatable(ctx, { __index = function(t, key)
            if note and WATCHED[key] then
              if not seen[key] then seen[key] = true; note(key) end
              return watch(hidden[key], key, note, seen)
            end
            local load = key == "sites" and load_sites or key == "parks" and load_parks or nil
            if load then
              local value = load()
              rawset(t, key, value)
              return value
            end
          end })
          return chain(fns, 1, ctx)
        end
        """
}
