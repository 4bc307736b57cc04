import FlowKit
@testable import FlowPreview
import Foundation
import Testing

/// Act actions in the preview over real HTTP: a POST with the act header performs the flow
/// once on the server's visitor's store and answers its screen; a GET never writes; without
/// the header nothing is performed.
@Suite struct PreviewActTests {
    static let pins = "/parks/GOGA/flows/pins"
    static let bridge = "at=37.8078,-122.4750&time=2026-07-04T09:30:00-07:00"

    @Test func aPostWithTheActHeaderPerformsTheActOnceAndGetsNeverWrite() async throws {
        try await withServer { url in
            let viewed = try await get(url, Self.pins + "?arg.drop=1&" + Self.bridge)
            #expect(viewed.status == 200 && viewed.body.contains("\"title\" : \"Your pins (0)\""), "a view run does not drop a pin")

            let dropped = try await post(url, Self.pins + "?arg.drop=1&" + Self.bridge, headers: try await actHeader(url))
            #expect(dropped.status == 200)
            #expect(dropped.type == "application/json; charset=utf-8")
            #expect(dropped.body.contains("\"text\" : \"Dropped Pin 1 at 37.80780° N, 122.47500° W.\""))

            let frame = try await post(url, Self.pins + "/frame?arg.drop=1&" + Self.bridge, headers: try await actHeader(url))
            #expect(frame.status == 200 && frame.type == "text/html; charset=utf-8")
            #expect(frame.body.contains("Dropped Pin 2 at"))

            // Both acts are kept, once each; GETs of the same address changed nothing.
            for _ in 0..<2 { _ = try await get(url, Self.pins + "/frame?arg.drop=1&" + Self.bridge) }
            let list = try await get(url, Self.pins + "?" + Self.bridge)
            #expect(list.body.contains("\"title\" : \"Your pins (2)\""), "\(list.body)")
        }
    }

    @Test func anActWithoutItsHeaderIsRefusedAndPerformsNothing() async throws {
        try await withServer { url in
            for path in [Self.pins, Self.pins + "/frame"] {
                let refused = try await post(url, path + "?arg.drop=1&" + Self.bridge, headers: [("X-Flowrun-Act", "yes")])
                #expect(refused.status == 403)
                #expect(refused.body.contains("an act needs the header X-Flowrun-Act with this server"))
            }
            #expect(try await get(url, Self.pins + "?" + Self.bridge).body.contains("\"title\" : \"Your pins (0)\""))
        }
    }

    /// The store is the server's: every park's runtime shares it, a save that rebuilds the
    /// runtimes keeps it, and a flow's mistake in an act keeps nothing.
    @Test func theServersStoreOutlivesItsRuntimesAndAFailedActWritesNothing() async throws {
        let project = try TestProject()
        let store = MemoryVisitorStore()
        nonisolated(unsafe) let shared = store
        try await withServer(root: project.root, store: { shared }) { url in
            let site = "/parks/GOGA/flows/sites?arg.id=nps-poi:goga:0144&arg.favorite=add&time=2026-07-04T09:30:00-07:00"
            #expect(try await post(url, site, headers: try await actHeader(url)).body.contains("Added to your favorites."))
            try project.write("flows/zz_touch.lua", "-- a save: the runtimes are dropped\n")
            try await Task.sleep(for: .milliseconds(300))
            let favorites = try await get(url, "/parks/GOGA/flows/favorites?time=2026-07-04T09:30:00-07:00")
            #expect(favorites.body.contains("\"title\" : \"Favorites (1)\""), "\(favorites.body)")

            let failed = try await post(url, "/parks/GOGA/flows/favorites?arg.add=nps-poi:goga:01444", headers: try await actHeader(url))
            #expect(failed.status == 422)
            #expect(failed.body.contains("unknown site 'nps-poi:goga:01444' in park GOGA"))
        }
        #expect(try store.favorites(in: .park("GOGA"), limit: nil).map(\.site) == ["nps-poi:goga:0144"])
    }
}
