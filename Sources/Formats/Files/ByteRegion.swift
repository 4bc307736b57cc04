#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes at a fixed address for as long as the region lives: a file mapped read-only
/// (``KeptFiles/map(_:)``), so a reader touches the pages it reads and nothing else, or a
/// copy of an array. Readers hold the region while they read through ``bytes``.
///
/// A mapped file must not shrink while it is mapped (reading past its new end would be a
/// fault): kept files are only ever replaced by renaming a new file into place, which
/// leaves a mapped one as it was.
///
/// Sendable because nothing in it changes after `init`: the pointer and the length are
/// constants and the bytes are never written, so any thread may read them while the region
/// lives.
public final class ByteRegion: @unchecked Sendable {
    /// The bytes: valid, and never written, for the region's life.
    public let bytes: UnsafeRawBufferPointer
    private let mapping: (base: UnsafeMutableRawPointer, length: Int)?

    /// A copy of `array`.
    public init(copying array: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
        array.withUnsafeBytes { source in copy.copyMemory(from: source) }
        bytes = UnsafeRawBufferPointer(rebasing: copy[0..<array.count])
        mapping = nil
    }

    /// `length` bytes of open file `fd` from `offset`, mapped read-only; nil when the system
    /// will not map it.
    init?(mapping fd: Int32, length: Int, from offset: Int) {
        guard length > 0, offset >= 0, offset < length,
            let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED
        else { return nil }
        mapping = (base, length)
        bytes = UnsafeRawBufferPointer(start: base + offset, count: length - offset)
    }

    deinit {
        if let mapping {
            munmap(mapping.base, mapping.length)
        } else {
            bytes.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).deallocate() }
        }
    }
}
