import FlowBundle
import FlowSync
import Foundation
import Testing

/// Links planted in a cache, each pointing at a folder or file outside it: a sync never
/// writes a byte through one (it refuses a linked folder, and replaces a linked file by a
/// rename, never following it), and a run from the cache never reads through one.
@Suite struct SealedCacheTests {
    /// What is planted, and where the sync leaves the cache: refused (and running `stays`),
    /// or updated to version 2 with the link replaced by a real file.
    enum Planted: String, CaseIterable, Sendable {
        case objectsFolder = "objects"
        case versionsFolder = "versions"
        case incomingFolder = "incoming"
        case newVersionFolder = "versions/2"
        case currentPointer = "current"
        case previousPointer = "previous"
        case etagFile = "etag"
        case lockFile = "lock"
        case object = "objects/<new>"

        /// A folder link (refused) rather than a file link (replaced, or refused for the lock).
        var isFolder: Bool { [.objectsFolder, .versionsFolder, .incomingFolder, .newVersionFolder].contains(self) }
    }

    @Test(arguments: Planted.allCases)
    func aPlantedLinkIsNeverWrittenThrough(planted: Planted) async throws {
        let desk = try Publisher()
        try desk.publish()
        try await withServer(desk.dist) { root in
            let cache = desk.cache()
            _ = try await desk.sync(cache, from: root)
            try desk.changeOnboarding()
            let second = try desk.publish()
            let outside = desk.folder.appendingPathComponent("outside-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
            try Data("1\n".utf8).write(to: URL(fileURLWithPath: "\(outside)/target"))

            let name: String
            if planted == .object {
                let sha = try #require(second.manifest.files.first { $0.path == "parks/GOGA/park.lua" }?.sha256)
                name = "objects/\(sha)"
            } else {
                name = planted.rawValue
            }
            let link = "\(cache.folder)/\(name)"
            // A folder's contents move outside (so the link leads to a working copy), a file is dropped.
            if FileManager.default.fileExists(atPath: link) {
                if planted.isFolder {
                    try FileManager.default.moveItem(atPath: link, toPath: "\(outside)/moved")
                } else {
                    try FileManager.default.removeItem(atPath: link)
                }
            }
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: planted.isFolder ? outside : "\(outside)/target")
            let before = try snapshot(outside)

            let result: Result<BundleSync.Report, SyncError>
            do throws(SyncError) { result = .success(try await desk.sync(cache, from: root)) } catch { result = .failure(error) }

            #expect(try snapshot(outside) == before, "\(planted): a byte written outside the cache")
            switch result {
            case .failure(let error):
                #expect(planted.isFolder || planted == .lockFile, "\(planted): \(error)")
                #expect(error.description.contains("symbolic link"), "\(planted): \(error)")
                #expect(error.source.hasPrefix(cache.folder), "\(planted): names the link: \(error)")
            case .success:
                #expect(!planted.isFolder && planted != .lockFile, "\(planted) was followed")
                // The link was replaced by a real file (or, for a pointer, the version runs).
                var status = stat()
                if lstat(link, &status) == 0 { #expect((status.st_mode & S_IFMT) != S_IFLNK, "\(planted) still a link") }
                #expect(try cache.version(.current) == 2)
            }
        }
    }

    /// `flowrun --cache` reads no object, manifest or pointer through a planted folder link,
    /// even one to a copy that would verify.
    @Test func aRunFromTheCacheReadsNothingThroughALink() async throws {
        let desk = try Publisher()
        try desk.publish()
        try await withServer(desk.dist) { root in _ = try await desk.sync(desk.cache(), from: root) }
        let cache = desk.cache()
        for name in ["objects", "versions"] {
            let elsewhere = desk.folder.appendingPathComponent("elsewhere-\(name)").path
            try FileManager.default.moveItem(atPath: "\(cache.folder)/\(name)", toPath: elsewhere)
            try FileManager.default.createSymbolicLink(atPath: "\(cache.folder)/\(name)", withDestinationPath: elsewhere)
            let error = try #require(throws: BundleError.self) { try cache.load(with: desk.verifier) }
            #expect(error.reason == .notRegularFile || error.reason == .unreadable, "\(name): \(error)")
            #expect(error.message.contains("symbolic link") || error.message.contains("file not found"), "\(name): \(error)")
            try FileManager.default.removeItem(atPath: "\(cache.folder)/\(name)")
            try FileManager.default.moveItem(atPath: elsewhere, toPath: "\(cache.folder)/\(name)")
            _ = try cache.load(with: desk.verifier)  // whole again
        }
    }

    /// Every file under `folder` with its bytes (a link as its target's text).
    private func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            let path = "\(folder)/\(name)"
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                files[name] = Data(target.utf8)
            } else if let data = FileManager.default.contents(atPath: path) {
                files[name] = data
            } else {
                files[name] = Data()
            }
        }
        return files
    }
}
