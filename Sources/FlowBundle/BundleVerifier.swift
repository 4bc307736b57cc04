import Formats
public import FlowKit
import Foundation
import ScreenModel

/// Checks a bundle before any of it runs, in this order, each failure a ``BundleError``
/// naming the file and field:
///
/// 1. `manifest.sig` is by a key of the trust set and matches `manifest.json`'s exact bytes;
/// 2. the manifest follows its schema, its format is one this flowrun reads, every path is
///    safe and every limit kept (``BundleManifest/decode(_:file:limits:)``);
/// 3. the runtime API and the screen schema it needs are ones this flowrun runs;
/// 4. it is not older than a version already published in `versions/` or already seen by
///    the caller (a replay or a downgrade);
/// 5. every object is a regular file (never a link) of its entry's size and SHA-256.
///
/// Objects are read once, into memory, and checked there: the ``VerifiedBundle`` serves
/// those bytes. The steps are public one by one too, for an updater that fetches the
/// manifest first and the objects after.
public struct BundleVerifier: Sendable {
    /// The keys a signature may come from.
    public let trust: TrustSet
    /// The ceilings.
    public let limits: BundleLimits
    /// The newest runtime API content may need (default: `FlowRuntime.apiVersion`).
    public let apiVersion: Int

    /// A verifier.
    /// - Parameters:
    ///   - trust: the trusted keys.
    ///   - limits: the ceilings (default ``BundleLimits/init(maxFiles:maxFileBytes:maxTotalBytes:maxManifestBytes:maxPathBytes:)``).
    ///   - apiVersion: the newest runtime API content may need (default `FlowRuntime.apiVersion`).
    public init(trust: TrustSet, limits: BundleLimits = BundleLimits(), apiVersion: Int = FlowRuntime.apiVersion) {
        self.trust = trust
        self.limits = limits
        self.apiVersion = apiVersion
    }

    /// Verifies the bundle in `folder` and returns its checked bytes.
    /// - Parameters:
    ///   - folder: the bundle's folder (`dist/GOGA`), as given; messages name files under it.
    ///   - newestKnown: the newest version the caller has already run or seen; an older
    ///     manifest is refused (default: none).
    /// - Throws: ``BundleError`` for the first check that fails.
    public func verify(folder: String, newestKnown: Int? = nil) throws(BundleError) -> VerifiedBundle {
        let base = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        return try verify(
            manifestFile: "\(base)/\(BundleLayout.manifest)", signatureFile: "\(base)/\(BundleLayout.signature)",
            objects: "\(base)/\(BundleLayout.objects)", origin: base, newestKnown: newestKnown, history: base, sealed: nil)
    }

    /// Verifies a manifest, its signature and the objects it lists, wherever each is kept:
    /// a bundle's folder keeps all three together, a cache (``BundleCache``) its manifests
    /// apart from the objects every version shares.
    /// - Parameters:
    ///   - manifestFile: `manifest.json`.
    ///   - signatureFile: its signature.
    ///   - objects: the folder holding `<sha256>` files.
    ///   - origin: where the bundle is, for messages (``VerifiedBundle/folder``).
    ///   - newestKnown: refuse a manifest older than this version.
    ///   - history: a bundle folder whose `versions/` must hold no newer manifest, or nil.
    ///   - sealed: a folder holding all three below which no link is followed (a cache), or nil.
    func verify(
        manifestFile: String, signatureFile: String, objects: String, origin: String,
        newestKnown: Int?, history: String?, sealed: String?
    ) throws(BundleError) -> VerifiedBundle {
        let manifestBytes = try BoundedFile.contents(manifestFile, display: manifestFile, limit: limits.maxManifestBytes, sealed: sealed)
        let signatureBytes = try BoundedFile.contents(signatureFile, display: signatureFile, limit: BundleLimits.maxLineFileBytes, sealed: sealed)
        let (manifest, signer) = try self.manifest(manifestBytes, signature: signatureBytes, file: manifestFile, signatureFile: signatureFile)
        if let newestKnown, manifest.version < newestKnown {
            throw BundleError(
                .replayed, file: manifestFile, field: "version",
                "\(manifest.version) is older than version \(newestKnown), already seen: an old manifest replayed, or a downgrade")
        }
        if let history { try checkHistory(of: manifest, in: history) }
        var files: [String: [UInt8]] = [:]
        files.reserveCapacity(manifest.files.count)
        var read: [String: [UInt8]] = [:]  // one read for files that share content
        for (index, entry) in manifest.files.enumerated() {
            if let bytes = read[entry.sha256] {
                files[entry.path] = bytes
                continue
            }
            let display = "\(objects)/\(entry.sha256)"
            let bytes: [UInt8]
            do {
                bytes = try BoundedFile.contents(display, display: display, limit: entry.size, exact: entry.size, sealed: sealed)
            } catch {
                throw BundleError(error.reason, file: error.file, "\(error.message) (files[\(index + 1)]: \(entry.path))")
            }
            try checkObject(bytes, for: entry, index: index, file: display)
            read[entry.sha256] = bytes
            files[entry.path] = bytes
        }
        return VerifiedBundle(manifest: manifest, signer: signer, folder: origin, files: files)
    }

    /// Checks a manifest's signature, then decodes and checks the manifest (steps 1–3).
    /// - Parameters:
    ///   - bytes: `manifest.json`'s exact bytes.
    ///   - signature: `manifest.sig`'s bytes.
    ///   - file: the manifest as messages name it.
    ///   - signatureFile: the signature as messages name it.
    /// - Returns: the manifest and the key that signed it.
    /// - Throws: ``BundleError``.
    public func manifest(_ bytes: [UInt8], signature: [UInt8], file: String, signatureFile: String) throws(BundleError) -> (BundleManifest, TrustedKey) {
        let signer = try checkSignature(signature, of: bytes, file: file, signatureFile: signatureFile)
        let manifest = try BundleManifest.decode(bytes, file: file, limits: limits)
        guard manifest.api <= apiVersion else {
            throw BundleError(
                .unsupported, file: file, field: "flowrun_api",
                "the content needs flowrun API \(manifest.api); this flowrun runs API \(apiVersion) and earlier: update flowrun")
        }
        guard manifest.screenSchema == BundleManifest.currentScreenSchema else {
            throw BundleError(
                .unsupported, file: file, field: "screen_schema",
                "the content's screens follow \(Excerpt.quoted(manifest.screenSchema)); this flowrun reads \(BundleManifest.currentScreenSchema) only: update flowrun"
            )
        }
        return (manifest, signer)
    }

    /// Checks one object's bytes against its manifest entry (step 5).
    /// - Parameters:
    ///   - bytes: the object's bytes.
    ///   - entry: its entry in the manifest.
    ///   - index: the entry's position in `files`, from 0 (messages count from 1).
    ///   - file: the object as messages name it.
    /// - Throws: ``BundleError``: ``BundleError/Reason/sizeMismatch`` or ``BundleError/Reason/hashMismatch``.
    public func checkObject(_ bytes: [UInt8], for entry: BundleManifest.File, index: Int, file: String) throws(BundleError) {
        guard bytes.count == entry.size else {
            throw BundleError(.sizeMismatch, file: file, "\(bytes.count) bytes where files[\(index + 1)] (\(entry.path)) says \(entry.size)")
        }
        let sha256 = ContentHash.sha256(bytes)
        guard sha256 == entry.sha256 else {
            throw BundleError(
                .hashMismatch, file: file,
                "SHA-256 is \(sha256), not the one files[\(index + 1)] (\(entry.path)) gives: the object was changed")
        }
    }

    // MARK: - Private

    /// The trusted key whose signature `signature` is of `bytes`.
    private func checkSignature(_ signature: [UInt8], of bytes: [UInt8], file: String, signatureFile: String) throws(BundleError) -> TrustedKey {
        let format = "\(KeyText.signatureLabel) <key id> <base64 of 64 bytes>"
        let words = try KeyText.words(signature, count: 3, file: signatureFile, format: format)
        guard words[0] == KeyText.signatureLabel, BundlePath.isLowerHex(words[1], digits: 16) else {
            throw BundleError(.malformed, file: signatureFile, "expected one line '\(format)'")
        }
        let raw = try KeyText.decode(words[2], count: 64, file: signatureFile, what: "signature")
        guard !trust.keys.isEmpty else {
            throw BundleError(
                .untrustedKey, file: signatureFile,
                "no trusted keys: put the signer's .pub file in keys/ or pass --trust FILE")
        }
        guard let key = trust.key(id: words[1]) else {
            throw BundleError(
                .untrustedKey, file: signatureFile,
                "signed by key \(words[1]), which is not trusted (trusted: \(trust.listed)); pass --trust with its .pub file")
        }
        guard key.isValid(signature: raw, for: bytes) else {
            throw BundleError(
                .badSignature, file: file,
                "does not match its signature by \(key.name) (\(key.id)): changed after it was signed")
        }
        return key
    }

    /// Refuses `manifest` when `versions/` holds a newer published manifest that verifies.
    private func checkHistory(of manifest: BundleManifest, in base: String) throws(BundleError) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "\(base)/\(BundleLayout.versions)")) ?? []
        guard let newest = names.compactMap(BundleLayout.version(ofManifestNamed:)).max(), newest > manifest.version else { return }
        let file = "\(base)/\(BundleLayout.versionManifest(newest))"
        let signatureFile = "\(base)/\(BundleLayout.versionSignature(newest))"
        let bytes = try BoundedFile.contents(file, display: file, limit: limits.maxManifestBytes)
        let signature = try BoundedFile.contents(signatureFile, display: signatureFile, limit: BundleLimits.maxLineFileBytes)
        let published = try self.manifest(bytes, signature: signature, file: file, signatureFile: signatureFile).0
        guard published.version == newest, published.park == manifest.park else {
            throw BundleError(
                .malformed, file: file, field: "version", "this file holds version \(published.version) of \(published.park), not \(newest) of \(manifest.park)"
            )
        }
        throw BundleError(
            .replayed, file: "\(base)/\(BundleLayout.manifest)", field: "version",
            "\(manifest.version) is older than version \(newest), published in \(BundleLayout.versionManifest(newest)): "
                + "an old manifest put back (to roll back, publish the old content as a new version)")
    }
}
