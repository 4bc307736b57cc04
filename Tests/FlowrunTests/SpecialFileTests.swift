import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A FIFO (or any file that is not a regular one) where a file is expected: a content
/// file, a track, a party file, a pin's photo. Each is refused at once, exit 2 naming the
/// file, or (a photo) shown as missing: nothing waits for a writer that never comes.
@Suite struct SpecialFileTests {
    @Test func aFIFOAsContentIsRefusedNamingIt() throws {
        let project = try ProjectCopy()
        let sites = project.url.appendingPathComponent("parks/GOGA/sites.geojson").path
        try FileManager.default.removeItem(atPath: sites)
        #expect(mkfifo(sites, 0o600) == 0)
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "sites", "--time", fixedTime])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("parks/GOGA/sites.geojson") && result.stderr.contains("FIFO"), "\(result.stderr)")
    }

    @Test(arguments: [
        ["--park", "YOSE", "geofence", "--track"], ["--park", "YOSE", "party", "--party"], ["live", "--park", "YOSE", "--speed", "0", "--track"],
    ])
    func aFIFOAsARecordingIsRefusedNamingIt(_ arguments: [String]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent(arguments.contains("--party") ? "party.json" : "walk.gpx").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try flowrun(arguments + [fifo])
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("FIFO"), "\(arguments): \(result.stderr)")
    }

    /// SQLite opens its own files and would wait on a FIFO: the store is checked first, in
    /// a run, an export and a reset, and refused naming the file (exit 2).
    @Test(arguments: [
        ["--park", "GOGA", "favorites"], ["profile", "export"], ["profile", "reset", "--yes"],
    ])
    func aFIFOAsTheStoreIsRefusedNamingIt(_ command: [String]) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("store.sqlite-wal").path, 0o600) == 0)
        FileManager.default.createFile(atPath: dir.appendingPathComponent("store.sqlite").path, contents: Data())
        let result = try flowrun(command + ["--profile", dir.path])
        #expect(result.status == 2, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("store.sqlite-wal") && result.stderr.contains("FIFO"), "\(command): \(result.stderr)")
    }
}
