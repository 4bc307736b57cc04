/// The Lua side of running a flow: calls the newest registration with `ctx` and a
/// `super` function that runs the one it replaced, sets `ctx.park` (shared, read-only),
/// loads `ctx.sites` and `ctx.parks` on first use, and puts
/// a replayed track's fixes (an argument of their own, FlowContext.fixes) into `ctx.track`.
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
        return function(fns, ctx, load_sites, load_park, load_parks, fixes)
          ctx.park = load_park()
          if fixes then ctx.track.fixes = fixes end
          setmetatable(ctx, { __index = function(t, key)
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
