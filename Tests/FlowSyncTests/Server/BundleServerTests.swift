import FlowBundle
import Foundation
import NIOHTTP1
import Testing

/// The bundle server over real HTTP on 127.0.0.1: what a static host must give an updater.
@Suite struct BundleServerTests {
    @Test func aManifestHasTheHashOfItsBytesAsETagAndIsRevalidated() async throws {
        let desk = try Publisher()
        try desk.publish()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(desk.bundle)/manifest.json")))
        try await withServer(desk.dist) { root in
            let first = try await fetch(root + "GOGA/manifest.json")
            #expect(first.status == 200 && first.body == bytes)
            #expect(first.headers.first(name: "ETag") == "\"\(ContentHash.sha256(bytes))\"")
            #expect(first.headers.first(name: "Cache-Control") == "no-cache")
            #expect(first.headers.first(name: "Content-Type") == "application/json")
            let etag = try #require(first.headers.first(name: "ETag"))
            for tags in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let again = try await fetch(root + "GOGA/manifest.json", headers: [("If-None-Match", tags)])
                #expect(again.status == 304 && again.body.isEmpty, "\(tags)")
                #expect(again.headers.first(name: "ETag") == etag)
            }
            let changed = try await fetch(root + "GOGA/manifest.json", headers: [("If-None-Match", "\"other\"")])
            #expect(changed.status == 200 && changed.body == bytes)
        }
    }

    @Test func anObjectIsImmutableAndItsNameIsItsETag() async throws {
        let desk = try Publisher()
        let entry = try #require(try desk.publish().manifest.files.first { $0.path == "flows/home.lua" })
        try await withServer(desk.dist) { root in
            let object = try await fetch(root + "GOGA/objects/\(entry.sha256)")
            #expect(object.status == 200 && object.body.count == entry.size)
            #expect(object.headers.first(name: "ETag") == "\"\(entry.sha256)\"")
            #expect(object.headers.first(name: "Cache-Control") == "public, max-age=31536000, immutable")
            #expect(object.headers.first(name: "Accept-Ranges") == "bytes")
            #expect(object.headers.first(name: "Content-Type") == "application/octet-stream")
            let head = try await fetch(root + "GOGA/objects/\(entry.sha256)", method: .HEAD)
            #expect(head.status == 200 && head.body.isEmpty && head.headers.first(name: "Content-Length") == String(entry.size))
        }
    }

    @Test func rangesArePartsOrUnsatisfiable() async throws {
        let desk = try Publisher()
        let entry = try #require(try desk.publish().manifest.files.first { $0.path == "flows/home.lua" })
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(desk.bundle)/objects/\(entry.sha256)")))
        let size = whole.count
        try await withServer(desk.dist) { root in
            let url = root + "GOGA/objects/\(entry.sha256)"
            for (range, part) in [
                ("bytes=0-9", 0...9), ("bytes=10-", 10...(size - 1)), ("bytes=-5", (size - 5)...(size - 1)),
                ("bytes=\(size - 3)-99999999999999999999", (size - 3)...(size - 1)),
            ] {
                let answer = try await fetch(url, headers: [("Range", range)])
                #expect(answer.status == 206, "\(range)")
                #expect(answer.body == Array(whole[part]), "\(range)")
                #expect(answer.headers.first(name: "Content-Range") == "bytes \(part.lowerBound)-\(part.upperBound)/\(size)", "\(range)")
            }
            for range in ["bytes=\(size)-", "bytes=\(size + 10)-\(size + 20)", "bytes=-0"] {
                let answer = try await fetch(url, headers: [("Range", range)])
                #expect(answer.status == 416, "\(range)")
                #expect(answer.headers.first(name: "Content-Range") == "bytes */\(size)", "\(range)")
            }
            // Several ranges, another unit, bad syntax, or an If-Range that no longer holds: the whole file.
            for headers in [
                [("Range", "bytes=0-1,5-6")], [("Range", "items=0-1")], [("Range", "bytes=5-2")],
                [("Range", "bytes=0-1"), ("If-Range", "\"old\"")],
            ] {
                let answer = try await fetch(url, headers: headers)
                #expect(answer.status == 200 && answer.body == whole, "\(headers)")
            }
            let kept = try await fetch(url, headers: [("Range", "bytes=0-1"), ("If-Range", "\"\(entry.sha256)\"")])
            #expect(kept.status == 206 && kept.body == Array(whole[0...1]))
        }
    }

    @Test(arguments: [
        "GOGA/../GOGA/manifest.json", "GOGA/%2e%2e/GOGA/manifest.json", "GOGA%2fmanifest.json", "GOGA/%2E%2E%2F%2E%2E%2Fetc/passwd",
        "GOGA/.hidden", "GOGA/", "GOGA", "GOGA/objects", "GOGA/link.json", "linked/manifest.json", "GOGA/manifest.json%00",
        "GOGA/..%5cmanifest.json", "GOGA/%zz", "nothing.json",
    ])
    func anythingButAFileUnderTheFolderIsNotFound(path: String) async throws {
        let desk = try Publisher()
        try desk.publish()
        let fm = FileManager.default
        try Data("secret".utf8).write(to: URL(fileURLWithPath: "\(desk.bundle)/.hidden"))
        try Data("outside".utf8).write(to: desk.folder.appendingPathComponent("outside.json"))
        try fm.createSymbolicLink(atPath: "\(desk.bundle)/link.json", withDestinationPath: desk.folder.appendingPathComponent("outside.json").path)
        try fm.createSymbolicLink(atPath: "\(desk.dist)/linked", withDestinationPath: desk.bundle)
        try await withServer(desk.dist) { root in
            let answer = try await fetch(root + path)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.body == Array("not found\n".utf8))
        }
    }

    @Test func onlyGetAndHead() async throws {
        let desk = try Publisher()
        try desk.publish()
        try await withServer(desk.dist) { root in
            let answer = try await fetch(root + "GOGA/manifest.json", method: .POST)
            #expect(answer.status == 405 && answer.headers.first(name: "Allow") == "GET, HEAD")
        }
    }
}
