import FlowBundle
import FlowSync
import Foundation
import Testing

/// Options for tests: quick retries, and a timeout no loaded CI machine reaches by
/// accident, so a test that counts requests sees no retry it did not inject.
let quick: SyncOptions = {
    var options = SyncOptions()
    options.attempts = 3
    options.backoff = 0.05
    options.timeout = 30
    return options
}()

/// ``quick`` with a 1 s timeout, for the tests of slow answers (3 s).
let impatient: SyncOptions = {
    var options = quick
    options.timeout = 1
    return options
}()

/// GOGA's first onboarding page's title, as published and as changed by ``Publisher/changeOnboarding()``.
let oldWelcome = "Welcome to the Golden Gate"
let newWelcome = "Welcome back to the Golden Gate"

extension Publisher {
    /// Changes the first onboarding page's title (park.lua: one object changes).
    func changeOnboarding() throws { try edit("parks/GOGA/park.lua", oldWelcome, newWelcome) }

    /// Syncs `cache` from the server at `root`.
    func sync(
        _ cache: BundleCache, from root: String, options: SyncOptions = quick, verifier: BundleVerifier? = nil,
        park: String? = nil
    ) async throws(SyncError) -> BundleSync.Report {
        try await BundleSync(from: root, park: park ?? self.park, cache: cache, verifier: verifier ?? self.verifier, options: options).run()
    }

    /// The error a sync gives.
    func failure(_ cache: BundleCache, from root: String, options: SyncOptions = quick, verifier: BundleVerifier? = nil) async -> SyncError? {
        do {
            _ = try await sync(cache, from: root, options: options, verifier: verifier)
            return nil
        } catch {
            return error
        }
    }

    /// Expects `cache` to run version `version`, whose onboarding says `welcome`, with no warning.
    func expectRuns(_ cache: BundleCache, version: Int, welcome: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try cache.version(.current) == version, sourceLocation: sourceLocation)
        let (json, warning) = try onboarding(of: cache, verifier: verifier)
        #expect(json.contains(welcome), sourceLocation: sourceLocation)
        #expect(warning == nil, sourceLocation: sourceLocation)
    }
}

/// Version 1 synced into a cache, version 2 (a new onboarding title) published; then
/// `body` with the server's root URL, the cache and the fault plan.
func withVersion2(_ body: (Publisher, String, BundleCache, FaultPlan) async throws -> Void) async throws {
    let desk = try Publisher()
    try desk.publish()
    let plan = FaultPlan()
    try await withServer(desk.dist, plan: plan) { root in
        let cache = desk.cache()
        _ = try await desk.sync(cache, from: root)
        try desk.changeOnboarding()
        try desk.publish()
        await plan.reset()
        try await body(desk, root, cache, plan)
    }
}
