public import FlowKit
public import Foundation

/// Writes a park's bundle (``BundleLayout``) from a project folder: every file the park
/// runs with (`ProjectFiles`) as a content-addressed object, a manifest signed with the
/// key, and a copy of the manifest under `versions/`. It does not check the content: the
/// CLI runs `flowrun check` first.
public struct BundleWriter {
    /// How long a manifest stays current unless its maker says (`flowrun bundle
    /// --expires-in DAYS`): 30 days, so a publisher publishes at least monthly and a mirror
    /// that freezes on an old version is noticed within a month.
    public static let defaultLifetimeDays = 30
    /// The longest lifetime a manifest may be given: a year, the longest a freeze can go unnoticed.
    public static let maxLifetimeDays = 366

    /// What one ``write(park:to:version:created:lifetimeDays:)`` did.
    public struct Outcome: Sendable {
        /// The manifest written.
        public let manifest: BundleManifest
        /// The bundle's folder: `dist/GOGA`.
        public let folder: String
        /// Objects written now; the others were there from an earlier version.
        public let newObjects: Int
        /// Bytes of the objects written now.
        public let newBytes: Int
        /// Bytes of `manifest.json`.
        public let manifestBytes: Int
    }

    /// The project, on disk.
    public let root: ProjectRoot
    /// The key that signs.
    public let key: SigningKey
    /// The ceilings: what the verifier would refuse is not written.
    public let limits: BundleLimits

    /// A writer.
    /// - Parameters:
    ///   - root: the project folder.
    ///   - key: the signing key.
    ///   - limits: the ceilings (default ``BundleLimits/init(maxFiles:maxFileBytes:maxTotalBytes:maxManifestBytes:maxPathBytes:)``).
    public init(root: ProjectRoot, key: SigningKey, limits: BundleLimits = BundleLimits()) {
        self.root = root
        self.key = key
        self.limits = limits
    }

    /// Writes the bundle of `park` into `out/<park>/`.
    /// - Parameters:
    ///   - park: the park's code, as its folder spells it.
    ///   - out: the folder bundles go in (`dist`).
    ///   - version: the content's version; default: one more than the published one (1 for the first).
    ///   - created: the manifest's time (default: now); the same files and time give the
    ///     same bytes (the CLI passes `SOURCE_DATE_EPOCH` when set).
    ///   - lifetimeDays: the manifest expires this many days after `created` (default
    ///     ``defaultLifetimeDays``, at most ``maxLifetimeDays``).
    /// - Throws: ``BundleError``: ``BundleError/Reason/badArgument`` for a version not greater
    ///   than the published one or a lifetime out of range; a content file that breaks a rule
    ///   or limit; ``BundleError/Reason/writeFailed``.
    public func write(
        park: String, to out: String, version: Int? = nil, created: Date = Date(), lifetimeDays: Int = defaultLifetimeDays
    ) throws(BundleError) -> Outcome {
        guard !root.isInMemory else { throw BundleError(.badArgument, file: root.url.path, "bundles are made from a project folder") }
        guard BundlePath.isParkCode(park), root.exists("parks/\(park)/park.lua") else {
            throw BundleError(.badArgument, file: "parks/\(park)", "not a park of \(root.url.path) that a bundle can hold")
        }
        let folder = (out.hasSuffix("/") ? String(out.dropLast()) : out) + "/\(park)"
        let published = try Self.publishedVersion(in: folder)
        let next = version ?? published + 1
        guard next > published else {
            throw BundleError(
                .badArgument, file: "\(folder)/\(BundleLayout.manifest)", field: "version",
                "--version \(next) is not greater than the published version \(published)")
        }
        guard (1...Self.maxLifetimeDays).contains(lifetimeDays) else {
            throw BundleError(
                .badArgument, file: "\(folder)/\(BundleLayout.manifest)", field: "expires",
                "a lifetime of \(lifetimeDays) days is not 1 to \(Self.maxLifetimeDays)")
        }
        guard next <= BundlePath.maxVersion else {
            throw BundleError(.badArgument, file: "\(folder)/\(BundleLayout.manifest)", field: "version", "--version \(next) is over \(BundlePath.maxVersion)")
        }

        var entries: [BundleManifest.File] = []
        var contents: [String: [UInt8]] = [:]
        for path in try ProjectFiles.list(park: park, in: root) {
            if let problem = BundlePath.problem(path, park: park, limits: limits) { throw BundleError(.unsafePath, file: path, problem) }
            let bytes = try BoundedFile.contents(root.url(path).path, display: path, limit: limits.maxFileBytes)
            let sha256 = ContentHash.sha256(bytes)
            entries.append(.init(path: path, sha256: sha256, size: bytes.count))
            contents[sha256] = bytes
        }
        let manifest = BundleManifest(
            park: park, version: next, api: FlowRuntime.apiVersion,
            created: ManifestTime.text(created), expires: ManifestTime.text(created.addingTimeInterval(Double(lifetimeDays) * 86_400)),
            files: entries)
        let bytes = manifest.encoded()
        // What the verifier would refuse (too many files, too large) is not written.
        _ = try BundleManifest.decode(bytes, file: "\(folder)/\(BundleLayout.manifest)", limits: limits)
        let signature = try key.signatureFile(for: bytes)

        var newObjects = 0, newBytes = 0
        try Self.makeFolder("\(folder)/\(BundleLayout.objects)")
        try Self.makeFolder("\(folder)/\(BundleLayout.versions)")
        for (sha256, object) in contents.sorted(by: { $0.key < $1.key }) {
            let path = "\(folder)/\(BundleLayout.object(sha256))"
            // Objects are immutable: one already there with the right bytes stays.
            if let existing = try? BoundedFile.contents(path, display: path, limit: object.count, exact: object.count),
                ContentHash.sha256(existing) == sha256
            {
                continue
            }
            try Self.write(object, to: path)
            newObjects += 1
            newBytes += object.count
        }
        try Self.write(bytes, to: "\(folder)/\(BundleLayout.versionManifest(next))")
        try Self.write(signature, to: "\(folder)/\(BundleLayout.versionSignature(next))")
        try Self.write(bytes, to: "\(folder)/\(BundleLayout.manifest)")
        try Self.write(signature, to: "\(folder)/\(BundleLayout.signature)")
        return Outcome(manifest: manifest, folder: folder, newObjects: newObjects, newBytes: newBytes, manifestBytes: bytes.count)
    }

    /// The newest version published in a bundle folder: the greater of `manifest.json`'s
    /// and the newest in `versions/`; 0 when there is none.
    /// - Parameter folder: a park's bundle folder (`dist/GOGA`).
    /// - Throws: ``BundleError`` when `manifest.json` is there but unreadable or malformed.
    public static func publishedVersion(in folder: String) throws(BundleError) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(BundleLayout.versions)")) ?? []
        var newest = names.compactMap(BundleLayout.version(ofManifestNamed:)).max() ?? 0
        let file = "\(folder)/\(BundleLayout.manifest)"
        if FileManager.default.fileExists(atPath: file) {
            let limits = BundleLimits()
            let current = try BundleManifest.decode(
                try BoundedFile.contents(file, display: file, limit: limits.maxManifestBytes),
                file: file, limits: limits)
            newest = max(newest, current.version)
        }
        return newest
    }

    private static func makeFolder(_ path: String) throws(BundleError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw BundleError(.writeFailed, file: path, "cannot make the folder: \(error.localizedDescription)")
        }
    }

    /// Writes through a temporary file and a rename, so a reader sees the old file or the new one.
    private static func write(_ bytes: [UInt8], to path: String) throws(BundleError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw BundleError(.writeFailed, file: path, "cannot write: \(error.localizedDescription)")
        }
    }
}
