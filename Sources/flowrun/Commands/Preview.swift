import ArgumentParser
import FlowKit
import FlowPreview
import Foundation

extension Flowrun {
    /// `flowrun preview`: the live preview server (``PreviewServer``).
    struct Preview: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve a live preview of the park's screens on 127.0.0.1 (a page, and JSON for app clients).",
            discussion: """
                Open the address it prints: the page shows a flow's screen in a phone frame, follows its \
                actions, and updates by itself when a file under flows/ or parks/ is saved. App clients get \
                GET /parks, GET /parks/CODE/flows/FLOW?at=...&arg.NAME=value (the screen JSON) and \
                Server-Sent Events of updated screens (README, Live preview). Stop it with Ctrl-C. \
                Exits 2 when the port is in use.
                """)

        @OptionGroup var project: ProjectOptions

        @Option(help: "The port to listen on (0 for any free one).")
        var port: Int = 8080

        @Option(help: "The park the page shows first, e.g. GOGA (default: the first park).")
        var park: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, got \(port)") }
        }

        func run() throws {
            let root = try project.project()
            let park = try park.map { code throws(FlowError) in try ParkCatalog(root: root).resolve(code) }
            let server = PreviewServer(root: root, port: port, park: park)
            ProcessBackstop.liftCPULimit()
            // ParsableCommand runs on the main thread, synchronously: the server runs on the
            // concurrency pool while this thread waits for it.
            let outcome = Outcome()
            let done = DispatchSemaphore(value: 0)
            Task {
                do {
                    try await server.run { port in
                        // Unbuffered: a script waiting for the address reads it at once.
                        let line = "flowrun preview: serving \(root.url.path) at http://\(PreviewServer.host):\(port)/ (Ctrl-C to stop)\n"
                        FileHandle.standardOutput.write(Data(line.utf8))
                    }
                } catch {
                    outcome.error = error
                }
                done.signal()
            }
            done.wait()
            if let error = outcome.error as? PreviewServer.StartError {
                throw FlowError.badArgument(name: "--port", message: error.description)
            }
            if let error = outcome.error { throw error }
        }

        /// The server task's error. Unchecked but safe: the task writes it only before
        /// `done.signal()`, and it is read only after `done.wait()` returns, so the semaphore
        /// orders the write before the read and they never overlap.
        private final class Outcome: @unchecked Sendable {
            var error: (any Error)?
        }
    }
}
