import FlowKit
import Foundation
import LuaKit

/// The app's own native module: `weather.now(park, hour)` answers from a forecast the app
/// holds (here a JSON fixture; an app would fetch one). Written against FlowKit's public
/// `NativeModule` only.
struct WeatherModule: NativeModule {
    /// Hourly forecasts by park code: `{"YOSE": [{"hour": 9, "sky": "sunny", "celsius": 18}, ...]}`.
    let forecasts: [String: [Hour]]

    struct Hour: Decodable, Sendable {
        var hour: Int
        var sky: String
        var celsius: Int
    }

    let name = "weather"
    let summary = "The forecast the app holds for the park (the example host's own module)."

    var functions: [NativeFunction] {
        let forecasts = self.forecasts
        return [
            NativeFunction(
                "now", summary: "The forecast for a park at an hour of the day.",
                parameters: [.init("park", "string", "the park's code"), .init("hour", "integer", "0 to 23")],
                returns: [("{sky: string, celsius: integer}", "the forecast for that hour")],
                example: "local now = weather.now(ctx.park.code, ctx.time.hour)"
            ) { _, call in
                let park = try call.string(1)
                let hour = try call.integer(2)
                guard (0...23).contains(hour) else { throw call.badArgument(2, "hour must be 0 to 23, got \(hour)") }
                guard let hours = forecasts[park], let nearest = hours.min(by: { abs($0.hour - hour) < abs($1.hour - hour) }) else {
                    throw call.badArgument(1, "no forecast for park '\(park)'")
                }
                var table = LuaTable()
                table["sky"] = .string(nearest.sky)
                table["celsius"] = .integer(Int64(nearest.celsius))
                call.push(LuaValue.table(table))
            }
        ]
    }
}
