import Crypto
import Foundation

/// An Ed25519 private key that signs manifests (`keys/NAME.key`, `KeyText`). Keep the file
/// private: whoever holds it can publish content every app trusting its public key runs.
public struct SigningKey: Sendable {
    private let key: Curve25519.Signing.PrivateKey

    private init(_ key: Curve25519.Signing.PrivateKey) { self.key = key }

    /// A new random key.
    public static func generate() -> SigningKey { SigningKey(Curve25519.Signing.PrivateKey()) }

    /// The key in a `.key` file's bytes.
    /// - Parameters:
    ///   - bytes: the file's bytes: `ed25519-private <base64>`.
    ///   - file: the file as messages name it.
    /// - Throws: ``BundleError`` (``BundleError/Reason/malformed``) naming the file.
    public init(fileBytes bytes: [UInt8], file: String) throws(BundleError) {
        let format = "\(KeyText.privateLabel) <base64 of 32 bytes>"
        let words = try KeyText.words(bytes, count: 2, file: file, format: format)
        guard words[0] == KeyText.privateLabel else {
            let hint = words[0] == KeyText.publicLabel ? ": this is a public key; sign with the .key file" : ""
            throw BundleError(.malformed, file: file, "expected one line '\(format)'\(hint)")
        }
        let raw = try KeyText.decode(words[1], count: 32, file: file, what: "private key")
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        } catch {
            throw BundleError(.malformed, file: file, "not an Ed25519 private key")
        }
    }

    /// The key its `.key` file holds.
    /// - Parameter path: the file, as the person gave it.
    /// - Throws: ``BundleError`` for a file that cannot be read or is not a key.
    public static func load(_ path: String) throws(BundleError) -> SigningKey {
        try SigningKey(fileBytes: try BoundedFile.contents(path, display: path, limit: BundleLimits.maxLineFileBytes), file: path)
    }

    /// The public half, as apps and `--trust` take it.
    public var publicKey: TrustedKey { TrustedKey(key.publicKey, name: "this key") }

    /// The bytes of the key's `.key` file.
    public var privateKeyFile: [UInt8] { KeyText.line([KeyText.privateLabel], key.rawRepresentation) }

    /// The raw Ed25519 signature of `bytes` (64 bytes): what the party relay signs its
    /// members' tokens with (PartyRelay's `RelayToken`).
    /// - Throws: ``BundleError`` (``BundleError/Reason/writeFailed``) if signing fails.
    public func signature(for bytes: [UInt8]) throws(BundleError) -> [UInt8] {
        do {
            return Array(try key.signature(for: bytes))
        } catch {
            throw BundleError(.writeFailed, file: "", "cannot sign: \(error)")
        }
    }

    /// The bytes of `manifest.sig` for manifest bytes `bytes`: `ed25519 <key id> <base64>`.
    /// - Parameter bytes: the manifest's exact bytes.
    /// - Throws: ``BundleError`` (``BundleError/Reason/writeFailed``) if signing fails.
    public func signatureFile(for bytes: [UInt8]) throws(BundleError) -> [UInt8] {
        let signature: Data
        do {
            signature = try key.signature(for: bytes)
        } catch {
            throw BundleError(.writeFailed, file: BundleLayout.signature, "cannot sign: \(error)")
        }
        return KeyText.line([KeyText.signatureLabel, publicKey.id], signature)
    }
}
