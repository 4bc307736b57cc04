import FlowBundle
import Foundation
import Testing

/// A manifest that does not follow its schema is refused with the field at fault.
@Suite struct ManifestSchemaTests {
    static let sha = String(repeating: "ab", count: 32)

    /// The error decoding `json` gives.
    func failure(_ json: String) -> BundleError? {
        do {
            _ = try BundleManifest.decode(Array(json.utf8), file: "dist/GOGA/manifest.json")
            return nil
        } catch {
            return error
        }
    }

    func manifest(
        format: String = "1", park: String = "\"GOGA\"", version: String = "2", api: String = "1",
        schema: String? = "\"flowrun/screen@1\"", created: String? = "\"2026-11-27T13:40:00Z\"",
        files: String? = nil, extra: String = ""
    ) -> String {
        let list = files ?? "[{\"path\": \"flows/home.lua\", \"sha256\": \"\(Self.sha)\", \"size\": 10}]"
        return "{\"format\": \(format), \"park\": \(park), \"version\": \(version), \"flowrun_api\": \(api), "
            + (schema.map { "\"screen_schema\": \($0), " } ?? "") + (created.map { "\"created\": \($0), " } ?? "")
            + "\"files\": \(list)\(extra)}"
    }

    @Test func aGoodManifestDecodes() throws {
        let decoded = try BundleManifest.decode(Array(manifest().utf8), file: "m")
        #expect(decoded.park == "GOGA" && decoded.version == 2 && decoded.files.count == 1 && decoded.totalBytes == 10)
        #expect(decoded.screenSchema == "flowrun/screen@1" && decoded.created == "2026-11-27T13:40:00Z")
    }

    @Test func theTimeMayBeLeftOut() throws {
        let decoded = try BundleManifest.decode(Array(manifest(created: nil).utf8), file: "m")
        #expect(decoded.created == nil)
        #expect(try BundleManifest.decode(decoded.encoded(), file: "m") == decoded)
    }

    @Test(arguments: [
        (#"{"format": 1}"#, "dist/GOGA/manifest.json: park: missing", BundleError.Reason.malformed),
        ("[1, 2]", "dist/GOGA/manifest.json: expected an object, got an array", .malformed),
        ("not json", "dist/GOGA/manifest.json: not JSON", .malformed),
    ])
    func theWholeFile(json: String, prefix: String, reason: BundleError.Reason) throws {
        let error = try #require(failure(json))
        #expect(error.reason == reason)
        #expect(error.description.hasPrefix(prefix), "\(error)")
    }

    @Test func eachFieldIsNamed() throws {
        let cases: [(String, String)] = [
            (manifest(format: "2"), "format: format 2 is not one this flowrun reads (it reads 1); a newer flowrun made this bundle"),
            (manifest(format: "\"1\""), "format: expected a whole number, got the string '1'"),
            (manifest(park: "\"../x\""), "park: '../x' is not a park code (1 to 32 letters, digits, '_' or '-')"),
            (manifest(version: "0"), "version: expected a whole number from 1, got 0"),
            (manifest(version: "1.5"), "version: expected a whole number from 1, got 1.5"),
            (manifest(api: "true"), "flowrun_api: expected a whole number, got a boolean"),
            (
                manifest(extra: ", \"signer\": \"me\""),
                "signer: unknown field (the fields are format, park, version, flowrun_api, screen_schema, created, expires, files)"
            ),
            (manifest(schema: nil), "screen_schema: missing"),
            (manifest(schema: "1"), "screen_schema: expected a string, got the number 1"),
            (manifest(created: "0"), "created: expected a string, got the number 0"),
            (manifest(created: "\"2026-11-27 13:40\""), "created: expected a UTC time such as 2026-11-27T13:40:00Z, got '2026-11-27 13:40'"),
            (
                manifest(extra: ", \"expires\": \"2026-11-27T13:40:00+01:00\""),
                "expires: expected a UTC time such as 2026-11-27T13:40:00Z, got '2026-11-27T13:40:00+01:00'"
            ),
            (manifest(extra: ", \"expires\": \"2026-11-27T13:40:00Z\""), "expires: 2026-11-27T13:40:00Z is not after created 2026-11-27T13:40:00Z"),
            (manifest(files: "{}"), "files: expected an array of {path, sha256, size}, got an object"),
            (manifest(files: "[{\"path\": \"flows/a.lua\", \"sha256\": \"\(Self.sha)\"}]"), "files[1].size: missing"),
            (
                manifest(files: "[{\"path\": \"flows/a.lua\", \"sha256\": \"\(Self.sha)\", \"size\": -1}]"),
                "files[1].size: expected a whole number from 0, got -1"
            ),
            (
                manifest(files: "[{\"path\": \"flows/a.lua\", \"sha256\": \"\(Self.sha.uppercased())\", \"size\": 1}]"),
                "files[1].sha256: expected 64 lowercase hex digits, got '\(Self.sha.uppercased().prefix(60))…' (64 characters)"
            ),
            (
                manifest(files: "[{\"path\": \"flows/a.lua\", \"sha256\": \"\(Self.sha)\", \"size\": 1, \"mode\": 420}]"),
                "files[1].mode: unknown field (the fields are path, sha256, size)"
            ),
            (
                manifest(files: "[{\"path\": \"flows/a.lua\", \"sha256\": \"\(Self.sha)\", \"size\": 1}, 7]"),
                "files[2]: expected an object, got the number 7"
            ),
        ]
        for (json, message) in cases {
            let error = try #require(failure(json), "\(message)")
            #expect(error.description == "dist/GOGA/manifest.json: \(message)")
        }
    }

    /// Two readers of the signed bytes must never see two values: a key given twice is refused
    /// at every level, naming its field, whatever the values.
    @Test func aKeyGivenTwiceIsRefusedAtEveryLevel() throws {
        let entry = "{\"path\": \"flows/a.lua\", \"sha256\": \"\(Self.sha)\", \"size\": 1}"
        let twice = "{\"path\": \"flows/b.lua\", \"sha256\": \"\(Self.sha)\", \"size\": 1, \"size\": 9}"
        let cases: [(String, String)] = [
            (#"{"version": 1, "version": 9}"#, "version: given twice (line 1, column 16); a manifest gives each field once"),
            (manifest(extra: ", \"version\": 2"), "version: given twice"),
            (manifest(extra: ", \"park\": \"YOSE\""), "park: given twice"),
            (manifest(extra: ", \"created\": \"2026-11-27T13:40:00Z\""), "created: given twice"),
            (manifest(files: "[\(entry), \(twice)]"), "files[2].size: given twice"),
            (manifest(extra: ", \"files\": []"), "files: given twice"),
        ]
        for (json, message) in cases {
            let error = try #require(failure(json), "\(message)")
            #expect(error.reason == .malformed)
            #expect(error.description.hasPrefix("dist/GOGA/manifest.json: \(message)"), "\(error)")
        }
    }

    @Test func aFileThatIsAlsoAFolder() throws {
        let files =
            "[{\"path\": \"flows/lib\", \"sha256\": \"\(Self.sha)\", \"size\": 1}, {\"path\": \"flows/lib/ui.lua\", \"sha256\": \"\(Self.sha)\", \"size\": 1}]"
        let error = try #require(failure(manifest(files: files)))
        #expect(error.reason == .unsafePath && error.description == "dist/GOGA/manifest.json: files: 'flows/lib' is both a file and a folder")
    }
}
