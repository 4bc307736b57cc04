public import FlowKit
import Hummingbird
import Logging
public import LoopbackServer

/// `flowrun preview`: a web server on this machine only (127.0.0.1) that shows a park's
/// screens as a phone would, follows their actions (performing acts on a visitor's store of
/// its own), and updates the page by itself when a file under flows/ or parks/ is saved; app
/// clients get the same screens as JSON (README, Live preview). Routes are in ``PreviewRoutes``.
public struct PreviewServer: Sendable {
    /// The project to preview.
    public let root: ProjectRoot
    /// The port to listen on; 0 for any free one (``run(handlesSignals:onListening:)`` says which).
    public var port: Int
    /// The park the page shows first; nil for the first park.
    public var park: String?
    /// Makes the visitor's store that the server's act actions write and its screens read,
    /// once per ``run(handlesSignals:onListening:)`` (default: a new ``MemoryVisitorStore``,
    /// gone when the server stops).
    public var store: @Sendable () -> any VisitorStore
    /// The `photos/` folder of the visitor's profile, whose photos the frames show (default
    /// nil: none, as with the store in memory).
    public var photos: String?
    /// What bounds its connections (default: LoopbackServer's `ServerLimits()`, docs/operations.md, Local servers).
    public var limits = ServerLimits()
    /// What bounds each run and live session (default: a flow's, `HostLimits()`; an author of
    /// a large park may raise them, as for `flowrun run`).
    public var runLimits = HostLimits()

    /// How often the event streams get a comment, which ends those whose client left.
    static let pingInterval: Duration = .seconds(15)

    /// The only address the server listens on: the author's own machine.
    public static let host = LoopbackServer.host

    /// A server for `root`.
    /// - Parameters:
    ///   - root: the project.
    ///   - port: the port (0 for any free one).
    ///   - park: the park the page shows first.
    ///   - store: makes the visitor's store of a run of the server (default: an empty one in memory).
    public init(root: ProjectRoot, port: Int, park: String? = nil, store: @escaping @Sendable () -> any VisitorStore = { MemoryVisitorStore() }) {
        (self.root, self.port, self.park, self.store) = (root, port, park, store)
    }

    /// Why the server did not start.
    public typealias StartError = LoopbackServer.StartError

    /// Serves until the task is cancelled or, with `handlesSignals`, until SIGINT or SIGTERM.
    /// - Parameters:
    ///   - handlesSignals: stop gracefully on SIGINT and SIGTERM (the command line's server).
    ///   - onListening: called once the server listens, with its port.
    /// - Throws: ``StartError`` when it cannot listen; the server's error if it fails later.
    public func run(handlesSignals: Bool = true, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let project = PreviewProject(root: root, limits: runLimits, store: store)
        let feed = ChangeFeed()
        let router = PreviewRoutes(
            project: project, feed: feed, defaultPark: park, actToken: ActToken.make(), photos: photos.map(PreviewPhotos.init(folder:))
        ).router()
        let logger = {
            var logger = Logger(label: "flowrun.preview")
            logger.logLevel = .error
            return logger
        }()
        let changes = FileWatcher(root: root).start()
        try await LoopbackServer.run(
            port: port, handlesSignals: handlesSignals, logger: logger, limits: limits,
            makeApp: { configuration, server, onServerRunning in
                Application(router: router, server: server, configuration: configuration, onServerRunning: onServerRunning, logger: logger)
            },
            alongside: {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await _ in changes.stream {
                            await project.invalidate()
                            await feed.publish()
                        }
                    }
                    // A ping every 15 s ends the streams of clients that left.
                    group.addTask {
                        while (try? await Task.sleep(for: Self.pingInterval)) != nil {
                            await feed.ping()
                            await project.pingSessions()
                        }
                    }
                    await group.waitForAll()
                }
            }, onListening: onListening)
    }
}
