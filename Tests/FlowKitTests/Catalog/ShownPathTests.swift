import Testing
@testable import FlowKit

/// Output names the author's files as the project sees them, never by where this machine
/// keeps them.
@Suite struct ShownPathTests {
    let root = ProjectRoot(path: "/home/ana/parks-app")

    @Test(arguments: [
        ("/home/ana/parks-app/parks/GOGA/tests/walk.gpx", "/tmp", "parks/GOGA/tests/walk.gpx"),
        ("tests/walk.gpx", "/home/ana/parks-app/parks/GOGA", "parks/GOGA/tests/walk.gpx"),
        ("../parks-app/./parks/walk.gpx", "/home/ana/elsewhere", "parks/walk.gpx"),
        ("/home/ana/Downloads/walk.gpx", "/tmp", "walk.gpx"),
        ("../Downloads/walk.gpx", "/home/ana/parks-app", "../Downloads/walk.gpx"),
        ("/home/ana/parks-app-old/walk.gpx", "/tmp", "walk.gpx"),
    ])
    func aFileIsShownRelativeToTheProjectOrByItsName(path: String, directory: String, shown: String) {
        #expect(root.shown(path, from: directory) == shown)
    }
}
