import FlowrunCommands

/// `flowrun`, lean: runs, checks and authoring, linking none of the servers, the updater,
/// signed bundles or the picture loader. A command line that needs them goes to
/// `flowrun-full` beside it, unchanged (``FullCommandLine``).
@main
enum FlowrunLean {
    static func main() {
        if FullCommandLine.needed(Array(CommandLine.arguments.dropFirst())) { FullCommandLine.handOver() }
        Flowrun.runCommandLine()
    }
}
