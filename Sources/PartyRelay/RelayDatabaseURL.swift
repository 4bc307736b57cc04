#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--db`: where the relay's PostgreSQL is, as a URL
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require]`, checked
/// before anything connects, each mistake named.
public struct RelayDatabaseURL: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    /// TLS to the database: `disable` (loopback), `prefer` (the default), `require`.
    public var tls: String

    /// Reads `text`.
    /// - Throws: ``RelayError/badURL(_:)`` naming what is wrong.
    public init(_ text: String) throws(RelayError) {
        guard let url = URL(string: text), let scheme = url.scheme, ["postgres", "postgresql"].contains(scheme) else {
            throw .badURL("'\(text.prefix(200))' is not a postgres:// URL (postgres://USER@HOST:PORT/DATABASE)")
        }
        guard let host = url.host, !host.isEmpty else { throw .badURL("'\(text.prefix(200))' names no host") }
        guard let user = url.user, !user.isEmpty else { throw .badURL("'\(text.prefix(200))' names no user (postgres://USER@...)") }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw .badURL("'\(text.prefix(200))' names no database (postgres://USER@HOST:PORT/DATABASE)")
        }
        let port = url.port ?? 5432
        guard (1...65_535).contains(port) else { throw .badURL("port \(port) is not 1...65535") }
        var tls = "prefer"
        for item in URLComponents(string: text)?.queryItems ?? [] {
            guard item.name == "sslmode" else { throw .badURL("unknown parameter '\(item.name)' (only sslmode)") }
            guard let mode = item.value, ["disable", "prefer", "require"].contains(mode) else {
                throw .badURL("sslmode must be disable, prefer or require, not '\(item.value ?? "")'")
            }
            tls = mode
        }
        // Reserved characters of a password are percent-encoded in a URL; without one in the
        // URL, PostgreSQL's own PGPASSWORD (kept off the command line, where `ps` shows it).
        let password = url.password.map { $0.removingPercentEncoding ?? $0 } ?? ProcessInfo.processInfo.environment["PGPASSWORD"]
        let name = user.removingPercentEncoding ?? user
        (self.user, self.password, self.host, self.port, self.database, self.tls) = (name, password, host, port, database, tls)
    }

    /// The URL without its password, for logs and messages.
    public var description: String { "postgres://\(user)@\(host):\(port)/\(database)?sslmode=\(tls)" }
}
