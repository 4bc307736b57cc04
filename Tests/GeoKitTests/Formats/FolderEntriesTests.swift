import Foundation
import Testing

@testable import Formats

/// FolderEntries lists a folder with the C library: kinds, names, folders and files at any
/// depth, never following a link into a folder.
@Suite struct FolderEntriesTests {
    @Test func walksFilesAndFoldersButNotLinks() throws {
        let root = NSTemporaryDirectory() + "folder-entries-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/a/b", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
        defer { try? files.removeItem(atPath: root) }
        for file in ["top.lua", "a/one.lua", "a/b/two.lua", ".hidden/three.lua"] { try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/" + file)) }
        try files.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
        try files.createSymbolicLink(atPath: root + "/link.lua", withDestinationPath: root + "/top.lua")

        #expect(FolderEntries.files(under: root) == [".hidden/three.lua", "a/b/two.lua", "a/one.lua", "top.lua"])
        #expect(FolderEntries.files(under: root, linkedFiles: true) == [".hidden/three.lua", "a/b/two.lua", "a/one.lua", "link.lua", "top.lua"])
        #expect(FolderEntries.folders(in: root) == ["a", "loop"])
        #expect(Set(FolderEntries.names(root) ?? []) == [".hidden", "a", "top.lua", "loop", "link.lua"])
        #expect(FolderEntries.kind(root + "/loop") == .folder)
        #expect(FolderEntries.kind(root + "/loop", followingLinks: false) == .symbolicLink)
        #expect(FolderEntries.kind(root + "/top.lua") == .file)
        #expect(FolderEntries.kind(root + "/none") == nil)
        #expect(FolderEntries.names(root + "/top.lua") == nil)
        #expect(FolderEntries.files(under: root + "/none").isEmpty)
    }
}
