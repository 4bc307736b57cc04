import AsyncHTTPClient
import Foundation
import NetworkClient
import NIOCore
import NIOPosix
import NIOSSL

/// One `GET` of a picture over `http://` or `https://`, with AsyncHTTPClient: the one HTTP
/// client the project links (the updater fetches bundles with it too). The caller's
/// deadline bounds the whole answer, body included; the body is counted up to a limit,
/// never kept.
struct HTTPGet: Sendable {
    let client: HTTPClient

    /// Runs `body` with a client of its own, shut down once `body` has returned.
    /// - Parameters:
    ///   - parallel: the requests the caller keeps in flight at once: as many connections
    ///     per host, so none waits in the client's queue behind the caller's back.
    ///   - connectTimeout: the longest wait for a connection (the caller's give-up).
    static func withClient<T: Sendable>(parallel: Int, connectTimeout: Duration, _ body: (HTTPGet) async -> T) async -> T {
        // A refused connection is an answer: fail at once and say why, rather than retry
        // until the deadline and report only that time ran out.
        let client = HTTPClient(
            eventLoopGroup: HTTPClient.defaultEventLoopGroup,
            configuration: NetworkClient.configuration(connectTimeout: connectTimeout, parallel: parallel, retryConnecting: false))
        let result = await body(HTTPGet(client: client))
        // Every request has ended by now (answered, failed or cancelled); a failed shutdown leaves nothing to undo.
        try? await client.shutdown()
        return result
    }

    /// The body size of `url`, or why there is none.
    /// - Parameters:
    ///   - url: an `http://` or `https://` address.
    ///   - deadline: when to stop waiting, for the head and the whole body.
    ///   - limit: the most bytes the body may have.
    /// - Throws: ``AssetFetchError``: `HTTP 404 Not Found`, `no answer in time`, `cancelled`,
    ///   `cannot connect to host:port (connection refused)`, a broken connection, a body over the limit.
    func size(of url: String, deadline: ContinuousClock.Instant, limit: Int) async throws(AssetFetchError) -> Int {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = parsed.host, !host.isEmpty
        else { throw AssetFetchError("not a valid http:// or https:// URL") }
        let place = "\(host):\(parsed.port ?? (scheme == "https" ? 443 : 80))"
        enum Outcome: Sendable { case answered(Result<Int, AssetFetchError>), timedOut }
        let client = client
        let outcome = await withTaskGroup(of: Outcome.self) { group in
            group.addTask { .answered(await Self.get(url, place: place, deadline: deadline, limit: limit, client: client)) }
            group.addTask {
                try? await Task.sleep(until: deadline, clock: .continuous)
                return .timedOut
            }
            let first = await group.next()
            group.cancelAll()
            return first
        }
        // A cancelled caller wakes the sleep early too, so cancellation is asked first.
        if Task.isCancelled { throw AssetFetchError("cancelled") }
        switch outcome {
        case .answered(let result)?: return try result.get()
        case .timedOut?, nil: throw AssetFetchError("no answer in time")
        }
    }

    // MARK: - Private

    private static func get(
        _ url: String, place: String, deadline: ContinuousClock.Instant, limit: Int, client: HTTPClient
    ) async -> Result<Int, AssetFetchError> {
        let response: HTTPClientResponse
        do {
            response = try await client.execute(HTTPClientRequest(url: url), timeout: NetworkClient.timeAmount(ContinuousClock.now.duration(to: deadline)))
        } catch {
            return .failure(AssetFetchError(beforeTheAnswer(error, place: place)))
        }
        guard response.status == .ok else { return .failure(AssetFetchError("HTTP \(response.status.code) \(response.status.reasonPhrase)")) }
        do {
            return .success(try await response.body.collect(upTo: limit).readableBytes)
        } catch is NIOTooManyBytesError {
            return .failure(AssetFetchError("larger than \(limit >> 20) MiB"))
        } catch {
            if let timeout = timeout(error) { return .failure(AssetFetchError(timeout)) }
            return .failure(AssetFetchError("the connection broke before the whole picture arrived (\(NetworkErrorText.describe(error)))"))
        }
    }

    /// Why no answer came, in the report's words.
    private static func beforeTheAnswer(_ error: any Error, place: String) -> String {
        if let timeout = timeout(error) { return timeout }
        if let client = error as? HTTPClientError, client == .remoteConnectionClosed {
            return "the server closed the connection before it answered"
        }
        if error is NIOConnectionError || error is IOError { return "cannot connect to \(place) (\(NetworkErrorText.describe(error)))" }
        if let tls = error as? NIOSSLError { return "no secure connection to \(place) (\(NetworkErrorText.describe(tls)))" }
        return "no answer from \(place) (\(NetworkErrorText.describe(error)))"
    }

    /// The report's words for the client's timeouts and cancellation, nil for other errors.
    private static func timeout(_ error: any Error) -> String? {
        if error is CancellationError { return "cancelled" }
        guard let client = error as? HTTPClientError else { return nil }
        if client == .cancelled { return "cancelled" }
        return [.deadlineExceeded, .connectTimeout, .readTimeout].contains(client) ? "no answer in time" : nil
    }
}
