import FlowKit
import ArgumentParser

/// `--heading`, `--pitch`, `--fov`: how the phone camera is held for the AR flow. Kept as
/// text and read with the map's options (see ``CameraOptions``); flows see them as `ctx.ar`.
struct ARViewOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: RunInputField.help("heading"))
    var heading: String?

    @Option(parsing: .unconditional, help: RunInputField.help("pitch"))
    var pitch: String?

    @Option(parsing: .unconditional, help: RunInputField.help("fov"))
    var fov: String?

    /// The values given, by their `ctx.ar` keys.
    var values: [String: String] {
        ["heading": heading, "pitch": pitch, "fov": fov].compactMapValues { $0 }
    }
}
