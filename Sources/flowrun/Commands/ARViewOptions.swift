import ArgumentParser
import FlowKit
import GeoKit

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
            guard heading.isFinite else { throw FlowError.badArgument(name: "--heading", message: "\(GeoError.text(heading)) is not a finite number") }
            args["heading"] = "\(heading)"
        }
        if let pitch {
            guard pitch.isFinite, (-90...90).contains(pitch) else {
                throw FlowError.badArgument(name: "--pitch", message: "\(GeoError.text(pitch)) out of range [-90, 90]")
            }
            args["pitch"] = "\(pitch)"
        }
        if let fov {
            guard fov.isFinite, fov > 0, fov < 180 else {
                throw FlowError.badArgument(name: "--fov", message: "\(GeoError.text(fov)) out of range (0, 180)")
            }
            args["fov"] = "\(fov)"
        }
        return args
    }
}
