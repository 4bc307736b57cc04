import FlowBundle
import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A member's credential: who they are in which party, until when, signed by the relay's
/// Ed25519 key (`--key`, a `flowrun keys new` pair, the bundles' kind), so any relay with the
/// key checks it without the database. `base64url(payload JSON).base64url(signature)`.
///
/// The token says who, never what they may do: rights come from the member's row at each
/// request, so a member removed or whose role changed is refused at once.
struct RelayToken: Sendable, Equatable {
    var party: String
    var member: String
    var issued: Double
    var expires: Double

    /// The token's text, signed with `key`.
    func text(signedWith key: SigningKey) throws(Refusal) -> String {
        let payload: JSONValue = [
            "party": .string(party), "member": .string(member), "iat": .number(issued.rounded()), "exp": .number(expires.rounded()),
        ]
        let bytes = Array(payload.description.utf8)
        do {
            return Base64URL.encode(bytes) + "." + Base64URL.encode(try key.signature(for: bytes))
        } catch {
            throw Refusal(.badRequest, "cannot sign a token: \(error)")
        }
    }

    /// The token `text` carries, checked against `key` and `now`.
    /// - Throws: ``Refusal`` `token_invalid` (malformed or not the relay's signature) or `token_expired`.
    init(checking text: Substring, key: TrustedKey, now: Double) throws(Refusal) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count <= 1_024, parts.count == 2, let payload = Base64URL.decode(parts[0]),
            let signature = Base64URL.decode(parts[1])
        else { throw Refusal(.tokenInvalid, "the token is not one this relay issues (expected PAYLOAD.SIGNATURE)") }
        guard key.isValid(signature: signature, for: payload) else {
            throw Refusal(.tokenInvalid, "the token's signature is not this relay's")
        }
        guard let json = try? JSONValue.parse(String(decoding: payload, as: UTF8.self)),
            let party = json["party"]?.stringValue, let member = json["member"]?.stringValue,
            let issued = json["iat"]?.numberValue, let expires = json["exp"]?.numberValue
        else { throw Refusal(.tokenInvalid, "the token's payload is not a member's") }
        (self.party, self.member, self.issued, self.expires) = (party, member, issued, expires)
        try check(now: now)
    }

    /// Refuses the token once it has expired.
    func check(now: Double) throws(Refusal) {
        guard now < expires else {
            throw Refusal(.tokenExpired, "the token expired \(Int(now - expires)) s ago; join the party again with a new invitation")
        }
    }

    init(party: String, member: String, issued: Double, expires: Double) {
        (self.party, self.member, self.issued, self.expires) = (party, member, issued, expires)
    }
}

/// Base64 with the URL's alphabet and no padding (RFC 4648 §5), as tokens are written.
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }

    static func decode(_ text: Substring) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var s = text.replacing("-", with: "+").replacing("_", with: "/")
        while s.count % 4 != 0 { s += "=" }
        return Data(base64Encoded: String(s)).map(Array.init)
    }
}
