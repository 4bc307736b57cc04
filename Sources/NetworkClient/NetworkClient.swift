public import AsyncHTTPClient
public import NIOCore

/// The project's one HTTP client (AsyncHTTPClient), configured in one place for its two
/// users: the updater (FlowSync) fetching bundles and the picture loader (FlowAssets).
public enum NetworkClient {
    /// The client's configuration, the same for every user but for these choices.
    /// - Parameters:
    ///   - connectTimeout: the longest wait for a connection.
    ///   - readTimeout: the longest silence while an answer arrives (default `nil`: none;
    ///     the caller's own deadline bounds the whole answer).
    ///   - parallel: the requests the caller keeps in flight at once: as many connections
    ///     per host, so none waits in the client's queue behind the caller's back (default
    ///     `nil`: the client's own limit).
    ///   - retryConnecting: whether a refused connection is tried again until the connect
    ///     timeout (default `true`); `false` fails at once and says why.
    public static func configuration(
        connectTimeout: Duration, readTimeout: Duration? = nil, parallel: Int? = nil, retryConnecting: Bool = true
    ) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: timeAmount(connectTimeout), read: readTimeout.map(timeAmount))
        if let parallel { configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, parallel) }
        configuration.connectionPool.retryConnectionEstablishment = retryConnecting
        return configuration
    }

    /// Runs `body` with a client of its own configured as ``configuration(connectTimeout:readTimeout:parallel:retryConnecting:)``
    /// says, shut down once `body` has returned or thrown.
    /// - Throws: what `body` throws, or the client's failure to shut down.
    public static func with<Value>(
        connectTimeout: Duration, readTimeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation,
        _ body: (HTTPClient) async throws -> Value
    ) async throws -> Value {
        let configuration = configuration(connectTimeout: connectTimeout, readTimeout: readTimeout)
        return try await HTTPClient.withHTTPClient(configuration: configuration, body)
    }

    /// `duration` as NIO's time amount, at least a nanosecond and capped at about 136 years
    /// so that no duration overflows the nanoseconds.
    public static func timeAmount(_ duration: Duration) -> TimeAmount {
        .nanoseconds(max(1, min(duration.components.seconds, 1 << 32) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000))
    }
}
