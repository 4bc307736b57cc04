import Crypto
import Foundation

/// An Ed25519 public key whose signatures are trusted (`keys/NAME.pub`, `KeyText`).
public struct TrustedKey: Sendable {
    let key: Curve25519.Signing.PublicKey
    /// Where it came from (`keys/dev.pub`), for messages.
    public let name: String
    /// Its id: the first 8 bytes of the SHA-256 of the raw key, as 16 hex digits. A signature
    /// names the key that made it, so a bundle signed by a key not trusted is told apart from
    /// one whose manifest changed.
    public let id: String

    init(_ key: Curve25519.Signing.PublicKey, name: String) {
        self.key = key
        self.name = name
        id = ContentHash.hex(SHA256.hash(data: key.rawRepresentation).prefix(8))
    }

    /// The key in a `.pub` file's bytes.
    /// - Parameters:
    ///   - bytes: the file's bytes: `ed25519-public <base64>`.
    ///   - file: the file as messages name it; also the key's ``name``.
    /// - Throws: ``BundleError`` (``BundleError/Reason/malformed``) naming the file.
    public init(fileBytes bytes: [UInt8], file: String) throws(BundleError) {
        let format = "\(KeyText.publicLabel) <base64 of 32 bytes>"
        let words = try KeyText.words(bytes, count: 2, file: file, format: format)
        guard words[0] == KeyText.publicLabel else {
            let hint = words[0] == KeyText.privateLabel ? ": this is a private key; trust the .pub file (and keep the .key private)" : ""
            throw BundleError(.malformed, file: file, "expected one line '\(format)'\(hint)")
        }
        let raw = try KeyText.decode(words[1], count: 32, file: file, what: "public key")
        do {
            self.init(try Curve25519.Signing.PublicKey(rawRepresentation: raw), name: file)
        } catch {
            throw BundleError(.malformed, file: file, "not an Ed25519 public key")
        }
    }

    /// The same key under another name.
    func named(_ name: String) -> TrustedKey { TrustedKey(key, name: name) }

    /// The bytes of the key's `.pub` file.
    public var publicKeyFile: [UInt8] { KeyText.line([KeyText.publicLabel], key.rawRepresentation) }

    /// Whether `signature` is this key's signature of `bytes`.
    func isValid(signature: Data, for bytes: [UInt8]) -> Bool { key.isValidSignature(signature, for: bytes) }

    /// Whether `signature` (raw, 64 bytes) is this key's signature of `bytes`.
    public func isValid(signature: [UInt8], for bytes: [UInt8]) -> Bool { key.isValidSignature(signature, for: bytes) }
}
