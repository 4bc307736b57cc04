#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Hummingbird
import NIOCore

/// A regular file held open to be sent: read a block at a time as the client takes it, so a
/// client that reads slowly holds one block, never the file, and a file replaced while it is
/// sent is sent whole as it was when opened. Closed when the last answer using it is done.
public final class OpenFile: Sendable {
    /// The bytes read and sent at once.
    public static let blockBytes = 64 << 10

    /// The file's size when it was opened.
    public let size: Int
    private let descriptor: Int32

    /// Takes `descriptor`, open for reading, if it is a regular file of at most `limit` bytes;
    /// nil (and the descriptor closed) otherwise.
    public init?(descriptor: Int32, limit: Int) {
        var status = stat()
        guard descriptor >= 0 else { return nil }
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) <= limit else {
            close(descriptor)
            return nil
        }
        (self.descriptor, size) = (descriptor, Int(status.st_size))
    }

    /// The regular file at `path`, not followed if it is a symbolic link, opened without
    /// blocking (a FIFO cannot hold the server); nil when there is none of at most `limit` bytes.
    public convenience init?(path: String, limit: Int) {
        self.init(descriptor: open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), limit: limit)
    }

    deinit { close(descriptor) }

    /// An answer's body that sends the whole file over `channel`.
    public func body(over channel: any Channel) -> ResponseBody {
        ResponseBody(contentLength: size) { writer in
            try await self.send(0..<self.size, to: &writer, over: channel)
            try await writer.finish(nil)
        }
    }

    /// Sends bytes `range` of the file to `writer`, a block at a time, each once `channel`
    /// (the request's connection) has room for it: once the client has taken enough of what
    /// was sent. (The writer's own wait does not hold: it returns before the block reaches the
    /// connection, and with a client that never read megabytes piled up per connection.)
    /// - Throws: the writer's error, or NIO's closed-channel error, when the client left (the
    ///   connection guard closes one that stalls); ``Shrunk`` when the file is shorter than it
    ///   was when opened (the answer is cut, so the client sees it incomplete).
    public func send(_ range: Range<Int>, to writer: inout any ResponseBodyWriter, over channel: any Channel) async throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            while !channel.isWritable {
                guard channel.isActive else { throw ChannelError.ioOnClosedChannel }
                try await Task.sleep(for: .milliseconds(5))
            }
            let count = min(Self.blockBytes, range.upperBound - offset)
            var buffer = ByteBufferAllocator().buffer(capacity: count)
            let got = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { raw in
                max(0, read(into: UnsafeMutableRawBufferPointer(rebasing: raw.prefix(count)), at: offset))
            }
            guard got > 0 else { throw Shrunk() }
            offset += got
            try await writer.write(buffer)
            // The writer hands the block to the connection's event loop and returns at once, so
            // the connection's writability says nothing of it yet; after a task on that loop it does.
            try await channel.eventLoop.submit {}.get()
        }
    }

    /// Gives every block of the file in turn to `take`; false when the file could not be
    /// read to its size.
    public func forEachBlock(_ take: (UnsafeRawBufferPointer) -> Void) -> Bool {
        var block = [UInt8](repeating: 0, count: Self.blockBytes)
        var offset = 0
        while offset < size {
            let wanted = min(Self.blockBytes, size - offset)
            let got = block.withUnsafeMutableBytes { read(into: UnsafeMutableRawBufferPointer(rebasing: $0.prefix(wanted)), at: offset) }
            guard got > 0 else { return false }
            block.withUnsafeBytes { take(UnsafeRawBufferPointer(rebasing: $0.prefix(got))) }
            offset += got
        }
        return true
    }

    /// The file was cut short while it was sent.
    public struct Shrunk: Error {}

    /// `pread`, again when interrupted: bytes read, 0 at the end, -1 on an error.
    private func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        while true {
            let got = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }
}
