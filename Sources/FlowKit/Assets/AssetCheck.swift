import Formats
import LuaKit
public import ScreenModel

/// `flowrun check`'s look at the pictures a park names: each must be a file of the park's
/// `assets/` folder, spelt exactly as on disk, or a full `https://` URL (ScreenModel's `AssetReference`).
/// Messages name the file and field that name the picture.
public struct AssetCheck {
    let root: ProjectRoot
    let code: String

    /// The check of park `code`'s pictures.
    /// - Parameters:
    ///   - root: the project.
    ///   - code: the park's code, as its folder spells it.
    public init(root: ProjectRoot, park code: String) {
        (self.root, self.code) = (root, code)
    }

    /// The onboarding layers `park.lua` (or `parks/defaults.lua`) names that are no asset:
    /// `parks/GRTE/park.lua: onboarding.pages[1].background[2].image: 'range.png' is not in parks/GRTE/assets/ ...`.
    /// - Parameter park: the park's configuration.
    /// - Returns: one message per picture at fault, and the references at fault.
    public func problems(in park: ParkConfig) -> (messages: [String], references: Set<String>) {
        var messages: [String] = [], references = Set<String>()
        for (p, page) in park.settings.onboarding.pages.enumerated() {
            for (l, layer) in page.background.enumerated() {
                guard let problem = problem(with: layer.image) else { continue }
                messages.append("parks/\(code)/park.lua: onboarding.pages[\(p + 1)].background[\(l + 1)].image: \(problem)")
                references.insert(layer.image)
            }
        }
        return (messages, references)
    }

    /// The pictures `screen` names that are no asset, each led by the line of the flow's
    /// files that writes it when it is a literal on exactly one line:
    /// `parks/GOGA/flows/home.lua:12: home: sections[2].image.url: 'x.png' is not in parks/GOGA/assets/ ...`.
    /// - Parameters:
    ///   - screen: a screen the park's flow returned.
    ///   - files: the flow's files (its registration chain), searched for the literal.
    ///   - skipping: references already reported (by ``problems(in:)``).
    public func problems(in screen: Screen, files: [String], skipping: Set<String> = []) -> [String] {
        screen.images.compactMap { image in
            guard !skipping.contains(image.reference), let problem = problem(with: image.reference) else { return nil }
            let place = location(of: image.reference, in: files).map { "\($0): " } ?? ""
            return "\(place)\(screen.flow): \(image.path): \(problem)"
        }
    }

    /// What is wrong with `reference`, or nil when it names an asset of the park or a web address.
    public func problem(with reference: String) -> String? {
        let parsed: AssetReference
        do { parsed = try AssetReference(reference) } catch { return error.description }
        guard case .park(let path) = parsed else { return nil }
        let folder = AssetReference.folder(park: code)
        // Name by name from the listing, so a different case (a match on macOS's file
        // system) is refused here as a phone's server or bundle would refuse it.
        var relative = folder
        for name in path.split(separator: "/").map(String.init) {
            guard root.names(in: relative).contains(name) else {
                let everything = root.files(under: folder)
                let hint =
                    Excerpt.suggestion(for: path, in: everything).map { "; did you mean '\($0)'?" }
                    ?? (everything.isEmpty ? "" : "; it has \(Excerpt.list(everything, quoted: true))")
                return "\(Excerpt.quoted(reference)) is not in \(folder)/\(hint) (pictures are paths inside the park's assets/ folder, or full https:// URLs)"
            }
            relative += "/" + name
        }
        switch root.kind(of: relative) {
        case .symbolicLink?: return "\(relative) is a symbolic link: an asset must be a file of its own"
        case .folder?: return "\(relative) is a folder, not a picture"
        case .file?, .other?, nil: return nil
        }
    }

    /// `file:line` of the one line of `files` that holds `reference` as a string literal.
    private func location(of reference: String, in files: [String]) -> String? {
        guard let literals = ScreenSourceLines.literals(.string(reference)) else { return nil }
        var found: [String] = []
        for file in files {
            guard let text = try? root.read(file) else { continue }
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where literals.contains(where: { ScreenSourceLines.contains(line, literal: $0) }) {
                found.append("\(file):\(n + 1)")
            }
        }
        return found.count == 1 ? found[0] : nil
    }
}
