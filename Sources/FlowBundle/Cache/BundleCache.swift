import Foundation

/// An app's copy of one park's bundle, which `flowrun sync` keeps up to date and
/// `flowrun --cache DIR` runs:
///
/// ```
/// DIR/objects/<sha256>            every object of the versions kept, checked as it arrived
/// DIR/versions/<N>/manifest.json  version N's manifest, the exact bytes fetched
/// DIR/versions/<N>/manifest.sig   and its signature
/// DIR/versions/<N>/failed         why version N failed its first run (never switched to)
/// DIR/current                     "N": the version that runs
/// DIR/previous                    "N": the last good version before it, the fallback
/// DIR/etag                        "N <ETag>": the server's ETag of version N's manifest
/// DIR/incoming/                   downloads under way; emptied by each sync
/// DIR/lock                        held by the sync that is running
/// ```
///
/// Objects are content-addressed, so versions share them and an update fetches only new
/// ones. Every file is written whole under another name and renamed into place after it
/// is on disk (`DurableFile`), and `current` is the one switch: a sync killed at any
/// instant leaves the old version or the new one running, never a mix. Nothing is ever
/// written outside DIR, nor read from outside it: every name under it is fixed, a version
/// number or a SHA-256, and no symbolic link below DIR is followed, a folder's included
/// (writes go through `CacheFolder`, reads through `FileReader`'s `refuseBelow`).
public struct BundleCache: Sendable {
    /// The pointers a cache keeps.
    public enum Pointer: String, Sendable {
        /// The version that runs.
        case current
        /// The last good version before it.
        case previous
    }

    /// The cache's folder, as given; messages name files under it.
    public let folder: String

    /// The cache in `folder` (which need not exist yet).
    /// - Parameter folder: the cache's folder (`--cache DIR`).
    public init(folder: String) {
        self.folder = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    }

    // MARK: - Layout

    /// `DIR/objects`.
    public var objects: String { "\(folder)/objects" }
    /// `DIR/versions/<N>`.
    public func versionFolder(_ version: Int) -> String { "\(folder)/versions/\(version)" }
    /// `DIR/versions/<N>/manifest.json`.
    public func manifestFile(_ version: Int) -> String { "\(versionFolder(version))/\(BundleLayout.manifest)" }
    /// `DIR/versions/<N>/manifest.sig`.
    public func signatureFile(_ version: Int) -> String { "\(versionFolder(version))/\(BundleLayout.signature)" }
    /// `DIR/current` or `DIR/previous`.
    public func pointerFile(_ pointer: Pointer) -> String { "\(folder)/\(pointer.rawValue)" }

    // MARK: - Reading

    /// The version a pointer names, or nil when there is no such pointer yet.
    /// - Throws: ``BundleError`` for a pointer that is not one version number.
    public func version(_ pointer: Pointer) throws(BundleError) -> Int? {
        let file = pointerFile(pointer)
        var status = stat()
        guard lstat(file, &status) == 0 else { return nil }  // a link is there, and refused below
        let bytes = try BoundedFile.contents(file, display: file, limit: 64, sealed: folder)
        let text = String(decoding: bytes, as: UTF8.self)
        let digits = text.hasSuffix("\n") ? String(text.dropLast()) : text
        guard let version = BundleLayout.version(ofManifestNamed: digits + ".json") else {
            throw BundleError(.malformed, file: file, "expected one version number, such as 3")
        }
        return version
    }

    /// The park and version `current` names, as its stored manifest says: for messages
    /// ("the cache still runs GOGA version 3"), not verified.
    public func running() -> (park: String, version: Int)? {
        guard let version = try? version(.current), let bytes = storedManifest(version),
            let manifest = try? BundleManifest.decode(bytes, file: manifestFile(version))
        else { return nil }
        return (manifest.park, version)
    }

    /// Verifies cached version `version` as `--bundle` verifies a bundle, before any of it
    /// runs: the signature by a key of `verifier`'s trust set, the manifest, and every
    /// object read and hashed; the manifest must be of that version.
    /// - Throws: ``BundleError`` for the first check that fails.
    public func verify(version: Int, with verifier: BundleVerifier) throws(BundleError) -> VerifiedBundle {
        let verified = try verifier.verify(
            manifestFile: manifestFile(version), signatureFile: signatureFile(version), objects: objects,
            origin: versionFolder(version), newestKnown: nil, history: nil, sealed: folder)
        guard verified.manifest.version == version else {
            throw BundleError(
                .malformed, file: manifestFile(version), field: "version",
                "\(verified.manifest.version) in the folder of version \(version): a manifest moved by hand")
        }
        return verified
    }

    /// The version to run: `current`, verified; if it does not verify (a corrupted cache, a
    /// key no longer trusted), `previous`, with a warning saying why.
    /// - Parameter verifier: the trusted keys and limits.
    /// - Returns: the verified bundle, and the warning when it is the previous version.
    /// - Throws: ``BundleError`` when the cache holds no version, or none that verifies.
    public func load(with verifier: BundleVerifier) throws(BundleError) -> (bundle: VerifiedBundle, warning: String?) {
        let current: Int?
        do throws(BundleError) {
            current = try version(.current)
        } catch {
            return try fallBack(from: error, current: nil, verifier: verifier)
        }
        guard let current else {
            if FileManager.default.fileExists(atPath: folder) {
                throw BundleError(.unreadable, file: pointerFile(.current), "no version cached yet: run 'flowrun sync --from URL --cache \(folder)' first")
            }
            throw BundleError(.unreadable, file: folder, "no such cache: run 'flowrun sync --from URL --cache \(folder)' first")
        }
        do throws(BundleError) {
            return (try verify(version: current, with: verifier), nil)
        } catch {
            return try fallBack(from: error, current: current, verifier: verifier)
        }
    }

    // MARK: - Private

    /// The previous version, verified, after `current` failed with `failure`.
    private func fallBack(from failure: BundleError, current: Int?, verifier: BundleVerifier) throws(BundleError) -> (bundle: VerifiedBundle, warning: String?)
    {
        let previous = try? version(.previous)
        guard let previous, previous != current else {
            throw BundleError(failure.reason, file: failure.file, field: failure.field, "\(failure.message) (and no previous good version to fall back to)")
        }
        do throws(BundleError) {
            let bundle = try verify(version: previous, with: verifier)
            let which = current.map { "version \($0)" } ?? "the current version"
            return (bundle, "\(which) does not verify (\(failure)); running the previous good version \(previous)")
        } catch {
            throw BundleError(
                failure.reason, file: failure.file, field: failure.field,
                "\(failure.message) (and the previous version \(previous) does not verify either: \(error))")
        }
    }
}
