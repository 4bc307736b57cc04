import Foundation

/// An app's copy of the parks' bundles, which `flowrun sync` keeps up to date and
/// `flowrun --cache DIR --park CODE` runs. One cache serves any number of parks; their
/// objects are shared, so the flows every park carries are stored once:
///
/// ```
/// DIR/objects/<sha256>                  every object of the versions kept, checked as it arrived
/// DIR/parks/<CODE>/versions/<N>/manifest.json  park CODE's version N, the exact bytes fetched
/// DIR/parks/<CODE>/versions/<N>/manifest.sig   and its signature
/// DIR/parks/<CODE>/versions/<N>/failed  why version N failed its first run (never switched to)
/// DIR/parks/<CODE>/current              "N": the version of park CODE that runs
/// DIR/parks/<CODE>/previous             "N": the last good version before it, the fallback
/// DIR/parks/<CODE>/etag                 "N <ETag>": the server's ETag of version N's manifest
/// DIR/incoming/                         downloads under way; emptied by each sync
/// DIR/lock                              held by the sync that is running
/// ```
///
/// A cache written before caches held several parks keeps its one park's `versions/`,
/// `current`, `previous` and `etag` in DIR itself; that park goes on living there (its
/// *slot*), and other parks join it under `parks/`.
///
/// Objects are content-addressed, so versions and parks share them and an update fetches
/// only new ones. Every file is written whole under another name and renamed into place
/// after it is on disk (`DurableFile`), and a park's `current` is its one switch: a sync
/// killed at any instant leaves the old version or the new one running, never a mix.
/// Nothing is ever written outside DIR, nor read from outside it: every name under it is
/// fixed, a park code, a version number or a SHA-256, and no symbolic link below DIR is
/// followed, a folder's included (writes go through `CacheFolder`, reads through
/// `FileReader`'s `refuseBelow`).
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
    /// The park this cache value reads and writes, nil for the one park of a cache made
    /// before caches held several (its slot is DIR itself).
    public let park: String?
    /// The folders from `folder` to the park's slot: `["parks", CODE]`, or none.
    let slotParts: [String]

    /// The cache in `folder` (which need not exist yet), for the park it was made for
    /// before caches held several parks: its slot is `folder` itself.
    /// - Parameter folder: the cache's folder (`--cache DIR`).
    public init(folder: String) {
        self.folder = Self.trimmed(folder)
        park = nil
        slotParts = []
    }

    /// Park `park`'s part of the cache in `folder`: `parks/<park>/`, or `folder` itself
    /// when the cache was made for that one park before caches held several.
    /// - Parameters:
    ///   - folder: the cache's folder (`--cache DIR`).
    ///   - park: the park's code, as bundles name it (`GOGA`).
    /// - Throws: ``BundleError`` (``BundleError/Reason/badArgument``) for a code that is not
    ///   1 to 32 letters, digits, `_` or `-`.
    public init(folder: String, park: String) throws(BundleError) {
        guard Self.isParkCode(park) else {
            throw BundleError(.badArgument, file: folder, "'\(park)' is not a park code (1 to 32 letters, digits, '_' or '-')")
        }
        let root = BundleCache(folder: folder)
        self.init(root: root, park: park, ownsTop: root.running()?.park == park)
    }

    /// Park `park`'s part of `root`'s cache: its top when `ownsTop`, else `parks/<park>/`.
    private init(root: BundleCache, park: String, ownsTop: Bool) {
        folder = root.folder
        self.park = park
        slotParts = ownsTop ? [] : [Self.parksFolder, park]
    }

    /// `parks`, the folder of the parks' slots.
    static let parksFolder = "parks"

    /// Whether `text` can name a park's slot: 1 to 32 ASCII letters, digits, `_` or `-`.
    public static func isParkCode(_ text: String) -> Bool {
        (1...32).contains(text.utf8.count)
            && text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x5F || $0 == 0x2D }
    }

    private static func trimmed(_ folder: String) -> String {
        folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    }

    // MARK: - Layout

    /// `DIR/objects`.
    public var objects: String { "\(folder)/objects" }
    /// The park's slot: `DIR/parks/<CODE>`, or `DIR` for a cache of one park made before.
    public var slot: String { ([folder] + slotParts).joined(separator: "/") }
    /// `<slot>/versions/<N>`.
    public func versionFolder(_ version: Int) -> String { "\(slot)/versions/\(version)" }
    /// `<slot>/versions/<N>/manifest.json`.
    public func manifestFile(_ version: Int) -> String { "\(versionFolder(version))/\(BundleLayout.manifest)" }
    /// `<slot>/versions/<N>/manifest.sig`.
    public func signatureFile(_ version: Int) -> String { "\(versionFolder(version))/\(BundleLayout.signature)" }
    /// `<slot>/current` or `<slot>/previous`.
    public func pointerFile(_ pointer: Pointer) -> String { "\(slot)/\(pointer.rawValue)" }

    /// The parks the cache holds a version of, by code: its parks' slots with a `current`,
    /// and the one park of a cache made before caches held several.
    public func parks() -> [String] {
        slots().compactMap { slot in
            if let park = slot.park { return (try? slot.version(.current)) ?? nil == nil ? nil : park }
            return slot.running()?.park
        }
    }

    /// Every park's slot in the cache: DIR itself when it holds a version (a cache made
    /// before caches held several parks), then each folder under `parks/` by name.
    func slots() -> [BundleCache] {
        let top = BundleCache(folder: folder)
        let topPark = top.running()?.park
        // A top whose manifest does not read is still a slot: its objects stay until it mends.
        var slots = (try? top.version(.current)) ?? nil == nil ? [] : [top]
        if let parks = try? CacheFolder(root: folder, [Self.parksFolder], create: false) {
            for name in parks.names().sorted() where Self.isParkCode(name) && name != topPark {
                slots.append(BundleCache(root: top, park: name, ownsTop: false))
            }
        }
        return slots
    }

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
            let sync = "run 'flowrun sync --from URL\(park.map { " --park \($0)" } ?? "") --cache \(folder)' first"
            guard FileManager.default.fileExists(atPath: folder) else { throw BundleError(.unreadable, file: folder, "no such cache: \(sync)") }
            guard let park else { throw BundleError(.unreadable, file: pointerFile(.current), "no version cached yet: \(sync)") }
            let held = parks()
            let holds = held.isEmpty ? "no park yet" : held.joined(separator: ", ")
            throw BundleError(.unreadable, file: folder, "no version of \(park) cached (the cache holds \(holds)): \(sync)")
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
