import Foundation
import Testing

@testable import Formats

#if canImport(Glibc)
import Glibc
#endif

/// The one reader of whole files: a regular file only, opened without blocking, within a
/// limit; anything else is an error at once that says what the path is.
@Suite struct FileReaderTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A project's folder is named as `URL.standardizedFileURL` would name it, without its cost.
    @Test(arguments: [
        "/a/b", "/a/./b/", "/a//b/../c", "/../a", "/", "/a/b/..", "/a/.hidden/b", "/a/..b/c", "/ä/b c/./d",
    ])
    func aStandardPathIsWhatURLGives(path: String) {
        #expect(FileReader.standardPath(path) == URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path)
    }

    @Test func aRelativePathStartsFromTheCurrentFolder() {
        let here = FileManager.default.currentDirectoryPath
        #expect(FileReader.standardPath("x/./y/..") == URL(fileURLWithPath: here + "/x").standardizedFileURL.path)
        #expect(FileReader.standardPath(".") == URL(fileURLWithPath: here).standardizedFileURL.path)
    }

    @Test func aFIFOIsRefusedAtOnceNotWaitedOn() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("sites.geojson").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer will ever come: an open that blocks would hang this test.
        #expect(throws: FormatError.self) { try FileReader.bytes(atPath: fifo, file: "parks/X/sites.geojson") }
        do {
            _ = try FileReader.bytes(atPath: fifo, file: "parks/X/sites.geojson")
        } catch {
            #expect(error.description == "parks/X/sites.geojson: cannot read file: it is a FIFO (a named pipe), not a regular file")
        }
        #expect(FileReader.head(atPath: fifo, count: 16) == nil)
    }

    @Test func aFolderAndADeviceAreRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (path, what) in [(dir.path, "a folder"), ("/dev/zero", "a character device")] {
            do {
                _ = try FileReader.bytes(atPath: path, file: "f")
                Issue.record("\(path) was read")
            } catch {
                #expect(error.description == "f: cannot read file: it is \(what), not a regular file")
            }
        }
    }

    @Test func noMoreThanTheLimitIsRead() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: 100).write(to: file)
        #expect(try FileReader.bytes(atPath: file.path, file: "big.json", limit: 100).count == 100)
        do {
            _ = try FileReader.bytes(atPath: file.path, file: "big.json", limit: 99)
            Issue.record("read past the limit")
        } catch {
            #expect(error.description == "big.json: cannot read file: 100 bytes or more, over the limit of 99 bytes")
        }
        let head = try #require(FileReader.head(atPath: file.path, count: 16))
        #expect(head.size == 100 && head.head == [UInt8](repeating: 0x20, count: 16))
    }

    @Test func linksAreFollowedRefusedOrKeptInsideTheirFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let project = dir.appendingPathComponent("project"), outside = dir.appendingPathComponent("secret.txt")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: outside)
        try Data("mine".utf8).write(to: project.appendingPathComponent("real.txt"))
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("out.txt").path, withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("in.txt").path, withDestinationPath: "real.txt")
        let real = FileReader.realFolder(project.path)
        let out = project.appendingPathComponent("out.txt").path, inside = project.appendingPathComponent("in.txt").path
        #expect(try FileReader.bytes(atPath: out, file: "out.txt") == Array("secret".utf8))
        #expect(FileReader.contents(atPath: out, limit: 100, links: .refuse) == .failure(.link))
        #expect(FileReader.contents(atPath: out, limit: 100, links: .within(real)) == .failure(.outside(real)))
        #expect(FileReader.contents(atPath: inside, limit: 100, links: .within(real)) == .success(Array("mine".utf8)))
        #expect(FileReader.head(atPath: out, count: 4, links: .within(real)) == nil)
        do {
            _ = try FileReader.bytes(atPath: out, file: "out.txt", links: .within(real))
            Issue.record("a link out of the folder was followed")
        } catch {
            #expect(error.description == "out.txt: cannot read file: it is a symbolic link leading out of \(real)")
        }
    }
}
