import FlowBundle
@testable import FlowSync
import Foundation
import Testing

/// The update threats TUF names that the cache's own state does not answer, each reproduced
/// against the project's server on 127.0.0.1: a mirror frozen on an old version, an old
/// signed version offered to a first install, and a server that sends too slowly. In each the
/// cache keeps the last good version (or stays empty), and a sync against a good server
/// after it succeeds at once.
@Suite struct SyncThreatTests {
    static let day: TimeInterval = 86_400

    // MARK: - Freeze

    @Test func anExpiredManifestIsRefusedAndTheLastGoodVersionKept() async throws {
        let desk = try Publisher()
        try desk.publish()
        try await withServer(desk.dist) { root in
            let cache = desk.cache()
            _ = try await desk.sync(cache, from: root)
            try desk.changeOnboarding()
            // Version 2, made 40 days ago with the default 30-day lifetime: what a frozen
            // mirror still serves long after the publisher moved on.
            let made = Date().addingTimeInterval(-40 * Self.day)
            try desk.publish(created: made)
            let expiry = ManifestTime.text(made.addingTimeInterval(30 * Self.day))
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .expired && error.exitCode == 2)
            #expect(error.source == root + "GOGA/manifest.json")
            #expect(error.message.hasPrefix("expires: version 2 expired at \(expiry) (now "), "\(error)")
            #expect(
                error.message.hasSuffix(
                    "): a mirror frozen on an old version, or a publisher who has not published since (publish again; 'flowrun bundle --expires-in' sets the lifetime)"
                ))
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    /// A mirror that answers 304 for ever to the version the cache runs: once that version's
    /// manifest has expired, the sync says so rather than "up to date".
    @Test func aFrozenMirrorAnswering304IsNoticedOnceTheManifestExpires() async throws {
        let desk = try Publisher()
        let made = Date()
        try desk.publish(created: made)
        let plan = FaultPlan()
        try await withServer(desk.dist, plan: plan) { root in
            let cache = desk.cache()
            _ = try await desk.sync(cache, from: root)
            #expect(try await desk.sync(cache, from: root).outcome == .upToDate(park: "GOGA", version: 1))
            // 31 days on, the mirror still answers 304.
            var later = try BundleSync(from: root, park: "GOGA", cache: cache, verifier: desk.verifier, options: quick)
            later.now = { made.addingTimeInterval(31 * Self.day) }
            await plan.reset()
            let error = try #require(await #expect(throws: SyncError.self) { _ = try await later.run() })
            #expect(await plan.paths == ["/GOGA/manifest.json"], "answered by a 304")
            #expect(error.check == .expired, "\(error)")
            #expect(error.message.hasPrefix("expires: version 1 expired at \(ManifestTime.text(made.addingTimeInterval(30 * Self.day))) (now "))
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    @Test func aManifestWithoutAnExpiryIsRefusedUnlessAllowed() async throws {
        let desk = try Publisher()
        try desk.publish()
        try desk.resign { $0["expires"] = nil }
        try await withServer(desk.dist) { root in
            let cache = desk.cache()
            let error = try #require(await desk.failure(cache, from: root))
            #expect(error.reason == .refused && error.check == .expired && error.exitCode == 2)
            #expect(
                error.message
                    == "expires: missing: version 1 never expires, so a frozen mirror could serve it for ever "
                    + "(a bundle made before flowrun wrote expiries: publish it again, or --allow-no-expiry accepts it)")
            #expect(try cache.version(.current) == nil)
            var allowing = quick
            allowing.allowNoExpiry = true
            _ = try await desk.sync(cache, from: root, options: allowing)
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
        }
    }

    // MARK: - Rollback on a first install

    @Test func aFirstInstallPinnedToAMinimumVersionRefusesAnOldSignedOne() async throws {
        let desk = try Publisher()
        try desk.publish()
        try desk.changeOnboarding()
        try desk.publish()
        try desk.republish(1)  // the mirror offers version 1, signed and unexpired
        try await withServer(desk.dist) { root in
            var pinned = quick
            pinned.minimumVersion = 2
            let cache = desk.cache()
            let error = try #require(await desk.failure(cache, from: root, options: pinned))
            #expect(error.reason == .refused && error.check == .replayed && error.exitCode == 2)
            #expect(error.message == "version: 1 is below --min-version 2: an old signed version offered (a rollback)")
            #expect(try cache.version(.current) == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: cache.objects).isEmpty, "nothing fetched")
            try desk.republish(2)
            _ = try await desk.sync(cache, from: root, options: pinned)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func aFirstInstallPinnedToATimeRefusesAVersionMadeBefore() async throws {
        let desk = try Publisher()
        try desk.publish(created: Date().addingTimeInterval(-10 * Self.day))
        let notBefore = Date().addingTimeInterval(-5 * Self.day)
        try await withServer(desk.dist) { root in
            var pinned = quick
            pinned.notBefore = notBefore
            let cache = desk.cache()
            let error = try #require(await desk.failure(cache, from: root, options: pinned))
            #expect(error.reason == .refused && error.check == .replayed)
            #expect(
                error.message.hasPrefix("created: ")
                    && error.message.hasSuffix(" is before --not-before \(ManifestTime.text(notBefore)): an old signed version offered (a rollback)"))
            #expect(try cache.version(.current) == nil)
            try desk.changeOnboarding()
            try desk.publish()
            _ = try await desk.sync(cache, from: root, options: pinned)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    // MARK: - Slow retrieval

    /// One byte every 0.2 s never trips the read timeout; the deadline ends the sync, the
    /// lock is let go, and the next sync (the server now answering plainly) updates at once.
    @Test(arguments: ["manifest.json", "objects/"])
    func aDrippingServerIsAbandonedAtTheDeadline(key: String) async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(.drip(.milliseconds(200)), to: key)
            var bounded = quick
            bounded.deadline = 2
            bounded.minimumRate = 0
            let start = ContinuousClock.now
            let error = try #require(await desk.failure(cache, from: root, options: bounded))
            let took = ContinuousClock.now - start
            #expect(took < .seconds(8), "stopped at its deadline, not when the drip ends (minutes later): \(took)")
            #expect(error.reason == .tooSlow && error.exitCode == 1)
            #expect(error.source == root + "GOGA/")
            #expect(error.message == "stopped at the sync's deadline of 2 s (--deadline): the server sends too slowly")
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
            // The lock was let go (a held one refuses at once, it never waits). The next sync
            // has the usual bounds: on a loaded machine a plain answer can be slow too.
            _ = try await desk.sync(cache, from: root, options: quick)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func aTransferUnderTheMinimumRateIsAbandoned() async throws {
        try await withVersion2 { desk, root, cache, plan in
            await plan.add(.drip(.milliseconds(200)), to: "objects/")
            var bounded = quick
            bounded.rateWindow = 1
            let start = ContinuousClock.now
            let error = try #require(await desk.failure(cache, from: root, options: bounded))
            #expect(ContinuousClock.now - start < .seconds(8), "stopped after a 1 s window, not when the drip ends")
            #expect(error.reason == .tooSlow && error.exitCode == 1)
            #expect(error.message.hasPrefix("stopped: "), "\(error)")
            #expect(error.message.hasSuffix(" under the minimum of 1024 bytes/s (--min-rate): the server sends too slowly"), "\(error)")
            try desk.expectRuns(cache, version: 1, welcome: oldWelcome)
            _ = try await desk.sync(cache, from: root, options: quick)
            try desk.expectRuns(cache, version: 2, welcome: newWelcome)
        }
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let options = SyncOptions()
        #expect(options.deadline == 120 && options.minimumRate == 1_024 && options.rateWindow == 30)
        #expect(!options.allowNoExpiry && options.minimumVersion == nil && options.notBefore == nil)
        #expect(BundleWriter.defaultLifetimeDays == 30)
    }

}

extension Publisher {
    /// Rewrites the published manifest as `change` makes its JSON, signed again by the
    /// publisher's key (as a publisher with an old flowrun, or a bad one, would have).
    func resign(_ change: (inout [String: Any]) throws -> Void) throws {
        let file = URL(fileURLWithPath: "\(bundle)/manifest.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        try change(&json)
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        let version = try #require(json["version"] as? Int)
        try Data(bytes).write(to: file)
        try Data(bytes).write(to: URL(fileURLWithPath: "\(bundle)/versions/\(version).json"))
        let signature = try key.signatureFile(for: bytes)
        try Data(signature).write(to: URL(fileURLWithPath: "\(bundle)/manifest.sig"))
        try Data(signature).write(to: URL(fileURLWithPath: "\(bundle)/versions/\(version).sig"))
    }
}
