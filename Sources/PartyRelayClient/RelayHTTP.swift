import AsyncHTTPClient
import Formats
import NIOCore
import NIOHTTP1
import NetworkClient

/// The relay's API over the project's HTTP client: JSON in, status and JSON out, the relay's
/// `{error, message}` refusals and `Retry-After` read.
struct RelayHTTP: Sendable {
    let client: HTTPClient
    let address: RelayAddress

    /// An answer of the relay.
    struct Answer: Sendable {
        var status: Int
        var json: JSONValue
        /// `Retry-After`, seconds.
        var retryAfter: Double?

        subscript(key: String) -> JSONValue? { json[key] }

        /// The refusal it is, or nil for a 2xx.
        var refusal: RelayClientError? {
            guard !(200..<300).contains(status) else { return nil }
            let reason = json["error"]?.stringValue ?? "http_\(status)"
            return .refused(status: status, reason: reason, message: json["message"]?.stringValue ?? "HTTP \(status)")
        }
    }

    /// The longest answer read: the relay's are small (positions of a party).
    static let maxAnswerBytes = 4 << 20

    func call(
        _ method: HTTPMethod, _ path: String, token: String?, body: JSONValue? = nil, timeout: Duration = .seconds(15)
    )
        async throws(RelayClientError) -> Answer
    {
        var request = HTTPClientRequest(url: address.url(path))
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body.description))
        }
        do {
            let response = try await client.execute(request, timeout: NetworkClient.timeAmount(timeout))
            let bytes = try await response.body.collect(upTo: Self.maxAnswerBytes)
            let text = String(buffer: bytes)
            let retry = response.headers.first(name: "Retry-After").flatMap(Double.init)
            return Answer(status: Int(response.status.code), json: (try? JSONValue.parse(text)) ?? .string(text), retryAfter: retry)
        } catch {
            throw .unreachable(NetworkErrorText.describe(error))
        }
    }

    /// The request for the event stream, which is read as it comes.
    func streamRequest(_ path: String, token: String, lastEventID: Int?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: address.url(path))
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let lastEventID { request.headers.add(name: "Last-Event-ID", value: "\(lastEventID)") }
        return request
    }
}
