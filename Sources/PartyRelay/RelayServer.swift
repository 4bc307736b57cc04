public import FlowBundle
public import FlowKit
import Hummingbird
import CExecutorHook
import Logging
public import LoopbackServer
import NIOCore
import NIOPosix
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flowrun relay`: the party service (docs/relay.md). Members' phones report their fixes to
/// it; it evaluates each party's rules as reports arrive (FlowKit and GeoKit's, the same a
/// replay runs) and delivers each alert to the members whose role is told of it, on their
/// event streams and as outbox rows for push, SMS and e-mail senders.
///
/// Everything is in PostgreSQL: a relay holds nothing a request needs, so several run against
/// one database, behind one proxy, and any of them serves any member.
public struct RelayServer: Sendable {
    public let configuration: RelayConfiguration
    let service: RelayService

    /// - Parameters:
    ///   - configuration: the database, address and limits.
    ///   - key: the key members' tokens are signed with; every relay of a deployment has the same.
    ///   - root: the project folder whose parks parties name.
    ///   - clock: seconds since 1970 (default: the system's).
    public init(
        configuration: RelayConfiguration, key: SigningKey, root: ProjectRoot,
        clock: (@Sendable () -> Double)? = nil
    ) {
        self.configuration = configuration
        var logger = Logger(label: "flowrun.relay")
        logger.logLevel = .critical
        service = RelayService(
            configuration: configuration, key: key, root: root, logger: logger, clock: clock ?? { Date().timeIntervalSince1970 })
    }

    /// Makes SwiftNIO's event loops the threads Swift concurrency runs on, for the rest of the
    /// process, as NIO's `unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`
    /// does: a request's work then goes on where its socket's answer arrived, instead of waking
    /// a thread of the concurrency pool at every await on the network or the database (under
    /// load, 43 % of the relay's CPU was the kernel's, most of it waking threads). Call it
    /// first, before any task runs; nothing in the relay blocks a thread a task runs on.
    /// - Returns: false when another hook was installed first (nothing changes then).
    public static func runTasksOnEventLoops() -> Bool {
        flowrun_route_global_jobs { job in
            guard let job else { return }
            // Sticky: a job made on an event loop stays on it.
            let loop = MultiThreadedEventLoopGroup.singleton.any()
            loop.executor.enqueue(ExecutorJob(unsafeBitCast(job, to: UnownedJob.self)))
        } == 1
    }

    /// Prepares the database and serves until cancelled or, with `handlesSignals`, SIGINT or SIGTERM.
    /// - Parameter onListening: called once the server listens, with its port.
    /// - Throws: ``RelayError`` when the database cannot be prepared; LoopbackServer's
    ///   `StartError` when the port cannot be listened on.
    public func run(handlesSignals: Bool = true, onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let service = self.service
        let configuration = self.configuration
        var limits = ServerLimits()
        limits.connections = configuration.connections
        // A phone's stream is answered for as long as it is open: idle keep-alive applies to the rest.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await service.database.client.run() }
            try await service.database.prepare()
            let router = RelayRoutes(service: service).router()
            try await LoopbackServer.run(
                port: configuration.port, handlesSignals: handlesSignals, logger: service.logger, limits: limits,
                address: configuration.host, origins: .noPages,
                makeApp: { configuration, server, onServerRunning in
                    Application(router: router, server: server, configuration: configuration, onServerRunning: onServerRunning, logger: service.logger)
                },
                alongside: {
                    await withTaskGroup(of: Void.self) { tasks in
                        tasks.addTask { await service.fanout.listen() }
                        tasks.addTask {
                            while (try? await Task.sleep(for: .seconds(configuration.sweepSeconds))) != nil {
                                _ = try? await service.sweep()
                            }
                        }
                        tasks.addTask {
                            // A slice of the streams each second or so, every stream once a keep-alive interval.
                            let slices = max(1, Int(configuration.keepAliveSeconds.rounded()))
                            var slice = 0
                            while (try? await Task.sleep(for: .seconds(configuration.keepAliveSeconds / Double(slices)))) != nil {
                                service.fanout.keepAlive(slice: slice, of: slices)
                                slice += 1
                            }
                        }
                        await tasks.waitForAll()
                    }
                    service.fanout.closeAll()
                }, onListening: onListening)
            group.cancelAll()
        }
    }
}
