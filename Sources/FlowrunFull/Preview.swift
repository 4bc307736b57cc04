import ArgumentParser
import FlowrunCommands
import FlowKit
import FlowPreview
import FlowStore
import Foundation

extension Flowrun {
    /// `flowrun preview`: the live preview server (``PreviewServer``).
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: FullCommandLine.Command.preview.rawValue,
            abstract: FullCommandLine.Command.preview.abstract,
            discussion: """
                Open the address it prints: the page shows a flow's screen in a phone frame, follows its \
                actions, and updates by itself when a file under flows/ or parks/ is saved. App clients get \
                GET /parks, GET /parks/CODE/flows/FLOW?at=...&arg.NAME=value (the screen JSON) and \
                Server-Sent Events of updated screens (README, Live preview). An act action clicked in \
                the page (or POSTed by a client) writes a visitor's store of the server's own, in memory \
                and empty at each start, or --profile's. Stop it with Ctrl-C. Exits 2 when the port is in use.
                """)

        @OptionGroup var project: ProjectOptions

        @OptionGroup(title: "Limits of each run and live session, as for 'flowrun run'")
        var limits: LimitOptions

        @Option(help: "The port to listen on (0 for any free one).")
        var port: Int = 8080

        @Option(help: "The park the page shows first, e.g. GOGA (default: the first park).")
        var park: String?

        @Option(
            help: ArgumentHelp(
                "A visitor's profile for the page's acts to write and its screens to read (default: a store of the server's own, in memory, empty at each start).",
                valueName: "dir"))
        var profile: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, got \(port)") }
        }

        func run() throws {
            let root = try project.project()
            let park = try park.map { code throws(FlowError) in try ParkCatalog(root: root).resolve(code) }
            let chosen = profile.map(Profile.init(path:))
            var server = PreviewServer(
                root: root, port: port, park: park,
                store: { () -> any VisitorStore in
                    if let chosen { return SQLiteVisitorStore(profile: chosen) }
                    return MemoryVisitorStore()
                })
            server.runLimits = try limits.limits()
            server.photos = chosen?.photosPath
            try Blocking.serve("preview", serving: root.url.path) { [server] onListening in try await server.run(onListening: onListening) }
        }
    }
}
