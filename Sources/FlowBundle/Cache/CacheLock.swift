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

    /// Takes the lock of the cache whose folder is `folder` (`lock` in it, never through a link).
    init(in folder: CacheFolder) throws(BundleError) {
        let file = folder.file("lock")
        descriptor = openat(folder.descriptor, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP { throw BundleError(.notRegularFile, file: file, "is a symbolic link; a cache's lock is a file of its own") }
            throw BundleError(.writeFailed, file: file, "cannot open the lock: \(BoundedFile.systemMessage(code))")
        }
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
