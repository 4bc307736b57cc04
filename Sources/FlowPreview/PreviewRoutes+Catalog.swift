import HTTPTypes
import Hummingbird
import LoopbackServer

/// The catalogue's pages (``PreviewProject/catalogPage(park:)``):
/// - `GET /parks/{code}/catalog/`: the gallery of every screen, compared with the first
///   catalogue of this server (`/parks/{code}/catalog` answers 303 to it, so its phones'
///   relative addresses resolve under it).
/// - `GET /parks/{code}/catalog/screens/{file}` and `.../before/{file}`: a phone's page.
extension PreviewRoutes {
    func addCatalogRoutes(to router: Router<ServerRequestContext>) {
        router.get("/parks/:code/catalog") { request, context in
            let code = context.parameters.get("code") ?? ""
            guard request.uri.path.hasSuffix("/") else {
                return Response(status: .seeOther, headers: [.location: "/parks/\(code)/catalog/", .cacheControl: "no-store"])
            }
            return await Self.page { () throws(PreviewFailure) in try await project.catalogPage(park: code) }
        }
        for folder in ["screens", "before"] {
            router.get("/parks/:code/catalog/\(folder)/:file") { _, context in
                let code = context.parameters.get("code") ?? "", file = context.parameters.get("file") ?? ""
                return await Self.page { () throws(PreviewFailure) in
                    try await project.catalogStory(park: code, file: file, before: folder == "before")
                }
            }
        }
    }

    /// An HTML page, or the failure's message as text with its status.
    private static func page(_ make: () async throws(PreviewFailure) -> String) async -> Response {
        do throws(PreviewFailure) {
            return response(200, try await make(), type: "text/html; charset=utf-8")
        } catch {
            return response(error.status, error.message + "\n", type: "text/plain; charset=utf-8")
        }
    }
}
