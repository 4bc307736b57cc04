import ScreenModel
import ArgumentParser

/// `--center`, `--zoom`, `--size`, `--bbox`: where the map flow looks. Read as text and
/// parsed by `FlowRequest.setView(from:name:)`, the one place a go action's view args are
/// read too, so a bad value is a usage error (exit 2); flows see them as `ctx.view`.
///
/// Every option here and in ``ARViewOptions`` takes the next argument whatever it starts
/// with (`parsing: .unconditional`): a southern latitude, a western edge, `--zoom -1` (which
/// then fails its range check rather than "missing value").
struct CameraOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Map center as LAT,LON, e.g. 37.80,-122.46 (default: the park's center).", valueName: "lat,lon"))
    var center: String?

    @Option(parsing: .unconditional, help: "Map zoom, 0-30 (default: the park's zoom).")
    var zoom: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("Screen size in whole points, for the map and AR views (default: the park's map.size or ar.size, 390x844).", valueName: "WxH"))
    var size: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Show this box instead of a center and zoom, e.g. -122.52,37.74,-122.40,37.82 (west first). "
            + "Across the antimeridian: east past 180, e.g. 170,-10,190,10, or west > east when under 180° wide, e.g. 170,-10,-170,10.",
        valueName: "w,s,e,n"))
    var bbox: String?

    /// The values given, by their `ctx.view` keys.
    var values: [String: String] {
        ["center": center, "zoom": zoom, "size": size, "bbox": bbox].compactMapValues { $0 }
    }
}
