import FlowBundle
import FlowKit
@testable import FlowSync
import Foundation
import Testing

/// `flowrun sync` against the project's own server on 127.0.0.1: what an update does.
@Suite struct SyncTests {
    @Test func anUpdateShowsTheNewOnboardingWithNoRebuild() async throws {
        let desk = try Publisher()
        let first = try desk.publish()
        let plan = FaultPlan()
        try await withServer(desk.dist, plan: plan) { root in
            let cache = desk.cache()
            let initial = try await desk.sync(cache, from: root)
            let objects = Set(first.manifest.files.map(\.sha256)).count
            #expect(
                initial.outcome
                    == .updated(
                        park: "GOGA", from: nil, to: 1, downloaded: objects, files: first.manifest.files.count,
                        bytes: first.manifest.totalBytes))
            #expect(initial.requests == 2 + objects)  // manifest, signature, objects
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)

            try desk.changeOnboarding()
            let second = try desk.publish()
            await plan.reset()
            let update = try await desk.sync(cache, from: root)
            guard case .updated(_, let from, let to, let downloaded, _, let bytes) = update.outcome else { throw TestFailure("\(update)") }
            #expect(from == 1 && to == 2 && downloaded == 1)
            #expect(bytes == second.manifest.files.first { $0.path == "parks/GOGA/park.lua" }?.size)
            #expect(await plan.objectRequests() == 1)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
            #expect(try cache.version(.previous) == 1)
        }
    }

    @Test func aSyncWithNoChangeIsOneRequest() async throws {
        let desk = try Publisher()
        try desk.publish()
        let plan = FaultPlan()
        try await withServer(desk.dist, plan: plan) { root in
            let cache = desk.cache()
            _ = try await desk.sync(cache, from: root)
            for _ in 0..<3 {
                await plan.reset()
                let again = try await desk.sync(cache, from: root)
                #expect(again.outcome == .upToDate(park: "GOGA", version: 1))
                #expect(again.requests == 1)
                #expect(await plan.paths == ["/GOGA/manifest.json"])
            }
        }
    }

    @Test func theCacheKeepsTheCurrentAndThePreviousVersion() async throws {
        let desk = try Publisher()
        try desk.publish()
        try await withServer(desk.dist) { root in
            let cache = desk.cache()
            _ = try await desk.sync(cache, from: root)
            for text in ["Welcome back", "Welcome once more"] {
                try desk.edit("parks/GOGA/park.lua", "Welcome", text)
                try desk.publish()
                _ = try await desk.sync(cache, from: root)
            }
            #expect(try cache.version(.current) == 3 && cache.version(.previous) == 2)
            #expect(try FileManager.default.contentsOfDirectory(atPath: "\(cache.folder)/versions").sorted() == ["2", "3"])
            let listed = Set(
                [2, 3].flatMap { version in
                    (try? BundleManifest.decode(cache.storedManifest(version) ?? [], file: "m"))?.files.map(\.sha256) ?? []
                })
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: cache.objects)) == listed)
        }
    }

    @Test func nothingIsWrittenOutsideTheCache() async throws {
        let desk = try Publisher()
        try desk.publish()
        let before = try FileManager.default.subpathsOfDirectory(atPath: desk.folder.path).filter { !$0.hasPrefix("cache") }.sorted()
        try await withServer(desk.dist) { root in
            _ = try await desk.sync(desk.cache(), from: root)
        }
        let after = try FileManager.default.subpathsOfDirectory(atPath: desk.folder.path).filter { !$0.hasPrefix("cache") }.sorted()
        #expect(after == before)
        let names = try FileManager.default.contentsOfDirectory(atPath: desk.cache().folder).sorted()
        #expect(names == ["current", "etag", "incoming", "lock", "objects", "versions"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: "\(desk.cache().folder)/incoming").isEmpty)
    }

    @Test func aServerThatCannotBeReachedLeavesTheCache() async throws {
        let desk = try Publisher()
        try desk.publish()
        let cache = desk.cache()
        let root = try await withServer(desk.dist) { root in
            _ = try await desk.sync(cache, from: root)
            return root
        }
        let report = try await desk.sync(cache, from: root)
        guard case .offline(let park, let version, let reason) = report.outcome else { throw TestFailure("\(report)") }
        #expect(park == "GOGA" && version == 1 && reason.hasPrefix("cannot connect: "))
        try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        let empty = await desk.failure(desk.cache("empty"), from: root)
        #expect(empty?.reason == .unreachable)
    }

    @Test func aDamagedCacheRunsThePreviousVersionAndASyncRepairsIt() async throws {
        let desk = try Publisher()
        try desk.publish()
        try await withServer(desk.dist) { root in
            let cache = desk.cache()
            _ = try await desk.sync(cache, from: root)
            try desk.changeOnboarding()
            let second = try desk.publish()
            _ = try await desk.sync(cache, from: root)
            // Damage the one object version 2 does not share with version 1.
            let park = try #require(second.manifest.files.first { $0.path == "parks/GOGA/park.lua" })
            try Data("flow.register('x')".utf8).write(to: URL(fileURLWithPath: "\(cache.objects)/\(park.sha256)"))
            let (json, warning) = try onboarding(of: cache, verifier: desk.verifier)
            #expect(json.contains(oldWelcome))
            #expect(warning?.hasPrefix("version 2 does not verify (\(cache.objects)/\(park.sha256): ") == true)
            #expect(warning?.hasSuffix("; running the previous good version 1") == true)

            let repair = try await desk.sync(cache, from: root)
            #expect(repair.outcome == .repaired(park: "GOGA", version: 2, downloaded: 1))
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func aCacheWithNoGoodVersionRunsNothing() throws {
        let desk = try Publisher()
        let none = #expect(throws: BundleError.self) { try desk.cache().load(with: desk.verifier) }
        #expect(none?.description == "\(desk.cache().folder): no such cache: run 'flowrun sync --from URL --cache \(desk.cache().folder)' first")
    }
}
