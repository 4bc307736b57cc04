#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock a sync holds on its cache (`flock` on `DIR/lock`), so two syncs never write one
/// cache at once. The kernel releases it when the process ends, however it ends: a sync
/// killed with SIGKILL leaves no stale lock.
public final class CacheLock {
    private var descriptor: Int32

    init(file: String) throws(BundleError) {
        descriptor = open(file, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw BundleError(.writeFailed, file: file, "cannot open the lock: \(BoundedFile.systemMessage(errno))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            descriptor = -1
            if code == EWOULDBLOCK { throw BundleError(.writeFailed, file: file, "another sync is updating this cache; wait for it to end") }
            throw BundleError(.writeFailed, file: file, "cannot lock: \(BoundedFile.systemMessage(code))")
        }
    }

    /// Lets another sync in.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
