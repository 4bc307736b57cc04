-- The app's own screen over its own native module: `weather` is registered by the host
-- (Examples/LiveHost/Sources/livehost/WeatherModule.swift), not by flowrun, so where it is
-- missing (`flowrun check`, the preview) the screen says so instead of failing.
-- luacheck: read globals weather
local ui = require("lib.ui")

flow.register("weather", function(ctx)
  if weather == nil then
    return ui.screen("Weather", { ui.text("The forecast comes from the app's weather module.") }, ctx.park.name)
  end
  local now = weather.now(ctx.park.code, ctx.time.hour)
  return ui.screen("Weather", {
    ui.text(("%s at %02d:00: %s, %d °C."):format(ctx.park.name, ctx.time.hour, now.sky, now.celsius), "heading"),
  }, ctx.park.name)
end)
