import Foundation

/// A scratch PostgreSQL server for the relay's tests: Debian's `postgresql` binaries
/// (`bin/setup` installs them), a cluster made with `initdb` in a temporary folder, listening
/// on 127.0.0.1 on a free port with trust authentication, and removed when stopped. PostgreSQL
/// refuses to run as root, so as root (CI's containers) its commands run as the `postgres`
/// user the package creates.
///
/// ``shared`` is one server for the whole test process (stopped at exit); each test takes a
/// database of its own (``database()``). A test that stops the server (a database that goes
/// away) starts its own with ``start()``.
public final class PostgresServer: @unchecked Sendable {
    /// Why no server could be started: the message says what to install or what failed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The user the cluster is made for (its superuser).
    public static let user = "flowrun"

    public let folder: String
    public private(set) var port: Int
    private let binaries: String
    private let runAs: [String]
    private let lock = NSLock()
    private var databases = 0

    /// One server for the test process, started on first use and stopped when the process exits.
    public static func shared() throws -> PostgresServer {
        try sharedLock.withLock {
            if let server = sharedServer { return server }
            let server = try PostgresServer.start()
            sharedServer = server
            atexit { PostgresServer.sharedServer?.stopAtExit() }
            return server
        }
    }

    nonisolated(unsafe) private static var sharedServer: PostgresServer?
    private static let sharedLock = NSLock()

    /// Makes a cluster and starts it.
    public static func start() throws -> PostgresServer {
        let binaries = try binaryFolder()
        let root = getuid() == 0
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-pg-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let runAs = root ? ["runuser", "-u", "postgres", "--"] : []
        if root { _ = try run(["chown", "postgres:postgres", folder], runAs: []) }
        _ = try run(
            ["\(binaries)/initdb", "-D", "\(folder)/data", "-U", user, "-A", "trust", "-E", "UTF8", "--no-sync", "--locale=C"],
            runAs: runAs)
        let server = PostgresServer(folder: folder, port: 0, binaries: binaries, runAs: runAs)
        try server.startServer()
        return server
    }

    private init(folder: String, port: Int, binaries: String, runAs: [String]) {
        self.folder = folder
        self.port = port
        self.binaries = binaries
        self.runAs = runAs
    }

    /// A new empty database; its URL for `flowrun relay --db`.
    public func database() throws -> String {
        let name = lock.withLock {
            databases += 1
            return "relay_\(getpid())_\(databases)"
        }
        _ = try Self.run(
            ["\(binaries)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", Self.user, "-d", "postgres", "-q", "-c", "CREATE DATABASE \(name)"],
            runAs: [])
        return url(name)
    }

    /// The URL of database `name` on this server.
    public func url(_ name: String) -> String { "postgres://\(Self.user)@127.0.0.1:\(port)/\(name)?sslmode=disable" }

    /// Runs SQL on database `name` with psql; its output.
    public func psql(_ sql: String, database name: String) throws -> String {
        try Self.run(
            ["\(binaries)/psql", "-h", "127.0.0.1", "-p", "\(port)", "-U", Self.user, "-d", name, "-At", "-q", "-c", sql], runAs: [])
    }

    /// Stops the server (fast: sessions are cut), keeping its files, as a database that goes away.
    public func pause() throws {
        _ = try Self.run(["\(binaries)/pg_ctl", "-D", "\(folder)/data", "-m", "fast", "-w", "stop"], runAs: runAs)
    }

    /// Starts the server again on the same port after ``pause()``.
    public func resume() throws { try startServer(port: port) }

    /// Stops the server and removes its files.
    public func stop() {
        _ = try? Self.run(["\(binaries)/pg_ctl", "-D", "\(folder)/data", "-m", "immediate", "-w", "stop"], runAs: runAs)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Stops the server as the test process exits, without starting a process: a `pg_ctl`
    /// run from an exit handler waits on Foundation's child monitoring while the process is
    /// being torn down. SIGQUIT is PostgreSQL's immediate shutdown; the files are removed once
    /// the server is gone, or after five seconds whatever happens.
    func stopAtExit() {
        let pidFile = "\(folder)/data/postmaster.pid"
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ pid_t($0.trimmingCharacters(in: .whitespaces)) }), pid > 1
        {
            kill(pid, SIGQUIT)
            for _ in 0..<100 where kill(pid, 0) == 0 { usleep(50_000) }
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func startServer(port given: Int? = nil) throws {
        var lastError: (any Error)?
        for _ in 0..<5 {
            let candidate = given ?? Self.freePort()
            do {
                _ = try Self.run(
                    ["/bin/bash", "-c", Self.withoutInheritedDescriptors, "pg_ctl"] + runAs + [
                        "\(binaries)/pg_ctl", "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-w", "-t", "30", "-o",
                        "-h 127.0.0.1 -p \(candidate) -k \(folder) -F -c max_connections=500", "start",
                    ], runAs: [])
                port = candidate
                return
            } catch {
                lastError = error
                if given != nil { break }
            }
        }
        let log = (try? String(contentsOfFile: "\(folder)/server.log", encoding: .utf8)) ?? ""
        throw Failure(description: "PostgreSQL did not start: \(lastError.map { "\($0)" } ?? "")\n\(log.suffix(2000))")
    }

    /// A shell script that runs its arguments with every descriptor past 2 closed for them.
    /// `pg_ctl start` leaves the server running with the descriptors pg_ctl had, and
    /// Foundation's `Process` learns that its child ended when a socket the child inherited is
    /// closed: a server holding that socket kept `run(_:runAs:)` waiting for ever (the child a
    /// zombie). The shell keeps its own copy until it exits, so its end is still seen.
    static let withoutInheritedDescriptors =
        #"closes=""; for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && closes="$closes $fd>&-"; done; eval "\"\$@\"$closes""#

    /// The folder of Debian's PostgreSQL binaries: `FLOWRUN_PG_BIN`, or the newest
    /// /usr/lib/postgresql/N/bin.
    static func binaryFolder() throws -> String {
        if let given = ProcessInfo.processInfo.environment["FLOWRUN_PG_BIN"] { return given }
        let base = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []).compactMap(Int.init).sorted()
        guard let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(base)/\(newest)/bin/initdb") else {
            throw Failure(description: "no PostgreSQL server in \(base) (run bin/setup: it installs Debian's postgresql)")
        }
        return "\(base)/\(newest)/bin"
    }

    /// A port nothing listens on now (bound, read and released).
    public static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return 54_320 }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        return bound ? Int(UInt16(bigEndian: address.sin_port)) : 54_320
    }

    @discardableResult
    static func run(_ arguments: [String], runAs: [String]) throws -> String {
        let process = Process()
        let command = runAs + arguments
        process.executableURL = URL(fileURLWithPath: command[0].hasPrefix("/") ? command[0] : "/usr/bin/env")
        process.arguments = command[0].hasPrefix("/") ? Array(command.dropFirst()) : command
        process.currentDirectoryURL = URL(fileURLWithPath: "/tmp")
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(arguments.first ?? "") exited \(process.terminationStatus): \(text.suffix(1500))")
        }
        return text
    }
}
