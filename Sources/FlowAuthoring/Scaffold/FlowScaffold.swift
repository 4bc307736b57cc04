import Formats
public import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScreenModel

/// `flowrun new flow`: a documented flow that runs, in `flows/NAME.lua` (every park) or
/// `parks/CODE/flows/NAME.lua` (one park). It never overwrites a file.
public struct FlowScaffold: Sendable {
    var name: String
    /// The park's code as given (matched case-insensitively, as `--park` is everywhere).
    var park: String?

    /// A scaffold of the flow `name` (checked when it is written), for every park when
    /// `park` is nil, else for that park (its code in any case).
    public init(name: String, park: String? = nil) {
        self.name = name
        self.park = park
    }

    /// Checks the inputs, writes the file, and returns its path relative to the root.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for a name that is not a flow
    ///   name, ``FlowError/badContent(file:message:)`` when the file exists (in any case)
    ///   or cannot be written, and what resolving the park throws.
    public func write(root: ProjectRoot) throws -> String {
        try Self.checkName(name)
        let code = try park.map { code throws(FlowError) in try ParkCatalog(root: root).resolve(code) }
        let folder = code.map { "parks/\($0)/flows" } ?? "flows"
        let path = "\(folder)/\(name).lua"
        if let taken = existing(path, root: root) {
            throw FlowError.badContent(file: taken, message: "already exists; flowrun new never overwrites (choose another name or remove the file)")
        }
        let text = FlowTemplate(name: name, park: code ?? Self.examplePark(root)).text
        do {
            try FileManager.default.createDirectory(at: root.url(folder), withIntermediateDirectories: true)
            // withoutOverwriting: a file that appeared since the check above is kept, not replaced.
            try Data(text.utf8).write(to: root.url(path), options: .withoutOverwriting)
        } catch {
            throw FlowError.badContent(file: path, message: "could not be written: \(SystemErrorText.reason(error))")
        }
        return path
    }

    /// The file at `path`, or one whose name differs only in case (the same file on a
    /// case-insensitive disk, and a confusing pair on any other), if there is one.
    private func existing(_ path: String, root: ProjectRoot) -> String? {
        if root.exists(path) { return path }
        let folder = PathText.folder(of: path), file = PathText.lastComponent(path)
        let names = FolderEntries.names(root.filePath(folder)) ?? []
        return names.first { $0.lowercased() == file.lowercased() }.map { "\(folder)/\($0)" }
    }

    /// Flow names as `flow.register` takes them (letters, digits, '_', '-'), starting with a
    /// letter so the name is also a plain file name and a word on the command line.
    static func checkName(_ name: String) throws(FlowError) {
        let scalars = name.unicodeScalars
        let isLetter: (Unicode.Scalar) -> Bool = { $0.isASCII && $0.properties.isAlphabetic }
        guard let first = scalars.first, isLetter(first),
            scalars.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" })
        else {
            throw .badArgument(
                name: "NAME",
                message: "\(Excerpt.quoted(name)) is not a flow name: start with a letter, then use only letters, digits, '_' and '-' (e.g. trails)")
        }
        guard name != "lib" else {
            throw .badArgument(name: "NAME", message: "'lib' is the folder of shared modules (flows/lib/), not a flow name")
        }
    }

    /// A park to show in the new file's examples: the first one here, else GOGA.
    public static func examplePark(_ root: ProjectRoot) -> String { ParkCatalog(root: root).codes.first ?? "GOGA" }
}
