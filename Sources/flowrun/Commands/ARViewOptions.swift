import ArgumentParser
import FlowKit

/// `--heading`, `--pitch`, `--fov`: how the phone camera is held for the AR flow. Checked
/// here so a typo is a usage error (exit 2); passed to the flow as `ctx.args`.
struct ARViewOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Compass heading the camera looks, degrees clockwise from north (0-360).")
    var heading: Double?

    @Option(parsing: .unconditional, help: "Camera tilt in degrees, up positive (-90 to 90; default 0).")
    var pitch: Double?

    @Option(help: "Horizontal field of view in degrees (more than 0, less than 180; default the park's ar.fov).")
    var fov: Double?

    func arguments() throws -> [String: String] {
        var args: [String: String] = [:]
        if let heading {
            guard heading.isFinite else { throw FlowError.badArgument(name: "--heading", message: "\(Self.shown(heading)) is not a finite number") }
            args["heading"] = "\(heading)"
        }
        if let pitch {
            guard pitch.isFinite, (-90...90).contains(pitch) else {
                throw FlowError.badArgument(name: "--pitch", message: "\(Self.shown(pitch)) out of range [-90, 90]")
            }
            args["pitch"] = "\(pitch)"
        }
        if let fov {
            guard fov.isFinite, fov > 0, fov < 180 else {
                throw FlowError.badArgument(name: "--fov", message: "\(Self.shown(fov)) out of range (0, 180)")
            }
            args["fov"] = "\(fov)"
        }
        return args
    }

    /// A value as the user would have typed it: `0`, not `0.0`.
    private static func shown(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
