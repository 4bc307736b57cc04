public import HTTPTypes

/// Which requests a server of this project answers: only those addressed to it by a name of
/// this machine, from no page or from its own. A web page the author visits can point a name
/// of its own at 127.0.0.1 (DNS rebinding) and then read and act as if it were the server's
/// page; its requests carry that name in `Host`, and its cross-site requests a foreign
/// `Origin`, so both are refused before any route sees them (docs/operations.md, Local servers).
public enum OriginCheck {
    /// Which requests a server answers.
    public enum Policy: Sendable {
        /// A tool of this machine (preview, serve): its own name and origin only.
        case ownOrigin
        /// A service behind a proxy whose requests carry a credential (`flowrun relay`): any
        /// `Host` (the proxy's name), but no web page's request (any `Origin`), so no page a
        /// member visits can use their connection.
        case noPages
    }

    /// Why `request` is refused under `policy`, or nil.
    public static func refusal(_ request: HTTPRequest, port: Int?, policy: Policy) -> (status: Int, message: String)? {
        switch policy {
        case .ownOrigin:
            return refusal(request, port: port)
        case .noPages:
            guard let origin = request.headerFields[.origin] else { return nil }
            return (403, "a web page (\(origin.prefix(200))) may not use this service; apps call it directly")
        }
    }

    /// The names a request may address the server by: the address it listens on, and the
    /// name every system gives it.
    public static let names: Set<String> = [LoopbackServer.host, "localhost"]

    /// Why `request` is refused, or nil when it is the server's own.
    /// - Parameters:
    ///   - request: the request's head.
    ///   - port: the port the server listens on.
    /// - Returns: 400 without `Host`, 421 for another name or port, 403 for a foreign `Origin`.
    public static func refusal(_ request: HTTPRequest, port: Int?) -> (status: Int, message: String)? {
        guard let authority = request.authority, !authority.isEmpty else {
            return (400, "a request needs a Host header naming this server (127.0.0.1 or localhost)")
        }
        guard isOwn(authority: authority, port: port) else {
            return (421, "this server answers requests for \(own(port)) only, not for \(authority.prefix(200))")
        }
        if let origin = request.headerFields[.origin] {
            let parts = origin.lowercased().split(separator: "/", omittingEmptySubsequences: false)
            // "http://HOST:PORT": scheme, "", authority, and nothing after.
            guard parts.count == 3, parts[0] == "http:", parts[1].isEmpty, isOwn(authority: String(parts[2]), port: port) else {
                return (403, "a page of another site (\(origin.prefix(200))) may not use this server; open \(own(port)) itself")
            }
        }
        return nil
    }

    /// Whether `authority` (`HOST[:PORT]`) names this server.
    static func isOwn(authority: String, port: Int?) -> Bool {
        let text = authority.lowercased()
        var name = Substring(text), given: Int? = nil
        if let colon = text.lastIndex(of: ":") {
            guard let number = Int(text[text.index(after: colon)...]) else { return false }
            (name, given) = (text[..<colon], number)
        }
        guard names.contains(String(name)) else { return false }
        guard let port else { return true }
        return given == port || (given == nil && port == 80)
    }

    private static func own(_ port: Int?) -> String {
        "http://\(LoopbackServer.host)\(port.map { ":\($0)" } ?? "")"
    }
}
