public import Hummingbird
import Logging
public import LoopbackServer

/// `flowrun serve`: serves a folder of bundles (`dist/`) over HTTP on this machine only
/// (127.0.0.1), as any static host or CDN would serve the same files in production
/// (``BundleFiles``; README, Serving bundles). For authoring and tests.
public struct BundleServer: Sendable {
    /// The folder served.
    public let folder: String
    /// The port; 0 for any free one (``run(responder:handlesSignals:onListening:)`` says which).
    public var port: Int
    /// What bounds its connections (default: LoopbackServer's `ServerLimits()`, docs/operations.md, Local servers).
    public var limits = ServerLimits()

    /// The only address the server listens on.
    public static let host = LoopbackServer.host
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
    public typealias StartError = LoopbackServer.StartError

    /// Serves ``folder`` until the task is cancelled or, with `handlesSignals`, SIGINT or SIGTERM.
    /// - Parameters:
    ///   - handlesSignals: stop gracefully on SIGINT and SIGTERM (the command line's server).
    ///   - onRequest: told of each request answered, with its path and status (a benchmark
    ///     counts them); default none.
    ///   - onListening: called once the server listens, with its port.
    /// - Throws: ``StartError`` when it cannot listen; the server's error if it fails later.
    public func run(
        handlesSignals: Bool = true, onRequest: (@Sendable (String, Int) -> Void)? = nil,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let files = BundleFiles(folder: folder)
        guard let onRequest else { return try await run(responder: files, handlesSignals: handlesSignals, onListening: onListening) }
        let observed = CallbackResponder<ServerRequestContext> { request, context in
            let response = try await files.respond(to: request, context: context)
            onRequest(request.uri.path, Int(response.status.code))
            return response
        }
        try await run(responder: observed, handlesSignals: handlesSignals, onListening: onListening)
    }

    /// Serves with `responder` in front: ``BundleFiles``, or something wrapping it (a test's
    /// fault injector, a benchmark's request counter).
    public func run<Responder: HTTPResponder>(
        responder: Responder, handlesSignals: Bool = true,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws
    where Responder.Context == ServerRequestContext {
        var logger = Logger(label: "flowrun.serve")
        // A client that leaves mid-answer is no news to the person serving.
        logger.logLevel = .critical
        try await LoopbackServer.run(
            port: port, handlesSignals: handlesSignals, logger: logger, limits: limits,
            makeApp: { configuration, server, onServerRunning in
                Application(responder: responder, server: server, configuration: configuration, onServerRunning: onServerRunning, logger: logger)
            }, onListening: onListening)
    }
}
