import Crypto
import FlowBundle
import FlowKit
import Foundation
import Testing

/// A bundle changed after it was signed, or signed but hostile, is refused before anything
/// runs, each with its own reason and a message naming the file and field.
@Suite struct TamperTests {
    @Test func aFlippedByteInAnObject() throws {
        let fixture = try BundleFixture()
        let (object, position) = try fixture.object(of: "flows/home.lua")
        var bytes = try fixture.read(object)
        bytes[10] ^= 0x01
        try fixture.write(object, bytes)
        let error = try #require(fixture.failure())
        #expect(error.reason == .hashMismatch)
        #expect(error.file == fixture.path(object))
        #expect(error.message.hasPrefix("SHA-256 is \(sha256(bytes)), not the one files[\(position)] (flows/home.lua) gives"))
    }

    @Test func aFlippedByteInTheManifest() throws {
        let fixture = try BundleFixture()
        var bytes = try fixture.read(BundleLayout.manifest)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "9")))
        bytes[index] = UInt8(ascii: "8")
        try fixture.write(BundleLayout.manifest, bytes)
        let error = try #require(fixture.failure())
        #expect(error.reason == .badSignature)
        #expect(
            error.description
                == "\(fixture.path("manifest.json")): does not match its signature by this key (\(fixture.key.publicKey.id)): changed after it was signed")
    }

    @Test func aSignatureByAnUntrustedKey() throws {
        let fixture = try BundleFixture()
        let stranger = SigningKey.generate()
        try fixture.rewriteManifest(signer: stranger) { _ in }
        let error = try #require(fixture.failure())
        #expect(error.reason == .untrustedKey)
        #expect(error.file == fixture.path("manifest.sig"))
        #expect(error.message.hasPrefix("signed by key \(stranger.publicKey.id), which is not trusted (trusted: this key (\(fixture.key.publicKey.id)))"))
        // With no key trusted at all, the message says how to trust one.
        let none = #expect(throws: BundleError.self) { try BundleVerifier(trust: TrustSet([])).verify(folder: fixture.bundle) }
        #expect(none?.reason == .untrustedKey && none?.message.contains("--trust FILE") == true)
    }

    @Test func aMissingObject() throws {
        let fixture = try BundleFixture()
        let (object, position) = try fixture.object(of: "parks/GOGA/park.lua")
        try FileManager.default.removeItem(atPath: fixture.path(object))
        let error = try #require(fixture.failure())
        #expect(error.reason == .unreadable)
        #expect(error.description == "\(fixture.path(object)): file not found (files[\(position)]: parks/GOGA/park.lua)")
    }

    @Test(arguments: [
        ("flows/../../../etc/passwd", "'flows/../../../etc/passwd' climbs out with '..'"),
        ("/etc/passwd", "'/etc/passwd' is absolute; paths are relative to the project root"),
        ("parks/YELL/park.lua", "'parks/YELL/park.lua' is outside what a bundle of GOGA holds (flows/, parks/defaults.lua, parks/GOGA/)"),
        ("flows//home.lua", "'flows//home.lua' has an empty or '.' part"),
        ("flows\\home.lua", "'flows\\home.lua' holds a backslash"),
        ("keys/dev.key", "'keys/dev.key' is outside what a bundle of GOGA holds (flows/, parks/defaults.lua, parks/GOGA/)"),
    ])
    func anUnsafePathSignedByATrustedKey(path: String, message: String) throws {
        let fixture = try BundleFixture()
        try fixture.rewriteFiles { files in files[2]["path"] = path }
        let error = try #require(fixture.failure())
        #expect(error.reason == .unsafePath)
        #expect(error.description == "\(fixture.path("manifest.json")): files[3].path: \(message)")
    }

    @Test func aPathListedTwice() throws {
        let fixture = try BundleFixture()
        try fixture.rewriteFiles { files in files.append(files[0]) }
        let error = try #require(fixture.failure())
        #expect(error.reason == .unsafePath && error.field == "files[\(fixture.outcome.manifest.files.count + 1)].path")
        #expect(error.message.hasSuffix("is listed twice"))
    }

    @Test func aSymbolicLinkForAnObject() throws {
        let fixture = try BundleFixture()
        let (object, _) = try fixture.object(of: "flows/home.lua")
        // The link points at the very same bytes: what is refused is the link itself.
        let copy = fixture.folder.appendingPathComponent("home-copy").path
        try FileManager.default.moveItem(atPath: fixture.path(object), toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: fixture.path(object), withDestinationPath: copy)
        let error = try #require(fixture.failure())
        #expect(error.reason == .notRegularFile)
        #expect(error.file == fixture.path(object))
        #expect(error.message.hasPrefix("is a symbolic link; a bundle holds regular files only"))
    }

    @Test func aSymbolicLinkForTheManifest() throws {
        let fixture = try BundleFixture()
        let copy = fixture.folder.appendingPathComponent("manifest-copy").path
        try FileManager.default.moveItem(atPath: fixture.path(BundleLayout.manifest), toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: fixture.path(BundleLayout.manifest), withDestinationPath: copy)
        #expect(fixture.failure()?.reason == .notRegularFile)
    }

    @Test func aFileOverTheLimit() throws {
        let fixture = try BundleFixture()
        let boundary = try #require(fixture.outcome.manifest.files.firstIndex { $0.path == "parks/GOGA/boundary.geojson" })
        let error = try #require(fixture.failure(limits: BundleLimits(maxFileBytes: 100_000)))
        #expect(error.reason == .tooLarge)
        #expect(
            error.description == "\(fixture.path("manifest.json")): files[\(boundary + 1)].size: "
                + "\(fixture.outcome.manifest.files[boundary].size) bytes ('parks/GOGA/boundary.geojson'), over the limit of 100000 bytes for one file")
    }

    @Test func moreFilesOrBytesThanTheLimits() throws {
        let fixture = try BundleFixture()
        let count = fixture.outcome.manifest.files.count
        let files = try #require(fixture.failure(limits: BundleLimits(maxFiles: count - 1)))
        #expect(files.reason == .tooLarge && files.field == "files" && files.message == "\(count) files, over the limit of \(count - 1)")
        let total = try #require(fixture.failure(limits: BundleLimits(maxTotalBytes: 256 << 10)))
        #expect(total.reason == .tooLarge && total.field == "files" && total.message.hasPrefix("the files add up to more than the limit of 256 KiB"))
        let manifest = try #require(fixture.failure(limits: BundleLimits(maxManifestBytes: 1_000)))
        #expect(manifest.reason == .tooLarge && manifest.file == fixture.path("manifest.json"))
    }

    @Test func anObjectLargerThanItsEntrySays() throws {
        let fixture = try BundleFixture()
        let (object, position) = try fixture.object(of: "flows/home.lua")
        try fixture.write(object, try fixture.read(object) + Array(repeating: 0x20, count: 5_000_000))
        let error = try #require(fixture.failure())
        #expect(error.reason == .sizeMismatch)
        let size = fixture.outcome.manifest.files[position - 1].size
        #expect(error.description == "\(fixture.path(object)): \(size + 5_000_000) bytes where the manifest says \(size) (files[\(position)]: flows/home.lua)")
    }

    @Test func contentThatNeedsANewerRuntime() throws {
        let fixture = try BundleFixture()
        try fixture.rewriteManifest { json in json["flowrun_api"] = FlowRuntime.apiVersion + 1 }
        let error = try #require(fixture.failure())
        #expect(error.reason == .unsupported && error.field == "flowrun_api")
        #expect(
            error.message
                == "the content needs flowrun API \(FlowRuntime.apiVersion + 1); this flowrun runs API \(FlowRuntime.apiVersion) and earlier: update flowrun")
        // The same bundle as seen by an older runtime, one API version behind what made it.
        let older = try BundleFixture()
        #expect(older.failure(apiVersion: FlowRuntime.apiVersion - 1)?.reason == .unsupported)
    }

    @Test func contentForAScreenSchemaThisFlowrunDoesNotRead() throws {
        let fixture = try BundleFixture()
        try fixture.rewriteManifest { json in json["screen_schema"] = "flowrun/screen@2" }
        let error = try #require(fixture.failure())
        #expect(error.reason == .unsupported)
        #expect(
            error.description == "\(fixture.path(BundleLayout.manifest)): screen_schema: the content's screens follow 'flowrun/screen@2'; "
                + "this flowrun reads flowrun/screen@1 only: update flowrun")
    }

    @Test func anOldManifestReplayedWhenANewerIsPublished() throws {
        let fixture = try BundleFixture(park: "YOSE")
        try fixture.publishAgain()
        try fixture.publishAgain()
        try fixture.write(BundleLayout.manifest, try fixture.read(BundleLayout.versionManifest(1)))
        try fixture.write(BundleLayout.signature, try fixture.read(BundleLayout.versionSignature(1)))
        let error = try #require(fixture.failure())
        #expect(error.reason == .replayed)
        #expect(
            error.description == "\(fixture.path("manifest.json")): version: 1 is older than version 3, published in versions/3.json: "
                + "an old manifest put back (to roll back, publish the old content as a new version)")
    }

    @Test func anOldManifestReplayedToACallerThatSawANewer() throws {
        let fixture = try BundleFixture(park: "YOSE")
        // No versions/ to compare with: the caller (an app's cache) remembers version 4.
        try FileManager.default.removeItem(atPath: fixture.path(BundleLayout.versions))
        let error = try #require(fixture.failure(newestKnown: 4))
        #expect(error.reason == .replayed && error.field == "version")
        #expect(error.message.hasPrefix("1 is older than version 4, already seen"))
        #expect(fixture.failure(newestKnown: 1) == nil)
    }

    @Test func aForgedNewerVersionInTheHistory() throws {
        let fixture = try BundleFixture(park: "YOSE")
        try fixture.write(BundleLayout.versionManifest(9), try fixture.read(BundleLayout.manifest))
        try fixture.write(BundleLayout.versionSignature(9), try fixture.read(BundleLayout.signature))
        let error = try #require(fixture.failure())
        #expect(error.reason == .malformed && error.file == fixture.path("versions/9.json"))
    }

    @Test func verifiedBytesAreWhatRuns() throws {
        let fixture = try BundleFixture(park: "YOSE")
        let verified = try fixture.verify()
        // Swapped on disk after verification: the runtime still runs what was checked.
        let (object, _) = try fixture.object(of: "flows/home.lua")
        try fixture.write(object, Array("flow.register('home', function() error('swapped') end)\n".utf8))
        let runtime = try FlowRuntime(root: verified.root, park: "YOSE")
        #expect(throws: Never.self) { try runtime.run(FlowRequest(flow: "home")) }
    }
}

/// SHA-256 as lowercase hex, computed apart from the code under test.
func sha256(_ bytes: [UInt8]) -> String {
    SHA256.hash(data: bytes).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
}
