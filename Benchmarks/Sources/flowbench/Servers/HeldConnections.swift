import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Hostile clients that hold connections to a server on a thread of their own: half connect
/// and say nothing, half send a partial request head and then one header byte a second, never
/// finishing it. A connection the server closes is opened again at once, so the server faces
/// `count` of them for as long as they run, as a client that means harm would do.
final class HeldConnections: @unchecked Sendable {
    /// What the clients saw, read while they run or after ``stop()``.
    struct Counts {
        /// Connections opened, the first `count` included.
        var opened = 0
        /// Connections the server closed (each opened again).
        var closedByServer = 0
        /// Connects that failed or could not get a socket.
        var failedConnects = 0
        /// Connections established now.
        var established = 0
    }

    private enum Kind { case silent, drip }

    private struct Slot {
        var fd: Int32 = -1
        var kind: Kind
        var connected = false
        var sent = 0
        var lastDrip: UInt64 = 0
    }

    let port: Int
    let count: Int
    /// Whether a connection the server closes is opened again.
    let reopen: Bool
    private let lock = NSLock()
    private var counts = Counts()
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init(port: Int, count: Int, reopen: Bool = true) {
        self.port = port
        self.count = count
        self.reopen = reopen
    }

    /// Opens the connections and keeps them on a thread of its own until ``stop()``.
    func start() {
        let thread = Thread { [self] in
            hold()
            finished.signal()
        }
        thread.start()
    }

    /// Stops the clients and closes their connections; the counts at the end.
    @discardableResult
    func stop() -> Counts {
        lock.withLock { stopping = true }
        finished.wait()
        return snapshot()
    }

    func snapshot() -> Counts { lock.withLock { counts } }

    /// Waits until `count` connections are established or `seconds` pass; the counts then.
    func waitEstablished(seconds: Double) -> Counts {
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        while MonotonicClock.now() < deadline {
            let now = snapshot()
            if now.established >= count { return now }
            usleep(50_000)
        }
        return snapshot()
    }

    private func hold() {
        let prefix = Array("GET /parks HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Slow: ".utf8)
        var slots = (0..<count).map { Slot(kind: $0 % 2 == 0 ? .silent : .drip) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        func open(_ i: Int) {
            slots[i].connected = false
            slots[i].sent = 0
            if let fd = LoopbackClient.startConnect(port: port) {
                slots[i].fd = fd
                lock.withLock { counts.opened += 1 }
            } else {
                slots[i].fd = -1
                lock.withLock { counts.failedConnects += 1 }
            }
        }
        func drop(_ i: Int, byServer: Bool) {
            close(slots[i].fd)
            lock.withLock {
                if byServer { counts.closedByServer += 1 } else { counts.failedConnects += 1 }
                if slots[i].connected { counts.established -= 1 }
            }
            slots[i].fd = -1
            slots[i].connected = false
            if reopen { open(i) }
        }
        for i in slots.indices { open(i) }
        while !lock.withLock({ stopping }) {
            var entries = slots.map { slot in
                pollfd(fd: slot.fd, events: Int16(slot.connected ? POLLIN : POLLOUT), revents: 0)
            }
            _ = poll(&entries, nfds_t(entries.count), 100)
            let now = MonotonicClock.now()
            for i in slots.indices {
                if slots[i].fd < 0 {
                    if reopen { open(i) }
                    continue
                }
                let events = Int32(entries[i].revents)
                if !slots[i].connected {
                    guard events != 0 else { continue }
                    guard LoopbackClient.socketError(slots[i].fd) == 0 else {
                        drop(i, byServer: false)
                        continue
                    }
                    slots[i].connected = true
                    lock.withLock { counts.established += 1 }
                    if slots[i].kind == .drip {
                        guard LoopbackClient.send(slots[i].fd, prefix) == prefix.count else {
                            drop(i, byServer: true)
                            continue
                        }
                        slots[i].lastDrip = now
                    }
                    continue
                }
                if events & (Int32(POLLIN) | Int32(POLLHUP) | Int32(POLLERR)) != 0 {
                    // An answer (408, 400) or the end: read it away; 0 or an error is the close.
                    let n = buffer.withUnsafeMutableBytes { recv(slots[i].fd, $0.baseAddress, $0.count, 0) }
                    if n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                        drop(i, byServer: true)
                        continue
                    }
                }
                if slots[i].kind == .drip, now - slots[i].lastDrip >= 1_000_000_000 {
                    slots[i].lastDrip = now
                    if LoopbackClient.send(slots[i].fd, [UInt8(ascii: "a")]) < 0 { drop(i, byServer: true) }
                }
            }
        }
        for slot in slots where slot.fd >= 0 { close(slot.fd) }
        lock.withLock { counts.established = 0 }
    }
}
