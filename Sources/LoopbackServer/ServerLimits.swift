#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What bounds a server of this project against clients that are slow, silent or many
/// (docs/operations.md, Local servers): each default is given beside its field, here only.
public struct ServerLimits: Sendable, Equatable {
    /// Connections open at once; fewer when the process may open few files (half its
    /// descriptor limit, ``effectiveConnections``). A connection past the cap closes the one
    /// whose client has kept it waiting longest (for a head, a body or the next request), or
    /// is closed itself when the server is answering on every one.
    public var connections = 512
    /// Connections the system may hold waiting to be accepted (the listen backlog, which it caps
    /// at its own `somaxconn`): past the connection cap, clients that are closed and come back
    /// at once keep arriving, and a full queue drops a real client's first packet, which it
    /// then sends again only a second later.
    public var pendingConnections = 4_096
    /// Seconds from a connection's start, or from its last answer, until the head of its
    /// request has arrived: a client that opens and says nothing, or sends its headers a byte
    /// at a time, is closed after this.
    public var headerSeconds = 10.0
    /// Seconds an open connection may stay without a request after an answer (keep-alive).
    public var idleSeconds = 30.0
    /// Seconds from a request's head to its last body byte.
    public var bodySeconds = 30.0
    /// Seconds a client may leave the answer unread once the server's buffer for it is
    /// full (64 KiB): a reader that stalls is dropped, and never holds more than that.
    public var stalledReaderSeconds = 10.0

    /// The defaults above.
    public init() {}

    /// ``connections`` within half of the process's open-file limit: running out of
    /// descriptors makes more than the server fail (the system's own libraries trap).
    public var effectiveConnections: Int { min(connections, max(16, openFileLimit() / 2)) }
}

/// The process's soft limit of open files.
private func openFileLimit() -> Int {
    var limit = rlimit()
    #if canImport(Glibc)
    let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return 1024 }
    // RLIM_INFINITY is the largest value: clamped, it is a limit no server reaches.
    return Int(clamping: limit.rlim_cur)
}
