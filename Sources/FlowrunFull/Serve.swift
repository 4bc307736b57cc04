import ArgumentParser
import FlowrunCommands
import FlowKit
import FlowSync
import Foundation

extension Flowrun {
    /// `flowrun serve --bundles dist/`: the bundle server (``BundleServer``).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: FullCommandLine.Command.serve.rawValue,
            abstract: FullCommandLine.Command.serve.abstract,
            discussion: """
                Serves the files of --bundles (one folder per park, as 'flowrun bundle' writes them) at \
                http://127.0.0.1:PORT/CODE/...: GET and HEAD, a strong ETag and If-None-Match (304), \
                Cache-Control immutable for objects/ and no-cache for manifests, single byte ranges (206, 416); \
                404 for anything else (.., hidden names, symbolic links, folders). Apps update with \
                'flowrun sync --from http://127.0.0.1:PORT/ --park CODE --cache DIR'. README, Serving bundles, \
                shows the headers to give the same files on a static host. Stop it with Ctrl-C. \
                Exits 2 when the port is in use or --bundles is not a folder.
                """)

        @Option(help: ArgumentHelp("The folder of bundles (one folder per park).", valueName: "dir"))
        var bundles = "dist"

        @Option(help: "The port to listen on (0 for any free one).")
        var port = BundleServer.defaultPort

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, got \(port)") }
        }

        func run() throws {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: bundles, isDirectory: &isFolder), isFolder.boolValue else {
                throw FlowError.badArgument(name: "--bundles", message: "'\(bundles)' is not a folder (flowrun bundle writes dist/)")
            }
            let server = BundleServer(folder: bundles, port: port)
            try Blocking.serve("serve", serving: bundles) { onListening in try await server.run(onListening: onListening) }
        }
    }
}
