#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension SigningKey {
    /// Writes this key as `folder/NAME.key` (mode 0600: the owner only) and its public half
    /// as `folder/NAME.pub`, making the folder if needed. Never overwrites: a lost private
    /// key cannot be had back, so an existing pair is an error.
    /// - Parameters:
    ///   - name: 1 to 64 letters, digits, `_` or `-`.
    ///   - folder: where key pairs are kept (`keys`).
    /// - Returns: the two files' paths.
    /// - Throws: ``BundleError``: ``BundleError/Reason/badArgument`` for a bad name or a
    ///   file already there, ``BundleError/Reason/writeFailed``.
    public func writeFiles(name: String, in folder: String) throws(BundleError) -> (privateKey: String, publicKey: String) {
        guard BundlePath.isName(name, maxBytes: 64) else {
            throw BundleError(.badArgument, file: "NAME", "'\(name)' is not a key name: use 1 to 64 letters, digits, '_' or '-'")
        }
        let privatePath = "\(folder)/\(name).key", publicPath = "\(folder)/\(name).pub"
        for path in [privatePath, publicPath] where FileManager.default.fileExists(atPath: path) {
            throw BundleError(.badArgument, file: path, "already exists; flowrun never overwrites a key (choose another name)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BundleError(.writeFailed, file: folder, "cannot make the folder: \(error.localizedDescription)")
        }
        try Self.create(privatePath, privateKeyFile, mode: 0o600)
        try Self.create(publicPath, publicKey.publicKeyFile, mode: 0o644)
        return (privatePath, publicPath)
    }

    /// Creates `path` with `bytes`, failing if anything is there (`O_EXCL`, no link followed).
    private static func create(_ path: String, _ bytes: [UInt8], mode: mode_t) throws(BundleError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw BundleError(.badArgument, file: path, "already exists; flowrun never overwrites a key") }
            throw BundleError(.writeFailed, file: path, "cannot create: \(BoundedFile.systemMessage(code))")
        }
        defer { close(descriptor) }
        // The umask may only have removed bits; set exactly what was asked.
        _ = fchmod(descriptor, mode)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return write(descriptor, base + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw BundleError(.writeFailed, file: path, "cannot write: \(BoundedFile.systemMessage(errno))")
            }
            written += result
        }
    }
}
