import Foundation
public import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// `flowrun serve`: serves a folder of bundles (`dist/`) over HTTP on this machine only
/// (127.0.0.1), as any static host or CDN would serve the same files in production
/// (``BundleFiles``; README, Serving bundles). For authoring and tests.
public struct BundleServer: Sendable {
    /// The folder served.
    public let folder: String
    /// The port; 0 for any free one (``run(responder:handlesSignals:onListening:)`` says which).
    public var port: Int

    /// The only address the server listens on.
    public static let host = "127.0.0.1"
    /// The port `flowrun serve` listens on unless told (`--port`).
    public static let defaultPort = 8090

    /// A server of `folder`.
    /// - Parameters:
    ///   - folder: the folder holding one bundle folder per park (`dist`).
    ///   - port: the port (default ``defaultPort``, 8090; 0 for any free one).
    public init(folder: String, port: Int = defaultPort) {
        self.folder = folder
        self.port = port
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
                "cannot listen on \(BundleServer.host):\(port): the port is in use (stop what uses it, or choose another with --port)"
            case .cannotListen(let port, let reason):
                "cannot listen on \(BundleServer.host):\(port): \(reason)"
            }
        }
    }

    /// Serves ``folder`` until the task is cancelled or, with `handlesSignals`, SIGINT or SIGTERM.
    /// - Parameters:
    ///   - handlesSignals: stop gracefully on SIGINT and SIGTERM (the command line's server).
    ///   - onRequest: told of each request answered, with its path and status (a benchmark
    ///     counts them); default none.
    ///   - onListening: called once the server listens, with its port.
    /// - Throws: ``StartError`` when it cannot listen; the server's error if it fails later.
    public func run(handlesSignals: Bool = true, onRequest: (@Sendable (String, Int) -> Void)? = nil,
                    onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let files = BundleFiles(folder: folder)
        guard let onRequest else { return try await run(responder: files, handlesSignals: handlesSignals, onListening: onListening) }
        let observed = CallbackResponder<BasicRequestContext> { request, context in
            let response = try await files.respond(to: request, context: context)
            onRequest(request.uri.path, Int(response.status.code))
            return response
        }
        try await run(responder: observed, handlesSignals: handlesSignals, onListening: onListening)
    }

    /// Serves with `responder` in front: ``BundleFiles``, or something wrapping it (a test's
    /// fault injector, a benchmark's request counter).
    public func run<Responder: HTTPResponder>(responder: Responder, handlesSignals: Bool = true,
                                              onListening: @escaping @Sendable (Int) async -> Void) async throws
    where Responder.Context == BasicRequestContext {
        var logger = Logger(label: "flowrun.serve")
        // A client that leaves mid-answer is no news to the person serving.
        logger.logLevel = .critical
        let started = StartFlag()
        let port = port
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(Self.host, port: port), serverName: "flowrun"),
            onServerRunning: { channel in
                await started.set()
                await onListening(channel.localAddress?.port ?? port)
            },
            logger: logger
        )
        do {
            try await Self.serve(app, handlesSignals: handlesSignals, logger: logger)
        } catch {
            guard await !started.value else { throw error }
            if let io = error as? IOError, io.errnoCode == EADDRINUSE { throw StartError.portInUse(port: port) }
            if "\(error)".contains("Address already in use") { throw StartError.portInUse(port: port) }
            throw StartError.cannotListen(port: port, reason: "\(error)")
        }
    }
}

extension BundleServer {
    /// Runs `app` until a signal (with `handlesSignals`) or until the calling task is
    /// cancelled, and stops it gracefully either way: open requests finish, then it ends.
    /// Cancelling the server's own task instead tears its accept loop, and a connection
    /// accepted at that instant ended the process (NIO: "Deinited NIOAsyncWriter without
    /// calling finish()"). As FlowPreview's server does.
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
