import FlowAuthoring
import FlowKit
import Foundation

/// Every screen of a park as `flowrun catalog` draws it (at its clock), as a page of the
/// preview. Each visit makes the catalogue anew and compares it with the first one this
/// server made of the park: an author sees what their saves changed, screen by screen,
/// before and after.
extension PreviewProject {
    /// The gallery page of park `code`.
    func catalogPage(park code: String) throws(PreviewFailure) -> String {
        let key = code.uppercased()
        let first = screenCatalogs[key]?.first
        let catalog: ScreenCatalog
        do {
            catalog = try ScreenCatalog(root: root, park: code)
        } catch {
            throw PreviewFailure(error)
        }
        if first == nil, screenCatalogs.count >= capacity { screenCatalogs.removeAll() }
        screenCatalogs[key] = (first ?? catalog, catalog)
        return catalog.page(comparedWith: first)
    }

    /// The page of one story of the park's last catalogue (`before`: of its first), as the
    /// gallery's phones load it.
    func catalogStory(park code: String, file: String, before: Bool) throws(PreviewFailure) -> String {
        guard let kept = screenCatalogs[code.uppercased()] else {
            throw .notFound("no catalogue of \(code) yet: open /parks/\(code)/catalog/ first")
        }
        guard let story = (before ? kept.first : kept.latest).story(file) else {
            throw .notFound("the catalogue of \(code) has no screen \(file)")
        }
        return story.html
    }
}
