public import FlowKit
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `flowrun preview`: a web server on this machine only (127.0.0.1) that shows a park's
/// screens as a phone would, follows their actions, and updates the page by itself when
/// a file under flows/ or parks/ is saved; app clients get the same screens as JSON
/// (README, Live preview). Routes are in ``PreviewRoutes``.
public struct PreviewServer: Sendable {
    /// The project to preview.
    public let root: ProjectRoot
    /// The port to listen on; 0 for any free one (``run(handlesSignals:onListening:)`` says which).
    public var port: Int
    /// The park the page shows first; nil for the first park.
    public var park: String?

    /// The only address the server listens on: the author's own machine.
    public static let host = "127.0.0.1"

    /// A server for `root`.
    /// - Parameters:
    ///   - root: the project.
    ///   - port: the port (0 for any free one).
    ///   - park: the park the page shows first.
    public init(root: ProjectRoot, port: Int, park: String? = nil) {
        (self.root, self.port, self.park) = (root, port, park)
    }

    /// Why the server did not start.
    public enum StartError: Error, CustomStringConvertible, Sendable {
        /// Another program listens on the port.
        case portInUse(port: Int)
        /// The port could not be listened on for another reason (the system's words).
        case cannotListen(port: Int, reason: String)

        /// The message for people.
        public var description: String {
            switch self {
            case .portInUse(let port):
                return "cannot listen on \(PreviewServer.host):\(port): the port is in use (stop what uses it, or choose another with --port)"
            case .cannotListen(let port, let reason):
                return "cannot listen on \(PreviewServer.host):\(port): \(reason)"
            }
        }
    }

    /// Serves until the task is cancelled or, with `handlesSignals`, until SIGINT or SIGTERM.
    /// - Parameters:
    ///   - handlesSignals: stop gracefully on SIGINT and SIGTERM (the command line's server).
    ///   - onListening: called once the server listens, with its port.
    /// - Throws: ``StartError`` when it cannot listen; the server's error if it fails later.
    public func run(handlesSignals: Bool = true, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let project = PreviewProject(root: root)
        let feed = ChangeFeed()
        let router = PreviewRoutes(project: project, feed: feed, defaultPark: park).router()
        let started = StartFlag()
        let logger = {
            var logger = Logger(label: "flowrun.preview")
            logger.logLevel = .error
            return logger
        }()
        let port = port
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(Self.host, port: port), serverName: "flowrun"),
            onServerRunning: { channel in
                await started.set()
                await onListening(channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        let watcher = FileWatcher(root: root)
        let initial = watcher.snapshot()
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // A ping every 15 s ends the streams of clients that left.
                    await watcher.run(from: initial, onIdle: { await feed.ping() }) {
                        await project.invalidate()
                        await feed.publish()
                    }
                }
                group.addTask {
                    try await Self.serve(app, handlesSignals: handlesSignals, logger: logger)
                }
                // The server's task ends the group: the watcher only ends when cancelled.
                try await group.next()
                group.cancelAll()
            }
        } catch {
            guard await !started.value else { throw error }
            if let io = error as? IOError, io.errnoCode == EADDRINUSE { throw StartError.portInUse(port: port) }
            if "\(error)".contains("Address already in use") { throw StartError.portInUse(port: port) }
            throw StartError.cannotListen(port: port, reason: "\(error)")
        }
    }
}

extension PreviewServer {
    /// Runs `app` until a signal (with `handlesSignals`) or until the calling task is
    /// cancelled, and stops it gracefully either way: open requests finish and the event
    /// streams end (``PreviewRoutes/eventStream(feed:_:)``). Cancelling the server's own
    /// task instead would tear its accept loop, which Hummingbird logs as an error
    /// ("Waiting on child channel: CancellationError()") on every normal stop.
    static func serve(_ app: some ApplicationProtocol & Service, handlesSignals: Bool, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [],
                                                      logger: logger)
        // A stuck request does not keep the server up forever: cancelled after this.
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        let services = ServiceGroup(configuration: configuration)
        // Not a child task, so the caller's cancellation reaches it only as the graceful shutdown below.
        let running = Task { try await services.run() }
        try await withTaskCancellationHandler {
            try await running.value
        } onCancel: {
            Task { await services.triggerGracefulShutdown() }
        }
    }
}

/// Whether the server got as far as listening: an error before that is a start error.
private actor StartFlag {
    private(set) var value = false
    func set() { value = true }
}
