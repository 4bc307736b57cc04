/// The Lua side of case 1. Every loop has the same shape — `for _ = 1, n do x = <expr> end`
/// with a float accumulator — so the baseline differs from a variant only by the call.
enum BenchScripts {
    static let callLoopsChunk = "bench/calls.lua"

    /// (a)-(c) in one chunk of a plain LuaState; `bench.inc` is the native function.
    /// Returns the three loop functions; each returns `x`, which must equal `n`.
    static let callLoops = """
        local function inc(x) return x + 1 end
        local native_inc = bench.inc

        local function baseline(n)
          local x = 0.0
          for _ = 1, n do x = x + 1 end
          return x
        end

        local function lua_calls(n)
          local x = 0.0
          for _ = 1, n do x = inc(x) end
          return x
        end

        local function native_calls(n)
          local x = 0.0
          for _ = 1, n do x = native_inc(x) end
          return x
        end

        return baseline, lua_calls, native_calls
        """

    static let geoFlowFile = "flowbench_geo.lua"
    static let geoFlowName = "flowbench_geo"

    /// (d) as a flow, so it runs in the park's own state with the real `geo` module.
    /// `ctx.args.variant` picks the loop, `ctx.args.n` its length; the subtitle carries
    /// the mean distance so the two implementations can be checked against each other.
    static let geoFlow = """
        -- Written by flowbench into a temporary copy of the project; never shipped.
        local distance = geo.distance
        local sin, cos, asin, sqrt, min = math.sin, math.cos, math.asin, math.sqrt, math.min
        local R, RAD = 6371008.8, math.pi / 180

        -- The same haversine as GeoKit's Spherical.distance, in Lua.
        local function haversine(lat1, lon1, lat2, lon2)
          local phi1, phi2 = lat1 * RAD, lat2 * RAD
          local s1 = sin((phi2 - phi1) / 2)
          local s2 = sin((lon2 - lon1) * RAD / 2)
          local h = s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2
          return 2 * R * asin(min(1, sqrt(h)))
        end

        local loops = {}
        function loops.baseline(n, lat1, lon1, lat2, lon2)
          local x = 0.0
          for _ = 1, n do x = x + lat2 end
          return x
        end
        function loops.native(n, lat1, lon1, lat2, lon2)
          local x = 0.0
          for _ = 1, n do x = x + distance(lat1, lon1, lat2, lon2) end
          return x
        end
        function loops.lua(n, lat1, lon1, lat2, lon2)
          local x = 0.0
          for _ = 1, n do x = x + haversine(lat1, lon1, lat2, lon2) end
          return x
        end

        flow.register("\(geoFlowName)", function(ctx)
          local loop = loops[ctx.args.variant]
          local n = math.tointeger(tonumber(ctx.args.n))
          if not loop or not n then error("flowbench_geo: bad variant or n", 0) end
          -- Golden Gate visitor area to Alcatraz.
          local x = loop(n, 37.8078, -122.4750, 37.8267, -122.4230)
          return { title = "flowbench", subtitle = string.format("%.17g", x / n), sections = {} }
        end)
        """
}
