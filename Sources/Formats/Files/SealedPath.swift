#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path below a folder walked without following a symbolic link: the folder itself is
/// opened as given (the person named it, links and all), then each part below it with
/// `openat(O_DIRECTORY | O_NOFOLLOW)` from the part before, so a link planted anywhere below
/// (a folder swapped for a link to elsewhere) is refused, not followed, and what is opened is
/// inside the folder whatever is renamed meanwhile. For a folder that must be sealed: an app's
/// cache of bundles, which its updater writes and `--cache` reads.
package enum SealedPath {
    /// The folder `parts` names below `root`, open (`O_RDONLY | O_DIRECTORY`); the caller closes it.
    /// - Parameters:
    ///   - root: the folder, as given (followed if it is a link).
    ///   - parts: the names below it, one folder each; none empty, `.` or `..`.
    ///   - create: make a missing part (mode 0755) rather than fail.
    /// - Returns: the descriptor, or why not: ``FileReader/Refusal/link`` for a part that is a
    ///   symbolic link, ``FileReader/Refusal/system(_:)`` otherwise (`ENOENT` for a missing
    ///   part, `ENOTDIR` for one that is not a folder).
    package static func openFolder(_ root: String, _ parts: some Sequence<Substring>, create: Bool) -> Result<Int32, FileReader.Refusal> {
        guard !root.utf8.contains(0) else { return .failure(.system(EINVAL)) }
        if create { _ = mkdir(root, 0o755) }
        var descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        for part in parts {
            switch openFolder(String(part), in: descriptor, create: create) {
            case .success(let next):
                close(descriptor)
                descriptor = next
            case .failure(let refusal):
                close(descriptor)
                return .failure(refusal)
            }
        }
        return .success(descriptor)
    }

    /// The folder `name` inside the open folder `parent`, open, never through a link.
    package static func openFolder(_ name: String, in parent: Int32, create: Bool) -> Result<Int32, FileReader.Refusal> {
        guard isPlainName(name) else { return .failure(.system(EINVAL)) }
        if create, mkdirat(parent, name, 0o755) != 0, errno != EEXIST { return .failure(.system(errno)) }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(refusal(code, name: name, in: parent))
        }
        return .success(descriptor)
    }

    /// Why opening `name` in `parent` failed with `code`: a link is named as such (`O_NOFOLLOW`
    /// gives `ELOOP` on Linux, `ENOTDIR` with `O_DIRECTORY` on some systems).
    package static func refusal(_ code: Int32, name: String, in parent: Int32) -> FileReader.Refusal {
        guard code == ELOOP || code == ENOTDIR else { return .system(code) }
        var status = stat()
        guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .system(code) }
        return (status.st_mode & S_IFMT) == S_IFLNK ? .link : .system(code)
    }

    /// Whether `name` is one part of a path: not empty, no `/`, not `.` or `..`.
    package static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }
}
