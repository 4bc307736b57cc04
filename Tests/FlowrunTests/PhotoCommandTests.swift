import Foundation
import Testing

/// A pin's photos from the command line: shown as pictures of the visitor's photos, opened
/// full size, removed; a pin edited with its form. What the store refuses leaves the pin as
/// it was.
@Suite struct PhotoCommandTests {
    final class Workspace {
        let project: ProjectCopy
        var profile: String { project.url.appendingPathComponent("profile").path }

        init() throws {
            project = try ProjectCopy()
            let photos = project.url.appendingPathComponent("profile/photos/GOGA")
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: photos.appendingPathComponent("pin-1-1.jpg"))
            try Data("<html>not a picture</html>".utf8).write(to: photos.appendingPathComponent("fake.jpg"))
        }

        func run(_ arguments: [String]) throws -> CLIResult {
            try flowrun(
                ["--park", "GOGA", "pins", "--at", "37.8078,-122.4750"] + arguments + ["--profile", profile, "--time", fixedTime], in: project.url)
        }
    }

    @Test func aPhotoIsShownOpenedAndRemoved() throws {
        let w = try Workspace()
        #expect(try w.run(["--act", "--arg", "drop=1", "--arg", "title=Bench"]).status == 0)
        let added = try w.run(["--act", "--arg", "id=1", "--arg", "photo=GOGA/pin-1-1.jpg"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            added.stdout.contains(
                "┌ 1/1 · GOGA/pin-1-1.jpg\n│ added 2026-07-04 09:30\n│ [image: Photo at Bench, added 2026-07-04 09:30]\n└ [1] Open full size → go pins id=1 view=GOGA/pin-1-1.jpg"
            ))
        let json = try w.run(["--arg", "id=1", "--format", "json"])
        #expect(json.stdout.contains("\"url\" : \"photo:GOGA/pin-1-1.jpg\""))

        let opened = try w.run(["--arg", "id=1", "--follow", "1"])
        #expect(opened.stdout.contains("[image: Photo at Bench, added 2026-07-04 09:30]\n\n  GOGA/pin-1-1.jpg · added 2026-07-04 09:30"))
        #expect(opened.stdout.contains("[1] Remove this photo → act pins id=1 remove_photo=GOGA/pin-1-1.jpg"))
        let removed = try w.run(["--arg", "id=1", "--follow", "1", "--follow", "1"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("! Removed the photo GOGA/pin-1-1.jpg."))
        #expect(removed.stdout.contains("Photos (0)"))
        // Removing it again changes nothing and says so.
        let again = try w.run(["--act", "--arg", "id=1", "--arg", "remove_photo=GOGA/pin-1-1.jpg"])
        #expect(again.stdout.contains("! GOGA/pin-1-1.jpg was not one of this pin's photos: nothing was\n  removed."))
    }

    @Test func aPhotoThatIsNoPhotoLeavesThePinAsItWas() throws {
        let w = try Workspace()
        #expect(try w.run(["--act", "--arg", "drop=1"]).status == 0)
        let cases: [(String, String)] = [
            ("../store.sqlite", "'..', '.' and empty parts are not allowed"),
            ("GOGA/fake.jpg", "photos/GOGA/fake.jpg is not a JPEG image (its first bytes say otherwise)"),
            ("/etc/passwd.jpg", "is an absolute path"),
        ]
        for (file, message) in cases {
            let refused = try w.run(["--act", "--arg", "id=1", "--arg", "photo=\(file)"])
            #expect(refused.status == 1, "\(file)")
            #expect(refused.stderr.contains(message), "\(refused.stderr)")
        }
        #expect(try w.run(["--arg", "id=1"]).stdout.contains("Photos (0)"))
    }

    @Test func editingAPinOutsideAnActIsRefused() throws {
        let w = try Workspace()
        try w.project.write(
            "flows/editpin.lua",
            """
            flow.register("editpin", function(ctx)
              store.edit_pin(1, { title = "x", colour = "red" })
              return { title = "never", sections = {} }
            end)
            """)
        #expect(try w.run(["--act", "--arg", "drop=1"]).status == 0)
        let viewed = try flowrun(["--park", "GOGA", "editpin", "--profile", w.profile], in: w.project.url)
        #expect(viewed.status == 1)
        #expect(viewed.stderr.contains("store.edit_pin"), "\(viewed.stderr)")
        let acted = try flowrun(["--park", "GOGA", "editpin", "--act", "--profile", w.profile], in: w.project.url)
        #expect(acted.status == 1)
        #expect(acted.stderr.contains("unknown field 'colour'; a pin has title, note"), "\(acted.stderr)")
        #expect(try w.run(["--arg", "id=1"]).stdout.hasPrefix("Pin 1\n"), "the pin kept its title")
    }
}
