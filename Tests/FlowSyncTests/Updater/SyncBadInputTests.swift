import FlowBundle
import FlowSync
import Foundation
import Testing

/// Bad bundles a trusted key signed: refused before anything is stored or run.
@Suite struct SyncBadInputTests {
    /// Rewrites the published manifest as `change` makes its JSON, signed by the publisher's key.
    func rewrite(_ desk: Publisher, _ change: (inout [String: Any]) throws -> Void) throws {
        let file = URL(fileURLWithPath: "\(desk.bundle)/manifest.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        try change(&json)
        let bytes = [UInt8](try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]))
        let version = try #require(json["version"] as? Int)
        try Data(bytes).write(to: file)
        let signature = try desk.key.signatureFile(for: bytes)
        try Data(signature).write(to: URL(fileURLWithPath: "\(desk.bundle)/manifest.sig"))
        try Data(signature).write(to: URL(fileURLWithPath: "\(desk.bundle)/versions/\(version).sig"))
    }

    @Test(arguments: [
        ("a path that climbs out", "files[1].path: '../../etc/passwd' climbs out with '..'", BundleError.Reason.unsafePath),
        ("a path listed twice", "files[2].path: 'flows/ar.lua' is listed twice", .unsafePath),
        ("an unknown format", "format: format 9 is not one this flowrun reads (it reads 1); a newer flowrun made this bundle", .unsupported),
        ("a missing object", "not found (HTTP 404): the server lacks the object of flows/ar.lua that the manifest lists", .unreadable),
    ])
    func aBadManifestIsRefused(what: String, message: String, check: BundleError.Reason) async throws {
        let desk = try Publisher()
        try desk.publish()
        let cache = desk.cache()
        try rewrite(desk) { json in
            var files = try #require(json["files"] as? [[String: Any]])
            switch what {
            case "a path that climbs out": files[0]["path"] = "../../etc/passwd"
            case "a path listed twice": files[1]["path"] = files[0]["path"]
            case "an unknown format": json["format"] = 9
            default: files[0]["sha256"] = String(repeating: "0", count: 64)
            }
            json["files"] = files
        }
        try await withServer(desk.dist) { root in
            let error = try #require(await desk.failure(cache, from: root), "\(what)")
            #expect(error.reason == .refused && error.check == check, "\(what): \(error)")
            #expect(error.message == message, "\(what)")
        }
        #expect(try cache.version(.current) == nil)
        // A manifest that does not decode fetches nothing; one refused at an object may have
        // fetched others (checked, kept for a later version, never run).
        if what != "a missing object" { #expect(try FileManager.default.contentsOfDirectory(atPath: cache.objects).isEmpty) }
    }

    @Test func aManifestOverTheLimitIsRefusedUnread() async throws {
        let desk = try Publisher()
        try desk.publish()
        try Data(repeating: 0x20, count: (1 << 20) + 1).write(to: URL(fileURLWithPath: "\(desk.bundle)/manifest.json"))
        try await withServer(desk.dist) { root in
            let error = try #require(await desk.failure(desk.cache(), from: root))
            #expect(error.reason == .refused && error.check == .tooLarge && error.message == "over the limit of 1 MiB")
        }
    }
}
