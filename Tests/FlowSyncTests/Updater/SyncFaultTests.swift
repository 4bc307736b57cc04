import FlowBundle
import FlowKit
import FlowSync
import Foundation
import Testing

/// Faults the project's own server injects: each is retried or refused with a clear message,
/// and the cache still runs the last good version.
@Suite struct SyncFaultTests {

    // MARK: - Retried

    @Test func aSlowAnswerTimesOutAndIsTriedAgain() async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(.delay(.seconds(3)), to: "manifest.json")
            let report = try await desk.sync(cache, from: root, options: impatient)
            #expect(report.outcome == .updated(park: "GOGA", from: 1, to: 2, downloaded: 1, files: try fileCount(desk), bytes: try parkFileSize(desk)))
            // The slow answer and at least one try after it (more only if the machine is slower than 1 s).
            #expect(await plan.paths.filter { $0.hasSuffix("manifest.json") }.count >= 2)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func aBodyCutShortIsTriedAgain() async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(.truncate(100), to: "objects/")
            _ = try await desk.sync(cache, from: root)
            #expect(await plan.objectRequests() == 2)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func anHTTP500ThenSuccess() async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(.status(500), to: "manifest.json")
            await plan.add(.status(503), to: "versions/2.sig")
            await plan.add(.status(502), to: "objects/")
            let report = try await desk.sync(cache, from: root)
            #expect(report.requests == 6)  // each of the three twice
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    // MARK: - Given up on

    @Test(arguments: [
        (Fault.delay(.seconds(3)), "manifest.json", "no answer within 1 s; gave up after 3 tries"),
        (.status(500), "manifest.json", "the server answered HTTP 500; gave up after 3 tries"),
        (.truncate(100), "objects/", "the answer was cut short after 100 of "),
    ])
    func aFaultThatLastsIsGivenUpOn(fault: Fault, key: String, message: String) async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(fault, to: key, times: 3)
            let slow = if case .delay = fault { true } else { false }
            let error = try #require(await desk.failure(cache, from: root, options: slow ? impatient : quick))
            #expect(error.reason == .transfer && error.exitCode == 1)
            #expect(error.message.contains(message), "\(error)")
            #expect(error.source.hasPrefix(root + "GOGA/\(key)"))
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    // MARK: - Refused

    @Test func anObjectWithOtherBytesIsRefused() async throws {
        try await withVersion2 { desk, root, cache, plan in
            let size = try parkFileSize(desk)
            await plan.add(.body(Array(repeating: 0x2D, count: size)), to: "objects/", times: 3)
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .hashMismatch && error.exitCode == 2)
            #expect(
                error.message.hasPrefix("SHA-256 is ")
                    && error.message.hasSuffix(", not the one the manifest gives parks/GOGA/park.lua: the server holds other bytes"))
            #expect(await plan.objectRequests() == 1, "a wrong hash is not tried again")
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
            #expect(try FileManager.default.contentsOfDirectory(atPath: "\(cache.folder)/incoming").isEmpty)
        }
    }

    @Test func anObjectOfAnotherSizeIsRefused() async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(.body(Array(repeating: 0x2D, count: 10)), to: "objects/")
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .sizeMismatch)
            #expect(error.message == "10 bytes where the manifest gives parks/GOGA/park.lua \(try parkFileSize(desk))")
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    @Test func aManifestSignedByAnotherKeyIsRefused() async throws {
        try await withVersion2 { desk, root, cache, plan in
            try desk.changeOnboarding(back: true)
            try desk.publish(signer: .generate())
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .untrustedKey)
            #expect(error.source == root + "GOGA/versions/3.sig")
            #expect(error.message.hasPrefix("signed by key ") && error.message.contains(", which is not trusted (trusted: this key ("))
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    @Test func aReplayedOlderManifestIsRefusedUnlessADowngradeIsAllowed() async throws {
        try await withVersion2 { desk, root, cache, plan in
            _ = try await desk.sync(cache, from: root)
            try desk.republish(1)
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .replayed)
            #expect(
                error.message
                    == "version: 1 is older than the cache's current version 2: an old manifest replayed, or a downgrade (--allow-downgrade accepts it)")
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
            var downgrade = quick
            downgrade.allowDowngrade = true
            let back = try await desk.sync(cache, from: root, options: downgrade)
            #expect(back.outcome == .updated(park: "GOGA", from: 2, to: 1, downloaded: 0, files: try fileCount(desk), bytes: 0))
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    @Test func theSameVersionWithOtherBytesIsAReplay() async throws {
        try await withVersion2 { desk, root, cache, plan in
            _ = try await desk.sync(cache, from: root)
            try desk.edit("parks/GOGA/park.lua", newWelcome, "Welcome, again")
            try FileManager.default.removeItem(atPath: "\(desk.bundle)/versions")  // the publisher forgot version 2 ...
            try FileManager.default.removeItem(atPath: "\(desk.bundle)/manifest.json")
            try desk.publish(version: 2)  // ... and signs other content as 2
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .replayed)
            #expect(error.message.hasPrefix("version: 2 is the cache's current version, but the manifest's bytes differ"))
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func aVersionWhoseFirstRunFailsIsNeverSwitchedTo() async throws {
        try await withVersion2 { desk, root, cache, plan in
            try desk.write("flows/home.lua", "flow.register('home', function(ctx) error('the new home is broken') end)\n")
            try desk.publish()
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .failedRun && error.exitCode == 1)
            #expect(error.message.hasPrefix("version 3 fails its first run, so it is not used: home: "))
            #expect(error.message.contains("the new home is broken"))
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
            // The same manifest again: refused at once, nothing downloaded.
            await plan.reset()
            let again = try #require(await desk.failure(cache, from: root))
            #expect(again.reason == .failedRun && again.message.hasPrefix("version 3 failed its first run at an earlier sync"))
            #expect(await plan.paths == ["/GOGA/manifest.json"])
        }
    }

    @Test func aBundleOfAnotherParkIsRefused() async throws {
        try await withVersion2 { desk, root, cache, plan in
            let other = try Publisher(park: "YOSE", key: desk.key)
            try other.publish()
            try await withServer(other.dist) { otherRoot in
                let error = try #require(await other.failure(cache, from: otherRoot))
                #expect(error.reason == .refused)
                #expect(error.message == "park: YOSE, but this cache holds GOGA (with --park CODE, one cache keeps any number of parks)")
            }
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    /// The size of version 2's park.lua (its one new object).
    /// The files of the version published last.
    private func fileCount(_ desk: Publisher) throws -> Int {
        try #require(desk.outcome?.manifest.files.count)
    }

    private func parkFileSize(_ desk: Publisher) throws -> Int {
        try #require(desk.outcome?.manifest.files.first { $0.path == "parks/GOGA/park.lua" }).size
    }
}

extension Publisher {
    /// Puts the first onboarding title back (or changes it, as ``changeOnboarding()``).
    func changeOnboarding(back: Bool) throws {
        if back { try edit("parks/GOGA/park.lua", newWelcome, oldWelcome) } else { try changeOnboarding() }
    }
}
