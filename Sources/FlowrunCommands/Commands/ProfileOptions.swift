import ArgumentParser
import FlowStore

/// `--profile DIR`: whose visitor's store a run reads and writes (favorites, visits, pins,
/// settings). Default: the user's data folder (`flowrun profile` prints it).
struct ProfileOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The visitor's profile: a folder holding store.sqlite and photos/ (default: $XDG_DATA_HOME/flowrun/profile or ~/.local/share/flowrun/profile).",
            valueName: "dir"))
    var profile: String?

    /// The profile asked for, or the default one.
    var chosen: Profile { Self.profile(profile) }

    /// The profile at `path`, or the default one when it is nil.
    static func profile(_ path: String?) -> Profile {
        path.map(Profile.init(path:)) ?? Profile.standard()
    }
}
