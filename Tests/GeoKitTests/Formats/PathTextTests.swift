import Testing

@testable import Formats

/// PathText splits and joins as NSString's path methods did on Darwin, which it replaced
/// (corelibs Foundation traps on some of these).
@Suite struct PathTextTests {
    @Test(arguments: [
        ("a/b.lua", "a", "b.lua"), ("b.lua", "", "b.lua"), ("/b", "/", "b"), ("/", "/", "/"), ("a/b/", "a", "b"),
        ("a//b", "a", "b"), ("/a/b/c.txt", "/a/b", "c.txt"), ("a/", "", "a"), ("../x/y", "../x", "y"),
    ])
    func folderAndLastPart(path: String, folder: String, last: String) {
        #expect(PathText.folder(of: path) == folder, "\(path)")
        #expect(PathText.lastComponent(path) == last, "\(path)")
    }

    /// The empty path, on which corelibs Foundation's `deletingLastPathComponent` traps.
    @Test func theEmptyPathHasNoParts() {
        #expect(PathText.folder(of: "") == "")
        #expect(PathText.lastComponent("") == "")
    }

    @Test func joinedPutsOneSlashBetween() {
        #expect(PathText.joined("a", "b.lua") == "a/b.lua")
        #expect(PathText.joined("a/", "b.lua") == "a/b.lua")
        #expect(PathText.joined("", "b.lua") == "b.lua")
        #expect(PathText.joined("/", "b") == "/b")
        #expect(PathText.joined("a", "") == "a")
    }
}
