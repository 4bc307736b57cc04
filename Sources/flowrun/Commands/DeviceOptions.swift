import ArgumentParser

/// `--accuracy`, `--location`, `--until` and `--offline`: what the device knows of where it is
/// and whether it reaches the network (`ctx.location`, `ctx.connectivity`).
struct DeviceOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Horizontal accuracy of --at, or of every fix of --track, in metres (default 10: GPS under open sky). "
                               + "A fix worse than the park's location.accuracy (default 100) is not found.", valueName: "metres"))
    var accuracy: String?

    @Option(help: ArgumentHelp("The location state when no position is given: searching (the default), searching-longer, denied (location not allowed), "
                               + "unavailable (location services off), timed-out (no good fix in time) or idle (not asking).",
                               valueName: "state"))
    var location: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Run the flow at this moment of the --track file, in seconds from the track's first fix (600) or an ISO 8601 time "
                               + "(2019-07-31T14:10:00Z). The flow sees the location state the track's fixes lead to then, "
                               + "and the clock reads that moment.", valueName: "time"))
    var until: String?

    @Flag(help: "The device has no network: flows say what works from the cache (ctx.connectivity).")
    var offline = false
}
