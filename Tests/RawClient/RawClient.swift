#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

#if canImport(Glibc)
private let socketSend = Glibc.send
#else
private let socketSend = Darwin.send
#endif

/// A TCP client on plain sockets, for what no HTTP client does on purpose: connect and say
/// nothing, send a request a byte at a time, or never read the answer.
public final class RawClient: @unchecked Sendable {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port`, with a receive buffer of `receiveBuffer` bytes when given
    /// (a small one makes a client that does not read stall the server sooner).
    public init(port: Int, receiveBuffer: Int? = nil) throws {
        #if canImport(Glibc)
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failure(message: "socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(message: "connect: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// Why a connection could not be made, in the system's words.
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Sends `text`; false when the server has closed the connection.
    @discardableResult
    public func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        return bytes.withUnsafeBytes { socketSend(descriptor, $0.baseAddress, $0.count, flags) } == bytes.count
    }

    /// What the server sends until it closes the connection or `seconds` pass, and whether it closed it.
    public func readAll(seconds: Double, limit: Int = 64 << 20) -> (bytes: [UInt8], closed: Bool) {
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let end = Date().addingTimeInterval(seconds)
        var bytes: [UInt8] = [], block = [UInt8](repeating: 0, count: 65_536)
        while Date() < end, bytes.count < limit {
            let got = block.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if got == 0 { return (bytes, true) }
            if got < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
                return (bytes, true)
            }
            bytes += block[..<got]
        }
        return (bytes, false)
    }
}
