import FlowKit
import ArgumentParser

/// `--accuracy`, `--location`, `--until` and `--offline`: what the device knows of where it is
/// and whether it reaches the network (`ctx.location`, `ctx.connectivity`).
struct DeviceOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: RunInputField.help("accuracy"))
    var accuracy: String?

    @Option(help: RunInputField.help("location"))
    var location: String?

    @Option(parsing: .unconditional, help: RunInputField.help("until"))
    var until: String?

    @Flag(help: RunInputField.help("offline"))
    var offline = false
}
