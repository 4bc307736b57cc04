import ScreenModel
import FlowKit
import Foundation
import Hummingbird
import LoopbackServer
import NIOCore

/// `GET /parks/{code}/assets/{path}`: the park's pictures, so the phone frame shows them.
/// Only what ``AssetReference`` accepts as a path (no `..`, no hidden files, picture
/// types only), only regular files, and only inside the park's own `assets/` once links
/// are resolved; anything else is 404, the same answer as a file that is not there.
struct PreviewAssets: Sendable {
    let root: ProjectRoot
    /// The largest picture served (bytes): far above any drawn layer or photo of a park.
    static let largestPicture = 32 << 20

    /// Where the frame's pictures are: `/parks/GRTE/assets/`.
    static func address(park code: String) -> String { "/\(AssetReference.folder(park: code))/" }

    func response(park code: String, uriPath: String, over channel: any Channel) -> Response {
        // Sent from the open file a block at a time: a client that reads slowly holds one block.
        guard let file = file(park: code, uriPath: uriPath), let type = AssetReference.contentType(of: file.path),
            let picture = OpenFile(path: file.path, limit: Self.largestPicture)
        else {
            return PreviewRoutes.json(404, PreviewFailure.notFound("not found: \(uriPath)").json(root: nil))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: type, .cacheControl: "no-store", .xContentTypeOptions: "nosniff",
                // An SVG opened on its own is a document: it may style itself, never run a script or load anything.
                .contentSecurityPolicy: "default-src 'none'; style-src 'unsafe-inline'",
            ], body: picture.body(over: channel))
    }

    /// The file a request names, or nil when it names none the server may send.
    func file(park code: String, uriPath: String) -> URL? {
        guard let park = try? ParkCatalog(root: root).resolve(code),
            let marker = uriPath.range(of: "/assets/"),
            case .park(let path)? = try? AssetReference(String(uriPath[marker.upperBound...]))
        else { return nil }
        let folder = root.url(AssetReference.folder(park: park)).resolvingSymlinksInPath()
        let file = folder.appendingPathComponent(path)
        guard file.resolvingSymlinksInPath().path == file.path,
            (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return file
    }
}
