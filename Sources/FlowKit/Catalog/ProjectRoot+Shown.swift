#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ProjectRoot {
    /// How output names a file the author gave (`--track`, `--party`, `--beacons`): relative
    /// to the project root when it is inside it (`parks/GOGA/tracks/walk.gpx`), as given when
    /// it is relative, and by its name alone when it is an absolute path elsewhere: a
    /// screen, a picture or a message never carries where the author's machine keeps things.
    /// - Parameters:
    ///   - path: the path as given, absolute or relative to `directory`.
    ///   - directory: the working directory relative paths start from (default: the process's).
    public func shown(_ path: String, from directory: String? = nil) -> String {
        let directory = directory ?? FileManager.default.currentDirectoryPath
        let absolute = path.hasPrefix("/") ? path : directory + "/" + path
        let file = URL(fileURLWithPath: absolute).standardizedFileURL.path
        let top = url.standardizedFileURL.path
        if !isInMemory, file.hasPrefix(top + "/") { return String(file.dropFirst(top.count + 1)) }
        if !path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: file).lastPathComponent
    }
}
