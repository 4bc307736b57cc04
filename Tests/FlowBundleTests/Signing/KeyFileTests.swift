import FlowBundle
import Foundation
import Testing

/// Key pairs on disk: written once, private to their owner, and never mistaken for each other.
@Suite struct KeyFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowbundle-keys-\(UUID().uuidString)").path

    @Test func aPairIsWrittenPrivateAndReadBack() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let key = SigningKey.generate()
        let (privatePath, publicPath) = try key.writeFiles(name: "dev", in: folder)
        #expect(privatePath == "\(folder)/dev.key" && publicPath == "\(folder)/dev.pub")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: privatePath)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let loaded = try SigningKey.load(privatePath)
        #expect(loaded.publicKey.id == key.publicKey.id)
        let trust = try TrustSet.load(TrustSet.defaultFiles(in: folder))
        #expect(trust.keys.map(\.id) == [key.publicKey.id] && trust.keys.first?.name == publicPath)
        let text = try String(contentsOfFile: publicPath, encoding: .utf8)
        #expect(text.hasPrefix("ed25519-public ") && text.hasSuffix("\n") && text.count == 15 + 44 + 1)
    }

    @Test func anExistingPairIsNeverOverwritten() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try SigningKey.generate().writeFiles(name: "dev", in: folder)
        let before = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/dev.key"))
        let error = #expect(throws: BundleError.self) { try SigningKey.generate().writeFiles(name: "dev", in: folder) }
        #expect(
            error?.reason == .badArgument && error?.description == "\(folder)/dev.key: already exists; flowrun never overwrites a key (choose another name)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(folder)/dev.key")) == before)
    }

    @Test(arguments: ["", "../up", "a b", String(repeating: "k", count: 65)])
    func aBadNameIsRefused(name: String) {
        let error = #expect(throws: BundleError.self) { try SigningKey.generate().writeFiles(name: name, in: folder) }
        #expect(error?.reason == .badArgument)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func halvesAreNotMistakenForEachOther() throws {
        let key = SigningKey.generate()
        let asPublic = #expect(throws: BundleError.self) { try TrustedKey(fileBytes: key.privateKeyFile, file: "keys/dev.key") }
        #expect(
            asPublic?.description
                == "keys/dev.key: expected one line 'ed25519-public <base64 of 32 bytes>': this is a private key; trust the .pub file (and keep the .key private)"
        )
        let asPrivate = #expect(throws: BundleError.self) { try SigningKey(fileBytes: key.publicKey.publicKeyFile, file: "keys/dev.pub") }
        #expect(
            asPrivate?.description == "keys/dev.pub: expected one line 'ed25519-private <base64 of 32 bytes>': this is a public key; sign with the .key file")
        let short = #expect(throws: BundleError.self) { try TrustedKey(fileBytes: Array("ed25519-public AAAA\n".utf8), file: "k.pub") }
        #expect(short?.description == "k.pub: the public key is not base64 of 32 bytes")
    }
}
