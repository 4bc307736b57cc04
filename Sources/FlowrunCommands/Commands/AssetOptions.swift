import ArgumentParser
import FlowKit

/// `--assets`, `--assets-parallel`, `--assets-timeout`: load the screen's pictures as an app
/// would (the image sequencer) and report which arrived, which kept their placeholder, and when.
struct AssetOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Load the screen's pictures from this http:// or https:// base URL or folder (a park's assets/) and report on standard error which loaded, which kept their placeholder, and when.",
            valueName: "url-or-dir"))
    var assets: String?

    @Option(help: ArgumentHelp("Pictures requested at once, 1 to 64 (1: one after another). Default: \(PictureLoadOptions().parallel).", valueName: "n"))
    var assetsParallel: Int?

    @Option(
        help: ArgumentHelp(
            "Milliseconds after which a picture keeps its placeholder (replaced if it comes later). Default: \(PictureLoadOptions.milliseconds(PictureLoadOptions().timeout)).",
            valueName: "ms"))
    var assetsTimeout: Int?
}
