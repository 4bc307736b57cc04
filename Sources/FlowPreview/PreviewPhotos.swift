import Foundation
import Hummingbird
import LoopbackServer
import NIOCore
import ScreenModel

/// `GET /photos/{name}`: the visitor's own photos (`photo:` pictures, ``ScreenModel/PhotoReference``)
/// from the `photos/` folder of the preview's `--profile`, so a pin's photos show in the frame.
/// Only names the rule accepts, only regular files inside the folder once links are resolved,
/// only photo types; anything else is 404, the same answer as a file that is not there.
struct PreviewPhotos: Sendable {
    /// The profile's photos folder.
    let folder: String

    /// Where the frame's photos are.
    static let address = "/photos/"

    func response(uriPath: String, over channel: any Channel) -> Response {
        guard let file = file(uriPath: uriPath), let type = PhotoReference.contentType(of: file.path),
            let photo = OpenFile(path: file.path, limit: PreviewAssets.largestPicture)
        else {
            return PreviewRoutes.json(404, PreviewFailure.notFound("not found: \(uriPath)").json(root: nil))
        }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store", .xContentTypeOptions: "nosniff"], body: photo.body(over: channel))
    }

    /// The file a request names, or nil when it names none the server may send.
    func file(uriPath: String) -> URL? {
        guard uriPath.hasPrefix(Self.address) else { return nil }
        let encoded = String(uriPath.dropFirst(Self.address.count))
        // Only what a screen's `photo:` picture may name.
        guard let decoded = encoded.removingPercentEncoding, case .photo(let name)? = try? AssetReference(PhotoReference.scheme + decoded)
        else { return nil }
        let base = URL(fileURLWithPath: folder).resolvingSymlinksInPath()
        let file = base.appendingPathComponent(name)
        guard file.resolvingSymlinksInPath().path == file.path,
            (try? FileManager.default.attributesOfItem(atPath: file.path))?[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return file
    }
}
