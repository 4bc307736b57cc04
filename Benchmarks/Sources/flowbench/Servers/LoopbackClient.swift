import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Plain POSIX sockets to a server on 127.0.0.1, every one non-blocking and close-on-exec (the
/// servers flowbench spawns never inherit them): a timed request read to its end, and
/// connections opened for the hostile clients of ``HeldConnections`` and ``ServerLoadBench``.
enum LoopbackClient {
    /// One plain request: its status (nil when none came) and time from connect to the
    /// response's last byte, or why it failed.
    struct Answer {
        var status: Int?
        var nanoseconds: Double
        var failure: String?
        /// A 2xx status in time.
        var ok: Bool { failure == nil && (status.map { (200..<300).contains($0) } ?? false) }
    }

    /// A socket connecting to 127.0.0.1:`port`, the connect under way (or done): nil when no
    /// socket could be made (this process is out of descriptors).
    static func startConnect(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port)).bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 || errno == EINPROGRESS else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Whether the connect of `fd` has finished: true (connected), false (failed), nil (still
    /// under way after `milliseconds`).
    static func awaitConnect(_ fd: Int32, milliseconds: Int32) -> Bool? {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        guard ready > 0 else { return ready == 0 ? nil : false }
        return socketError(fd) == 0
    }

    /// The socket's pending error (SO_ERROR), 0 when none.
    static func socketError(_ fd: Int32) -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }

    /// Sends all of `bytes` that the socket takes now; the count sent, or -1 when the peer is gone.
    static func send(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1 }
        return sent
    }

    /// The head of a GET of `path` that closes the connection after its answer, with the Host
    /// header the servers expect.
    static func requestHead(port: Int, path: String) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: flowbench\r\nConnection: close\r\n\r\n".utf8)
    }

    /// GET `path` on a connection of its own, read to the end of the response (Content-Length
    /// or the server closing), within `timeoutMs` from the start.
    static func get(port: Int, path: String, timeoutMs: Int) -> Answer {
        let start = MonotonicClock.now()
        func elapsed() -> Double { Double(MonotonicClock.now() - start) }
        func remaining() -> Int32 { Int32(max(0, Double(timeoutMs) - elapsed() / 1e6)) }
        func failed(_ why: String, status: Int? = nil) -> Answer { Answer(status: status, nanoseconds: elapsed(), failure: why) }
        guard let fd = startConnect(port: port) else { return failed("no socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        switch awaitConnect(fd, milliseconds: remaining()) {
        case nil: return failed("connect timed out")
        case false?: return failed("connect: \(String(cString: strerror(socketError(fd))))")
        case true?: break
        }
        let head = requestHead(port: port, path: path)
        guard send(fd, head) == head.count else { return failed("send failed") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var status: Int?
        var expected: Int?
        while true {
            if let expected, received.count >= expected { return Answer(status: status, nanoseconds: elapsed(), failure: nil) }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = remaining()
            guard wait > 0, poll(&entry, 1, wait) > 0 else { return failed("no answer within \(timeoutMs) ms", status: status) }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return failed("recv: \(String(cString: strerror(errno)))", status: status)
            }
            if count == 0 {
                return status == nil ? failed("closed without an answer") : Answer(status: status, nanoseconds: elapsed(), failure: nil)
            }
            received += buffer[0..<count]
            if status == nil, let end = headEnd(received) {
                let head = String(decoding: received[0..<end], as: UTF8.self)
                let lines = head.split(separator: "\r\n")
                status = lines.first.flatMap { line in line.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
                if let length = lines.dropFirst().first(where: { $0.lowercased().hasPrefix("content-length:") }) {
                    expected = Int(length.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)).map { end + 4 + $0 }
                }
            }
        }
    }

    /// Where `\r\n\r\n` starts in `bytes`, if it is there.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// Raises this process's soft limit of open files to its hard limit; the new soft limit.
    @discardableResult
    static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return -1 }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(resource, &limit)
        _ = getrlimit(resource, &limit)
        return Int(clamping: limit.rlim_cur)
    }
}
