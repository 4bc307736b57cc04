import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization

/// The relay's PostgreSQL: a pool of connections (postgres-nio's `PostgresClient`), the
/// schema made on start, and transactions whose connection failures become one refusal,
/// 503 `database_unavailable`, so a database that goes away is a status, never a crash.
final class RelayDatabase: Sendable {
    let client: PostgresClient
    let logger: Logger
    /// Seconds a request waits for the database before it is answered 503: a database that
    /// went away must not hold a phone's request (or a proxy's) until TCP gives up.
    let timeout: Double

    init(_ url: RelayDatabaseURL, connections: Int, timeout: Double, logger: Logger) {
        self.timeout = timeout
        var configuration = PostgresClient.Configuration(
            host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
            tls: url.tls == "disable" ? .disable : url.tls == "require" ? .require(.makeClientConfiguration()) : .prefer(.makeClientConfiguration()))
        configuration.options.maximumConnections = max(2, connections)
        configuration.options.connectTimeout = .seconds(3)
        // The prepared statements (RelayStatements) are planned once per connection: a batch's
        // arrays have no length PostgreSQL can know ahead, so left to choose it planned them
        // again at every run, which cost more than running them.
        configuration.options.additionalStartupParameters = [("plan_cache_mode", "force_generic_plan")]
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.logger = logger
    }

    /// Makes the tables when missing, and refuses a database of another schema version.
    func prepare() async throws(RelayError) {
        do {
            try await Self.within(max(timeout, 10), what: "the database did not answer") { [client, logger] in
                try await Self.makeSchema(client, logger: logger)
            }
        } catch let error as RelayError {
            throw error
        } catch {
            throw .database(Self.describe(error))
        }
    }

    private static func makeSchema(_ client: PostgresClient, logger: Logger) async throws {
        do {
            try await client.withConnection { connection in
                // One relay at a time makes the schema: others wait on the lock, then find it made.
                try await connection.query("SELECT pg_advisory_lock(8470)", logger: logger)
                for statement in RelaySchema.statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                let rows = try await connection.query("SELECT version FROM relay_schema", logger: logger)
                var versions: [Int] = []
                for try await version in rows.decode(Int.self) { versions.append(version) }
                if versions.isEmpty {
                    try await connection.query("INSERT INTO relay_schema (version) VALUES (\(RelaySchema.version))", logger: logger)
                }
                try await connection.query("SELECT pg_advisory_unlock(8470)", logger: logger)
                if let other = versions.first, other != RelaySchema.version {
                    throw RelayError.database("schema version \(other); this relay writes version \(RelaySchema.version)")
                }
            }
        } catch let error as RelayError {
            throw error
        } catch {
            throw RelayError.database(Self.describe(error))
        }
    }

    /// `body`'s result, or `TimedOut` after `seconds` (`body` is then cancelled, and its end
    /// awaited). The timer is an event loop's: a `Task.sleep` per call, cancelled nearly
    /// always, cost the relay a sixth of its CPU in Dispatch's timer threads under load.
    static func within<T: Sendable>(_ seconds: Double, what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let work = Task { try await body() }
        let expiry = Expiry()
        let timer = MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) {
            expiry.fired.store(true, ordering: .releasing)
            work.cancel()
        }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
        } catch {
            if expiry.fired.load(ordering: .acquiring) { throw TimedOut(message: "\(what) within \(Int(seconds)) s") }
            throw error
        }
    }

    /// Whether a ``within(_:what:_:)`` timer went off.
    private final class Expiry: Sendable {
        let fired = Atomic<Bool>(false)
    }

    struct TimedOut: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// A ``Refusal`` it throws comes out as it is; a connection failure as 503.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(Refusal) -> T {
        try await connection { [logger] connection in try await Self.transaction(on: connection, logger: logger, body) }
    }

    /// Runs `body` in one transaction on `connection` (see above).
    static func transaction<T: Sendable>(
        on connection: PostgresConnection, logger: Logger, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        try await connection.query("BEGIN", logger: logger)
        do {
            let value = try await body(connection)
            try await connection.query("COMMIT", logger: logger)
            return value
        } catch {
            _ = try? await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// Runs `body` on one connection without a transaction: each statement commits on its own.
    func connection<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws(Refusal) -> T {
        do {
            return try await Self.within(timeout, what: "the database did not answer") { [client] in
                try await client.withConnection { connection in try await body(connection) }
            }
        } catch let refusal as Refusal {
            throw refusal
        } catch {
            throw Self.refusal(error)
        }
    }

    /// 503 for a database that cannot be reached; a query the database refused is the relay's
    /// own mistake, said as it is (also 503: the request may be sent again; nothing was stored).
    static func refusal(_ error: any Error) -> Refusal {
        Refusal(.databaseUnavailable, "the database is unavailable (\(describe(error))); nothing was stored, send again", retryAfter: 1)
    }

    /// An error of postgres-nio in a few words: the server's message, or the connection's trouble.
    static func describe(_ error: any Error) -> String {
        if let psql = error as? PSQLError {
            if let message = psql.serverInfo?[.message] { return String(message.prefix(300)) }
            return "\(psql.code)"
        }
        return String("\(error)".prefix(300))
    }
}
