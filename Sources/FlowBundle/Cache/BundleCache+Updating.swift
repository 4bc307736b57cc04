#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What an updater (`flowrun sync`) does to a cache, each step safe to be cut off by a
/// crash: objects and manifests land whole under their final names, and ``switchTo(_:)``
/// is the one step that changes what runs. Every write goes through a ``CacheFolder``, so
/// none follows a link planted in the cache.
extension BundleCache {
    /// Makes the cache's folders, takes its lock and empties `incoming/` of what a sync
    /// that was cut off left there.
    /// - Returns: the lock; the cache is the caller's until it is released (or the process ends).
    /// - Throws: ``BundleError``: ``BundleError/Reason/writeFailed`` when the folders cannot
    ///   be made or another sync holds the lock, ``BundleError/Reason/notRegularFile`` when
    ///   one of them is a symbolic link or not a folder.
    public func open() throws(BundleError) -> CacheLock {
        let root = try CacheFolder(root: folder, create: true)
        _ = try root.folder(BundleLayout.objects, create: true)
        _ = try CacheFolder(root: folder, slotParts + [BundleLayout.versions], create: true)
        let incoming = try root.folder("incoming", create: true)
        let lock = try CacheLock(in: root)
        for name in incoming.names() { incoming.removeTree(name) }
        return lock
    }

    /// The cache's folder `parts` (`["objects"]`), open, never reached through a link.
    func sealed(_ parts: String..., create: Bool = false) throws(BundleError) -> CacheFolder {
        try CacheFolder(root: folder, parts, create: create)
    }

    /// The park's slot's folder `parts` (`["versions", "3"]`), open, never reached through a link.
    func slotFolder(_ parts: String...) throws(BundleError) -> CacheFolder {
        try CacheFolder(root: folder, slotParts + parts, create: false)
    }

    /// Whether `objects/` holds a regular file for `entry` of its size. Its hash is checked
    /// when the version is verified before the switch (``verify(version:with:)``).
    public func hasObject(_ entry: BundleManifest.File) -> Bool {
        guard let objects = try? sealed(BundleLayout.objects), let status = objects.status(entry.sha256) else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG && Int(status.st_size) == entry.size
    }

    /// Removes an object (one that failed its check, to be fetched again).
    public func removeObject(_ sha256: String) {
        guard BundlePath.isSHA256(sha256), let objects = try? sealed(BundleLayout.objects) else { return }
        objects.remove(sha256)
    }

    /// A download of `entry` into the cache, checked as it arrives (``IncomingObject``).
    /// - Parameters:
    ///   - entry: the manifest entry; its SHA-256 names the object.
    ///   - source: where the bytes come from, for messages.
    public func incoming(_ entry: BundleManifest.File, from source: String) throws(BundleError) -> IncomingObject {
        try IncomingObject(entry: entry, source: source, incoming: try sealed("incoming"), objects: try sealed(BundleLayout.objects))
    }

    /// The manifest bytes stored for `version`, if any.
    public func storedManifest(_ version: Int) -> [UInt8]? {
        try? BoundedFile.contents(manifestFile(version), display: manifestFile(version), limit: BundleLimits().maxManifestBytes, sealed: folder)
    }

    /// Stores version `version`'s manifest and signature (the signature first: a folder with
    /// a manifest always has its signature). Their folder is flushed by ``switchTo(_:)``.
    public func storeVersion(_ version: Int, manifest: [UInt8], signature: [UInt8]) throws(BundleError) {
        let target = try slotFolder(BundleLayout.versions).folder(String(version), create: true)
        target.remove("failed")
        try DurableFile.write(signature, to: BundleLayout.signature, in: target, syncFolder: false)
        try DurableFile.write(manifest, to: BundleLayout.manifest, in: target, syncFolder: false)
    }

    /// Records that `version` failed its first run, and why: a sync does not switch to it
    /// again while the server offers the same manifest.
    public func markFailed(_ version: Int, reason: String) throws(BundleError) {
        try DurableFile.write(Array((reason + "\n").utf8), to: "failed", in: try slotFolder(BundleLayout.versions, String(version)))
    }

    /// Why `version` failed its first run, or nil if it did not.
    public func failure(of version: Int) -> String? {
        let file = "\(versionFolder(version))/failed"
        guard let bytes = try? BoundedFile.contents(file, display: file, limit: 64 << 10, sealed: folder) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Makes `version` the one that runs: flushes the folders its files were renamed into
    /// (`objects/`, `versions/<N>/`), then `previous` becomes the version running now (when
    /// there is one and it differs) and `current` becomes `version`, each pointer replaced
    /// whole by a rename and the park's slot flushed after the second. Cut off anywhere,
    /// `current` names the old version or the new one, with all its files on disk.
    public func switchTo(_ version: Int) throws(BundleError) {
        try sealed(BundleLayout.objects).sync()
        try slotFolder(BundleLayout.versions, String(version)).sync()
        let root = try slotFolder()
        if let running = try? self.version(.current), running != version {
            try DurableFile.write(Array("\(running)\n".utf8), to: Pointer.previous.rawValue, in: root, syncFolder: false)
        }
        try DurableFile.write(Array("\(version)\n".utf8), to: Pointer.current.rawValue, in: root)
    }

    /// The server's ETag of the current manifest and the version it is of, for If-None-Match.
    public func storedETag() -> (version: Int, etag: String)? {
        let file = "\(slot)/etag"
        guard let bytes = try? BoundedFile.contents(file, display: file, limit: 1_024, sealed: folder) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard let space = text.firstIndex(of: " "), let version = Int(text[..<space]) else { return nil }
        let etag = String(text[text.index(after: space)...])
        return Self.isETag(etag) ? (version, etag) : nil
    }

    /// Stores the ETag the server gave version `version`'s manifest; one that is not a plain
    /// header value (control characters, over 512 bytes) is not kept.
    public func storeETag(_ etag: String?, version: Int) throws(BundleError) {
        let root = try slotFolder()
        guard let etag, Self.isETag(etag) else {
            root.remove("etag")
            return
        }
        // Not flushed: an ETag lost in a crash costs one full GET of the manifest, nothing more.
        try DurableFile.write(Array("\(version) \(etag)\n".utf8), to: "etag", in: root, flush: false, syncFolder: false)
    }

    /// Removes, in every park's slot, every version but `current` and `previous` (and those
    /// that failed, newer than `current`: they say not to try again), then every object no
    /// park's kept version lists. A manifest that cannot be read keeps every object.
    public func collectGarbage() {
        guard let objects = try? sealed(BundleLayout.objects) else { return }
        var listed = Set<String>()
        for slot in slots() {
            guard let kept = slot.pruneVersions() else { return }
            listed.formUnion(kept)
        }
        for name in objects.names() where !listed.contains(name) { objects.removeTree(name) }
    }

    /// Removes the slot's versions but `current`, `previous` and those failed newer than
    /// `current`, and returns the objects its kept versions list; nil when a kept manifest
    /// cannot be read.
    private func pruneVersions() -> Set<String>? {
        guard let versions = try? slotFolder(BundleLayout.versions) else { return [] }
        let current = try? version(.current), previous = try? version(.previous)
        var kept: [Int] = []
        for name in versions.names() {
            guard let version = Int(name), "\(version)" == name else { continue }
            if version == current || version == previous {
                kept.append(version)
            } else if let current, version > current, failure(of: version) != nil {
                continue
            } else {
                versions.removeTree(name)
            }
        }
        var listed = Set<String>()
        for version in kept {
            guard let bytes = storedManifest(version), let manifest = try? BundleManifest.decode(bytes, file: manifestFile(version)) else { return nil }
            listed.formUnion(manifest.files.map(\.sha256))
        }
        return listed
    }

    private static func isETag(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 512 && text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}
