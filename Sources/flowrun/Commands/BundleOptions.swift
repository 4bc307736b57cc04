import ArgumentParser
import FlowBundle
import FlowKit

/// `--bundle` and `--trust`, for the commands that read a project (run, check, parks): the
/// project is then a verified bundle's files, held in memory, instead of a folder.
struct BundleOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Run from the bundle in this folder (dist/GOGA), verified first, instead of a project folder.", valueName: "dir"))
    var bundle: String?

    @Option(help: ArgumentHelp("A trusted public key for --bundle (repeatable; default: keys/*.pub).", valueName: "file.pub"))
    var trust: [String] = []

    /// The project: the folder `root`, or the verified bundle.
    func project(root: String) throws -> ProjectRoot { try Self.project(root: root, bundle: bundle, trust: trust) }

    /// The folder `root`, or, with `bundle`, the bundle verified against `trust` (default:
    /// `keys/*.pub` of the current folder) and served from memory.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for options that do not go
    ///   together, ``BundleError`` for a bundle that does not verify (exit 2).
    static func project(root: String, bundle: String?, trust: [String]) throws -> ProjectRoot {
        guard let bundle else {
            guard trust.isEmpty else { throw FlowError.badArgument(name: "--trust", message: "names keys for --bundle; without --bundle there is nothing to verify") }
            return try ProjectOptions.project(root: root)
        }
        guard root == "." else {
            throw FlowError.badArgument(name: "--bundle", message: "runs the bundle's own files: leave out --root")
        }
        let keys = try TrustSet.load(trust.isEmpty ? TrustSet.defaultFiles() : trust)
        return try BundleVerifier(trust: keys).verify(folder: bundle).root
    }
}
