import FlowBundle
import FlowKit
@testable import FlowSync
import Foundation
import Testing

/// One cache serving several parks (`flowrun sync --park CODE --cache DIR` for each): every
/// park has its own versions and switch, the objects they share are stored once.
@Suite struct ManyParkCacheTests {
    /// GOGA's desk with BIBE beside it, both published.
    private func desk() throws -> Publisher {
        let desk = try Publisher()
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("parks/BIBE"), to: desk.project.appendingPathComponent("parks/BIBE"))
        try desk.publish()
        try desk.publish(park: "BIBE")
        return desk
    }

    private func objects(in cache: BundleCache) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: cache.objects))
    }

    @Test func twoParksShareOneCacheAndTheFilesTheyShare() async throws {
        let desk = try desk()
        try await withServer(desk.dist) { root in
            let goga = try desk.slot("GOGA"), bibe = try desk.slot("BIBE")
            _ = try await desk.sync(goga, from: root, park: "GOGA")
            let second = try await desk.sync(bibe, from: root, park: "BIBE")
            guard case .updated(let park, _, let to, let downloaded, let files, _) = second.outcome else { throw TestFailure("\(second)") }
            #expect(park == "BIBE" && to == 1)
            // The flows and defaults GOGA brought are not fetched again.
            #expect(downloaded < files / 2)
            #expect(try goga.load(with: desk.verifier).bundle.manifest.park == "GOGA")
            #expect(try bibe.load(with: desk.verifier).bundle.manifest.park == "BIBE")
            #expect(goga.slot.hasSuffix("/parks/GOGA") && bibe.slot.hasSuffix("/parks/BIBE"))
            #expect(goga.parks() == ["BIBE", "GOGA"])
        }
    }

    @Test func anUpdateOfOneParkKeepsTheOthersObjects() async throws {
        let desk = try desk()
        try await withServer(desk.dist) { root in
            let goga = try desk.slot("GOGA"), bibe = try desk.slot("BIBE")
            _ = try await desk.sync(bibe, from: root, park: "BIBE")
            _ = try await desk.sync(goga, from: root, park: "GOGA")
            // Two GOGA updates: version 1 and what only it listed are collected.
            for title in ["One more welcome", "Welcome again"] {
                try desk.edit("parks/GOGA/park.lua", title == "One more welcome" ? oldWelcome : "One more welcome", title)
                try desk.publish()
                _ = try await desk.sync(goga, from: root, park: "GOGA")
            }
            #expect(try goga.version(.current) == 3 && goga.version(.previous) == 2)
            #expect(!FileManager.default.fileExists(atPath: goga.versionFolder(1)))
            let (verified, warning) = try bibe.load(with: desk.verifier)
            #expect(verified.manifest.park == "BIBE" && warning == nil)
            let listed = try [goga, bibe].flatMap { slot in
                try [BundleCache.Pointer.current, .previous].compactMap { try slot.version($0) }.flatMap { version in
                    try BundleManifest.decode(#require(slot.storedManifest(version)), file: "").files.map(\.sha256)
                }
            }
            #expect(try objects(in: goga) == Set(listed))
        }
    }

    @Test func aCacheOfOneParkMadeBeforeTakesOthersBesideIt() async throws {
        let desk = try desk()
        try await withServer(desk.dist) { root in
            let old = desk.cache()  // GOGA at the cache's top, as caches were written before
            _ = try await desk.sync(old, from: root, park: "GOGA")
            let goga = try desk.slot("GOGA"), bibe = try desk.slot("BIBE")
            #expect(goga.slot == old.folder)
            _ = try await desk.sync(bibe, from: root, park: "BIBE")
            #expect(old.parks() == ["GOGA", "BIBE"])
            #expect(try goga.load(with: desk.verifier).bundle.manifest.park == "GOGA")
            #expect(try bibe.load(with: desk.verifier).bundle.manifest.park == "BIBE")
            // Syncing GOGA again keeps using its place at the top.
            let again = try await desk.sync(goga, from: root, park: "GOGA")
            #expect(again.outcome == .upToDate(park: "GOGA", version: 1))
        }
    }

    @Test func aParksPlaceTakesNoOtherPark() async throws {
        let desk = try desk()
        try await withServer(desk.dist) { root in
            let goga = try desk.slot("GOGA")
            // BIBE's bundle URL, into GOGA's place.
            let sync = try BundleSync(from: root + "BIBE/", park: nil, cache: goga, verifier: desk.verifier, options: quick)
            let error = await #expect(throws: SyncError.self) { _ = try await sync.run() }
            #expect(error?.description.contains("park: BIBE, but this is the cache's place for GOGA") == true)
            #expect(try goga.version(.current) == nil)
        }
    }

    @Test func aParkMissingFromTheCacheIsNamedWithThoseItHolds() async throws {
        let desk = try desk()
        try await withServer(desk.dist) { root in
            _ = try await desk.sync(try desk.slot("GOGA"), from: root, park: "GOGA")
            let error = #expect(throws: BundleError.self) { try desk.slot("ZION").load(with: desk.verifier) }
            #expect(error?.message.contains("no version of ZION cached (the cache holds GOGA)") == true)
            #expect(error?.message.contains("--park ZION") == true)
        }
    }

    @Test func aCodeThatCannotNameAFolderIsRefused() throws {
        for code in ["", "../GOGA", "GO/GA", ".", String(repeating: "A", count: 33)] {
            #expect(throws: BundleError.self) { try BundleCache(folder: "/tmp/cache", park: code) }
        }
    }
}

extension Publisher {
    /// Park `park`'s place in the cache folder `cache` beside dist/.
    func slot(_ park: String, cache: String = "cache") throws -> BundleCache {
        try BundleCache(folder: folder.appendingPathComponent(cache).path, park: park)
    }
}
