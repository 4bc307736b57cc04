import Formats
import ArgumentParser
import FlowKit

/// `--bundle`, `--cache` and `--trust`, for the commands that read a project (run, check,
/// parks): the project is then a verified bundle's files, held in memory, instead of a folder.
struct BundleOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Run from the bundle in this folder (dist/GOGA) or of this manifest.json, verified first, instead of a project folder.",
            valueName: "dir-or-manifest"))
    var bundle: String?

    @Option(
        help: ArgumentHelp(
            "Run the version this cache holds ('flowrun sync' fills it), verified first; if it does not verify, the previous good one.",
            valueName: "dir"))
    var cache: String?

    @Option(help: ArgumentHelp("A trusted public key for --bundle or --cache (repeatable; default: keys/*.pub).", valueName: "file.pub"))
    var trust: [String] = []

    /// The project: the folder `root`, or the verified bundle (of park `park` in a cache).
    func project(root: String, park: String? = nil) throws -> ProjectRoot {
        try Self.source(root: root, bundle: bundle, cache: cache, park: park, trust: trust).root
    }

    /// The folder `root`; with `bundle`, the bundle verified against `trust` (default:
    /// `keys/*.pub` of the current folder) and served from memory; with `cache`, park
    /// `park`'s current version in it (nil: the one park it holds) verified the same way,
    /// or its previous one with a warning. And what it holds, for people: what an offline
    /// device runs from (`ctx.connectivity.cache`): "version 3 of GOGA's bundle (verified)",
    /// or "the park's files" for a folder.
    /// - Throws: ``FlowError/badArgument(name:message:)`` for options that do not go
    ///   together; flowrun-full's bundle errors for a bundle or cache that does not verify (exit 2).
    static func source(root: String, bundle: String?, cache: String?, park: String?, trust: [String]) throws -> (root: ProjectRoot, holds: String) {
        guard bundle != nil || cache != nil else {
            guard trust.isEmpty else {
                throw FlowError.badArgument(name: "--trust", message: "names keys for --bundle or --cache; without them there is nothing to verify")
            }
            return (try ProjectOptions.project(root: root), "the park's files")
        }
        let option = bundle != nil ? "--bundle" : "--cache"
        guard bundle == nil || cache == nil else { throw FlowError.badArgument(name: "--cache", message: "runs a cache's version: leave out --bundle") }
        guard root == "." else { throw FlowError.badArgument(name: option, message: "runs the \(option.dropFirst(2))'s own files: leave out --root") }
        // Verifying needs flowrun-full (signatures); the lean flowrun hands over to it.
        guard let parts = FullCommandLine.parts else { FullCommandLine.handOver() }
        return try parts.verified(bundle: bundle, cache: cache, park: park, trust: trust)
    }
}
