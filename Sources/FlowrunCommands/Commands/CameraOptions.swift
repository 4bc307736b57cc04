import FlowKit
import ScreenModel
import ArgumentParser

/// `--center`, `--zoom`, `--size`, `--bbox`: where the map flow looks. Kept as text and read
/// by their inputs' types in `RunInputField.all`, which a go action's view args are read with
/// too, so a bad value is a usage error (exit 2); flows see them as `ctx.view`.
///
/// Every option here and in ``ARViewOptions`` takes the next argument whatever it starts
/// with (`parsing: .unconditional`): a southern latitude, a western edge, `--zoom -1` (which
/// then fails its range check rather than "missing value").
struct CameraOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: RunInputField.help("center"))
    var center: String?

    @Option(parsing: .unconditional, help: RunInputField.help("zoom"))
    var zoom: String?

    @Option(parsing: .unconditional, help: RunInputField.help("size"))
    var size: String?

    @Option(parsing: .unconditional, help: RunInputField.help("bbox"))
    var bbox: String?

    /// The values given, by their `ctx.view` keys.
    var values: [String: String] {
        ["center": center, "zoom": zoom, "size": size, "bbox": bbox].compactMapValues { $0 }
    }
}
