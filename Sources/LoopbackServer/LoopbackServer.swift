import Foundation
public import Hummingbird
public import HummingbirdCore
public import Logging
public import NIOCore
public import ServiceLifecycle

/// What the project's HTTP servers (`flowrun preview`, `flowrun serve`) share: they listen
/// on this machine only, answer only their own origin, bound what each client may hold
/// (``ServerLimits``), say plainly why they could not start, and stop gracefully.
public enum LoopbackServer {
    /// The only address a server of this project listens on.
    public static let host = "127.0.0.1"

    /// Why a server did not start.
    public enum StartError: Error, CustomStringConvertible, Sendable {
        /// Another program listens on the port.
        case portInUse(port: Int)
        /// The port could not be listened on for another reason (the system's words).
        case cannotListen(port: Int, reason: String)

        /// The message for people.
        public var description: String {
            switch self {
            case .portInUse(let port):
                "cannot listen on \(LoopbackServer.host):\(port): the port is in use (stop what uses it, or choose another with --port)"
            case .cannotListen(let port, let reason):
                "cannot listen on \(LoopbackServer.host):\(port): \(reason)"
            }
        }
    }

    /// Builds the application with `makeApp` on ``host``:`port` and runs it, with `alongside`
    /// (a task that runs until cancelled, such as a file watcher) beside it, until a signal
    /// (with `handlesSignals`) or until the calling task is cancelled.
    /// - Parameters:
    ///   - limits: what bounds the server's connections (default: ``ServerLimits``'s defaults).
    ///   - makeApp: the application, given its configuration, its HTTP/1 server (with the
    ///     connection guard: origin check, timeouts, the cap) and what it calls once it listens.
    ///   - onListening: told the port once the server listens (the one chosen when `port` is 0).
    /// - Throws: ``StartError`` when it cannot listen; the server's error if it fails later.
    ///   - address: where to listen (default ``host``); a service behind a proxy on another
    ///     machine names its own.
    ///   - origins: which requests it answers (default: its own origin only).
    public static func run<App: ApplicationProtocol & Service>(
        port: Int, handlesSignals: Bool, logger: Logger, limits: ServerLimits = ServerLimits(),
        address: String = host, origins: OriginCheck.Policy = .ownOrigin,
        makeApp: (ApplicationConfiguration, HTTPServerBuilder, @escaping @Sendable (any Channel) async -> Void) -> App,
        alongside: (@Sendable () async -> Void)? = nil,
        onListening: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let started = StartFlag()
        let roster = ConnectionRoster(capacity: limits.effectiveConnections)
        let server = HTTPServerBuilder.http1(
            configuration: .init(additionalChannelHandlers: [ConnectionGuard(limits: limits, roster: roster, origins: origins)]))
        let app = makeApp(.init(address: .hostname(address, port: port), serverName: "flowrun", backlog: limits.pendingConnections), server) { channel in
            await started.set()
            await onListening(channel.localAddress?.port ?? port)
        }
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                if let alongside { group.addTask { await alongside() } }
                group.addTask { try await serve(app, handlesSignals: handlesSignals, logger: logger) }
                // The server's task ends the group: what runs alongside ends only when cancelled.
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

    /// Runs `app` and stops it gracefully on a signal or on the caller's cancellation: open
    /// requests finish (and event streams end, which watch for the graceful shutdown).
    /// Cancelling the server's own task instead tears its accept loop: Hummingbird logs
    /// "Waiting on child channel: CancellationError()" on every normal stop, and a connection
    /// accepted at that instant ended the process (NIO: "Deinited NIOAsyncWriter without
    /// calling finish()").
    static func serve(_ app: some ApplicationProtocol & Service, handlesSignals: Bool, logger: Logger) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [app], gracefulShutdownSignals: handlesSignals ? [.sigterm, .sigint] : [],
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
