import AsyncHTTPClient
import FlowBundle
import Foundation
import NetworkClient
import NIOCore
import NIOPosix

/// The updater's HTTP: GETs under a bundle's URL with the retries of ``SyncOptions``. A 5xx
/// (or 408, 429) answer, a timeout and a body cut short are tried again after a doubling
/// wait; a server that cannot be reached at all ends the fetch at once (``SyncError/Reason/unreachable``:
/// the client's own connection attempts already took the connect timeout); anything else is
/// an answer no retry changes.
struct Fetcher: Sendable {
    /// One answer, whole.
    struct Answer: Sendable {
        let status: Int
        let etag: String?
        let bytes: [UInt8]
    }

    /// How one try ended, when not with an answer.
    enum Failure: Error {
        case retry(String)
        case unreachable(String)
        case final(SyncError)
    }

    let client: HTTPClient
    /// The bundle's URL, ending in `/`: `http://127.0.0.1:8090/GOGA/`.
    let base: String
    let options: SyncOptions
    /// Requests sent, retries included.
    let requests: RequestCount
    /// What each request waits and receives, against slow retrieval.
    let watch: TransferWatch

    /// The URL of a file of the bundle.
    func url(_ relative: String) -> String { base + relative }

    /// GETs `relative` whole, at most `limit` bytes; a 304 when `ifNoneMatch` matched.
    func get(_ relative: String, ifNoneMatch: String? = nil, limit: Int) async throws(SyncError) -> Answer {
        let url = url(relative)
        return try await retrying(url) {
            var request = HTTPClientRequest(url: url)
            if let ifNoneMatch { request.headers.add(name: "If-None-Match", value: ifNoneMatch) }
            watch.begin()
            defer { watch.end() }
            let response = try await execute(request, url: url)
            let status = Int(response.status.code)
            if status == 304 && ifNoneMatch != nil { return Answer(status: 304, etag: response.headers.first(name: "ETag"), bytes: []) }
            try check(status, url: url)
            var body: [UInt8] = []
            do {
                // Part by part rather than collected: the watch counts each part as it arrives.
                for try await part in response.body {
                    guard body.count + part.readableBytes <= limit else {
                        let shown = limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
                        throw Failure.final(SyncError(.refused, url, "over the limit of \(shown)", check: .tooLarge))
                    }
                    body.append(contentsOf: part.readableBytesView)
                    watch.add(bytes: part.readableBytes)
                }
            } catch let failure as Failure {
                throw failure
            } catch {
                throw Failure.retry("the answer was cut short (\(NetworkErrorText.describe(error)))")
            }
            return Answer(status: status, etag: response.headers.first(name: "ETag"), bytes: body)
        }
    }

    /// GETs object `entry` into the cache, checked as it arrives (``IncomingObject``);
    /// `onBytes` hears of each part that arrives (and of a retry's restart, as minus what
    /// the cut-off try had received).
    func download(_ entry: BundleManifest.File, into cache: BundleCache, onBytes: @Sendable (Int) -> Void) async throws(SyncError) {
        let url = url(BundleLayout.object(entry.sha256))
        try await retrying(url) {
            let object: IncomingObject
            do throws(BundleError) { object = try cache.incoming(entry, from: url) } catch { throw Failure.final(SyncError(error)) }
            defer { object.discard() }
            watch.begin()
            defer { watch.end() }
            do {
                let response = try await execute(HTTPClientRequest(url: url), url: url)
                if response.status.code == 404 {
                    throw Failure.final(
                        SyncError(
                            .refused, url, "not found (HTTP 404): the server lacks the object of \(entry.path) that the manifest lists",
                            check: .unreadable))
                }
                try check(Int(response.status.code), url: url)
                if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length != entry.size {
                    throw Failure.final(SyncError(.refused, url, "\(length) bytes where the manifest gives \(entry.path) \(entry.size)", check: .sizeMismatch))
                }
                do {
                    for try await part in response.body {
                        try part.withUnsafeReadableBytes { bytes in try object.append(bytes) }
                        watch.add(bytes: part.readableBytes)
                        onBytes(part.readableBytes)
                    }
                } catch let error as BundleError {
                    throw Failure.final(SyncError(error))
                } catch let failure as Failure {
                    throw failure
                } catch {
                    throw Failure.retry("the answer was cut short after \(object.received) of \(entry.size) bytes (\(NetworkErrorText.describe(error)))")
                }
                do throws(BundleError) {
                    try object.finish()
                } catch  where error.reason == .sizeMismatch {
                    throw Failure.retry(error.message)
                } catch {
                    throw Failure.final(SyncError(error))
                }
            } catch {
                onBytes(-object.received)
                throw error
            }
        }
    }

    // MARK: - Private

    /// Runs `body` up to ``SyncOptions/attempts`` times.
    private func retrying<T>(_ url: String, _ body: () async throws -> T) async throws(SyncError) -> T {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch _ where Task.isCancelled {
                // Stopped from outside (TransferWatch, or the caller): no retry; the watch says why.
                throw SyncError(.tooSlow, url, "stopped: the sync was cancelled")
            } catch Failure.final(let error) {
                throw error
            } catch Failure.unreachable(let why) {
                throw SyncError(.unreachable, url, why)
            } catch {
                let why = if case Failure.retry(let text) = error { text } else { NetworkErrorText.describe(error) }
                guard attempt < options.attempts else {
                    throw SyncError(.transfer, url, "\(why); gave up after \(attempt) tries")
                }
                do {
                    try await Task.sleep(nanoseconds: UInt64(options.delay(beforeRetry: attempt) * 1e9))
                } catch {
                    throw SyncError(.tooSlow, url, "stopped: the sync was cancelled")
                }
                attempt += 1
            }
        }
    }

    /// Sends `request`; the client's errors as ``Failure``s.
    private func execute(_ request: HTTPClientRequest, url: String) async throws(Failure) -> HTTPClientResponse {
        await requests.add()
        do {
            // The timeout bounds the wait for the answer's head; the client's read timeout, each wait for more of its body.
            return try await client.execute(request, timeout: .milliseconds(Int64(options.timeout * 1000) * 2))
        } catch {
            throw Self.failure(error, timeout: options.timeout)
        }
    }

    /// A status that is not 200: retried, or final.
    private func check(_ status: Int, url: String) throws(Failure) {
        switch status {
        case 200: return
        case 500...599, 408, 429: throw Failure.retry("the server answered HTTP \(status)")
        case 404: throw Failure.final(SyncError(.notFound, url, "not found (HTTP 404): no bundle there; check --from and --park"))
        default: throw Failure.final(SyncError(.transfer, url, "the server answered HTTP \(status)"))
        }
    }

    private static func failure(_ error: any Error, timeout: Double) -> Failure {
        let seconds = String(format: "%g", timeout)
        if let client = error as? HTTPClientError {
            if client == .connectTimeout { return .unreachable("no connection within \(seconds) s") }
            if client == .readTimeout || client == .deadlineExceeded { return .retry("no answer within \(seconds) s") }
            if client == .remoteConnectionClosed { return .retry("the server closed the connection before answering") }
        }
        if error is NIOConnectionError { return .unreachable("cannot connect: \(NetworkErrorText.describe(error))") }
        if let io = error as? IOError, [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH].contains(io.errnoCode) {
            return .unreachable("cannot connect: \(NetworkErrorText.describe(error))")
        }
        return .retry(NetworkErrorText.describe(error))
    }
}

/// Requests sent, counted across concurrent downloads.
actor RequestCount {
    private(set) var value = 0
    func add() { value += 1 }
}
