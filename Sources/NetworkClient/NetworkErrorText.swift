#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// A network error in a few words for a message, the same for the updater (FlowSync) and the
/// picture loader (FlowAssets), the two users of the project's one HTTP client
/// (AsyncHTTPClient): `connection refused`, `the host name did not resolve`, `TLS handshake
/// failed: wrong version number`, `readTimeout`.
public enum NetworkErrorText {
    /// The words for `error`: the system's message for a socket's, the last of a connection
    /// attempt's, BoringSSL's reason for a failed handshake, the client's case name.
    public static func describe(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() }
        if let connection = error as? NIOConnectionError {
            if let last = connection.connectionErrors.last?.error { return describe(last) }
            if connection.dnsAError != nil || connection.dnsAAAAError != nil { return "the host name did not resolve" }
        }
        if let client = error as? HTTPClientError { return "\(client)".replacingOccurrences(of: "HTTPClientError.", with: "") }
        if case .handshakeFailed(.sslError(let stack))? = error as? NIOSSLError, !stack.isEmpty {
            return "TLS handshake failed: " + stack.map { reason(of: "\($0)") }.joined(separator: "; ")
        }
        return "\(error)"
    }

    /// BoringSSL's reason alone: `wrong version number` from
    /// `Error: 268435703 error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER at <source file>:127`.
    private static func reason(of text: String) -> String {
        let message = text.range(of: " at ").map { String(text[..<$0.lowerBound]) } ?? text
        guard let last = message.split(separator: ":").last, !last.isEmpty else { return text }
        return last.lowercased().replacingOccurrences(of: "_", with: " ")
    }
}
