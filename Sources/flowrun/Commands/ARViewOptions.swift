import ArgumentParser

/// `--heading`, `--pitch`, `--fov`: how the phone camera is held for the AR flow. Read as
/// text and parsed with the map's options (see ``CameraOptions``); flows see them as `ctx.ar`.
struct ARViewOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Compass heading the camera looks, degrees clockwise from north, at least 0 and less than 360.")
    var heading: String?

    @Option(parsing: .unconditional, help: "Camera tilt in degrees, up positive (-90 to 90; default 0).")
    var pitch: String?

    @Option(parsing: .unconditional, help: "Horizontal field of view in degrees (more than 0, less than 180; default the park's ar.fov).")
    var fov: String?

    /// The values given, by their `ctx.ar` keys.
    var values: [String: String] {
        ["heading": heading, "pitch": pitch, "fov": fov].compactMapValues { $0 }
    }
}
