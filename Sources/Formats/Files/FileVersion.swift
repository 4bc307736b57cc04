#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One version of a file, as `stat` tells it: its device, inode, size, and modification and
/// change times to the nanosecond. Any write changes the change time, which no one can set
/// back, so a file found the same in all of these is the same bytes (as git's index trusts):
/// what a kept result made from a file (a park's site table, the help text of a binary) is
/// named by, without reading the file.
public struct FileVersion: Sendable {
    /// The numbers, in the order above: the version's identity, as bytes to hash.
    public let bytes: [UInt8]
    /// When the file last changed (the later of its modification and change times), in
    /// seconds since 1970.
    public let changed: Double

    /// The version of the plain file at `path` now, or nil when it cannot be looked at
    /// (absent, or not a plain file).
    /// - Parameters:
    ///   - path: the file.
    ///   - followingLinks: whether a symbolic link names its target's version (`stat`) or its own (`lstat`).
    public init?(of path: UnsafePointer<CChar>, followingLinks: Bool) {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        let numbers: [Int64] = [
            Int64(status.st_dev), Int64(status.st_ino), Int64(status.st_size), Int64(status.st_mtim.tv_sec), Int64(status.st_mtim.tv_nsec),
            Int64(status.st_ctim.tv_sec), Int64(status.st_ctim.tv_nsec),
        ]
        bytes = numbers.withUnsafeBytes { Array($0) }
        func seconds(_ t: timespec) -> Double { Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
        changed = max(seconds(status.st_mtim), seconds(status.st_ctim))
    }
}
