#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Formats

/// Who this phone is in which party, and the token that says so (`POST /v1/join`'s answer).
public struct RelayCredentials: Sendable, Codable, Equatable {
    /// The party's id.
    public var party: String
    /// This member's id in it.
    public var member: String
    /// The token every request carries (`Authorization: Bearer TOKEN`).
    public var token: String

    /// Credentials; each parameter sets the property of the same name.
    public init(party: String, member: String, token: String) {
        (self.party, self.member, self.token) = (party, member, token)
    }

    /// The credentials a token carries (`PAYLOAD.SIGNATURE`, the payload JSON naming the
    /// party and member). The signature is the relay's to check, not the phone's.
    /// - Throws: ``RelayClientError/badToken(_:)`` for text that is not a relay's token.
    public init(token: String) throws(RelayClientError) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= 1_024, parts.count == 2, let payload = Self.base64URL(parts[0]),
            let json = try? JSONValue.parse(String(decoding: payload, as: UTF8.self)),
            let party = json["party"]?.stringValue, let member = json["member"]?.stringValue
        else { throw .badToken("the token is not one a relay issues (expected PAYLOAD.SIGNATURE, from joining a party)") }
        self.init(party: party, member: member, token: token)
    }

    /// Base64 with the URL's alphabet and no padding (RFC 4648 §5).
    static func base64URL(_ text: Substring) -> [UInt8]? {
        var s = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while s.count % 4 != 0 { s += "=" }
        return Data(base64Encoded: s).map { [UInt8]($0) }
    }
}
