/// A relay's base URL, checked: `http://HOST[:PORT][/PATH]` or `https://...`, with or without
/// the API's `/v1` (docs/relay.md). Requests are made to ``url(_:)``.
public struct RelayAddress: Sendable, Equatable, CustomStringConvertible {
    /// The URL up to, without, `/v1`.
    public let base: String

    /// Checks `text`.
    /// - Throws: ``RelayClientError/badURL(_:)`` naming what is wrong.
    public init(_ text: String) throws(RelayClientError) {
        let shown = "'\(text.prefix(200))'"
        guard let schemeEnd = text.range(of: "://") else {
            throw .badURL("\(shown) is not a relay URL (expected http://HOST[:PORT] or https://HOST[:PORT])")
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .badURL("\(shown): the relay speaks http or https, not '\(scheme.prefix(20))'")
        }
        var rest = text[schemeEnd.upperBound...]
        guard !rest.contains(where: { $0 == "?" || $0 == "#" || $0 == " " || $0 == "@" }) else {
            throw .badURL("\(shown): a relay URL has no query, fragment, spaces or user")
        }
        let hostPort = rest.prefix { $0 != "/" }
        rest = rest.dropFirst(hostPort.count)
        var host = Substring(hostPort)
        if let colon = hostPort.lastIndex(of: ":"), !hostPort.hasSuffix("]") {
            host = hostPort[..<colon]
            let port = hostPort[hostPort.index(after: colon)...]
            guard let n = Int(port), (1...65_535).contains(n) else {
                throw .badURL("\(shown): '\(port.prefix(20))' is not a port (1...65535)")
            }
        }
        guard !host.isEmpty else { throw .badURL("\(shown) names no host") }
        var path = String(rest)
        while path.hasSuffix("/") { path.removeLast() }
        if path.hasSuffix("/v1") { path.removeLast(3) }
        base = "\(scheme)://\(hostPort)\(path)"
    }

    /// The URL of API path `path` (`/v1/join`).
    public func url(_ path: String) -> String { base + path }

    public var description: String { base }
}
