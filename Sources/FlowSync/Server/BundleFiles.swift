import Foundation
public import Hummingbird
public import LoopbackServer
import NIOCore

/// The bundle server's one responder: the files of a folder of bundles (`dist/`), as a
/// static host serves them, with what an updater relies on (README, Serving bundles):
///
/// - `GET` and `HEAD` only (else 405);
/// - a strong `ETag` (an object's name, else the SHA-256 of the bytes) and `If-None-Match`
///   answered with 304;
/// - `Cache-Control`: a year and `immutable` for `CODE/objects/<sha256>`, `no-cache` for
///   the rest (manifests are replaced in place);
/// - one `Range` (206, or 416 when no byte of the file is in it), with `If-Range`;
/// - 404 for anything that is not a regular file under the folder (`ServedPath`,
///   `ServedFile`): `..`, encoded or not, hidden names, symbolic links, folders.
public struct BundleFiles: HTTPResponder {
    public typealias Context = ServerRequestContext

    /// The folder served (`dist`).
    public let folder: String

    /// The files of `folder`.
    /// - Parameter folder: the folder holding one bundle folder per park.
    public init(folder: String) { self.folder = folder }

    /// Answers one request.
    public func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "only GET and HEAD\n", extra: [.allow: "GET, HEAD"])
        }
        guard let path = ServedPath(request.uri.path), let file = ServedFile(path, in: folder) else {
            return Self.text(.notFound, "not found\n")
        }
        var headers: HTTPFields = [.eTag: file.etag, .cacheControl: file.cacheControl, .acceptRanges: "bytes"]
        if let tags = request.headers[.ifNoneMatch], Self.matches(tags, file.etag) {
            // The length a 200 would have (RFC 9110 §8.6), not the empty body's 0.
            headers[.contentLength] = String(file.size)
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = file.contentType
        var status = HTTPResponse.Status.ok
        var range = 0..<file.size
        if request.method == .get, let header = request.headers[.range], request.headers[.ifRange].map({ $0 == file.etag }) ?? true {
            switch ByteRange.parse(header, size: file.size) {
            case .part(let part):
                status = .partialContent
                range = part.lowerBound..<(part.upperBound + 1)
                headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(file.size)"
            case .unsatisfiable:
                return Self.text(
                    .rangeNotSatisfiable, "no byte of the file is in the range\n",
                    extra: [.contentRange: "bytes */\(file.size)", .eTag: file.etag])
            case .whole:
                break
            }
        }
        headers[.contentLength] = String(range.count)
        guard request.method == .get else { return Response(status: status, headers: headers) }
        // Streamed from the open file: the file is closed when the answer is done or abandoned.
        let sent = range
        return Response(
            status: status, headers: headers,
            body: ResponseBody(contentLength: range.count) { writer in
                try await file.file.send(sent, to: &writer, over: context.channel)
                try await writer.finish(nil)
            })
    }

    /// Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 §13.1.2
    /// has it for this header; `*` matches any file).
    static func matches(_ list: String, _ etag: String) -> Bool {
        let own = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        return list.split(separator: ",").contains { item in
            var tag = item.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = String(tag.dropFirst(2)) }
            return tag == own
        }
    }

    static func text(_ status: HTTPResponse.Status, _ body: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
    }
}
