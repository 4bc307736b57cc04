import Foundation
import Testing

/// The default flows that change the visitor's store, from the command line with a profile:
/// `--follow` of an act really writes and the next run shows it (favorites, pins and their
/// photos, the map's remembered view), and bad input says what is wrong and writes nothing.
@Suite struct VisitorFlowsCommandTests {
    /// A profile folder of its own, removed on deinit.
    final class Profile {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-visitor-\(UUID().uuidString)")

        /// Runs `flowrun --park GOGA ARGUMENTS` on this profile at the fixed time.
        func run(_ arguments: [String]) throws -> CLIResult {
            try flowrun(["--park", "GOGA"] + arguments + ["--profile", url.path, "--time", fixedTime])
        }

        /// Everything the profile holds, as `flowrun profile export` prints it.
        func export() throws -> String {
            try flowrun(["profile", "export", "--profile", url.path]).stdout
        }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let bridge = ["--at", "37.8078,-122.4750"]

    /// The id of the action labelled `label` in text output (`▶ [3] Add to favorites → ...`).
    func id(of label: String, in text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let line = try #require(
            text.split(separator: "\n").first { $0.contains("] \(label) →") }, "no '\(label)' in:\n\(text)",
            sourceLocation: sourceLocation)
        return String(try #require(line.split(separator: "[").dropFirst().first?.split(separator: "]").first, sourceLocation: sourceLocation))
    }

    @Test func followingAddToFavoritesFromTheSitesListAddsOneAndTheNextRunShowsIt() throws {
        let p = Profile()
        let sites = try p.run(["sites"] + Self.bridge)
        let open = try id(of: "Open", in: sites.stdout)  // the nearest site: Golden Gate Bridge Pavilion
        let site = try p.run(["sites"] + Self.bridge + ["--follow", open])
        let add = try id(of: "Add to favorites", in: site.stdout)
        let added = try p.run(["sites"] + Self.bridge + ["--follow", open, "--follow", add])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("! Added to your favorites.") && added.stdout.contains("‹favorite›"))
        #expect(added.stdout.contains("] Remove from favorites → act sites favorite=remove"))

        let favorites = try p.run(["favorites"])
        #expect(favorites.status == 0)
        #expect(
            favorites.stdout.contains(
                """
                Favorites (1)
                ─────────────
                • Golden Gate Bridge Pavilion
                  Visitor center
                  [1] Open → go sites id=nps-poi:goga:0155
                """), "\(favorites.stdout)")
        let near = try p.run(["favorites"] + Self.bridge)
        #expect(near.stdout.contains("• Golden Gate Bridge Pavilion                                    10 m SE\n"), "\(near.stdout)")
        #expect(try p.export().contains(#""site" : "nps-poi:goga:0155""#))

        // Removing it from the list's edit mode, then the list is empty again.
        let edit = try id(of: "Edit favorites", in: favorites.stdout)
        let removed = try p.run(["favorites", "--follow", edit, "--follow", "1"])
        #expect(removed.stdout.contains("! Removed Golden Gate Bridge Pavilion from your favorites."))
        #expect(try p.run(["favorites"]).stdout.contains("Favorites (0)"))
    }

    @Test func aPinIsDroppedWhereTheVisitorStandsGetsPhotosAndIsRemoved() throws {
        let p = Profile()
        let list = try p.run(["pins"] + Self.bridge)
        let drop = try id(of: "Drop a pin here", in: list.stdout)
        let dropped = try p.run(["pins"] + Self.bridge + ["--follow", drop])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(dropped.stdout.hasPrefix("Pin 1\n═════\nGolden Gate National Recreation Area\n\n! Dropped Pin 1 at 37.80780° N, 122.47500° W.\n"))

        // The photo the pin's screen names, saved by "the app" as a real JPEG's first bytes.
        let photos = p.url.appendingPathComponent("photos/GOGA")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]).write(to: photos.appendingPathComponent("pin-1-1.jpg"))
        let pin = try p.run(["pins", "--arg", "id=1"])
        #expect(pin.stdout.contains("] Add a photo → act pins id=1 photo=GOGA/pin-1-1.jpg\n"), "\(pin.stdout)")
        let photo = try p.run(["pins", "--arg", "id=1", "--follow", try id(of: "Add a photo", in: pin.stdout)])
        #expect(photo.status == 0, "\(photo.stderr)")
        #expect(photo.stdout.contains("! Added the photo GOGA/pin-1-1.jpg.") && photo.stdout.contains("Photos (1)"))

        let listed = try p.run(["pins"] + Self.bridge)
        #expect(
            listed.stdout.contains(
                """
                • Pin 1                                                             here
                  dropped 2026-07-04 09:30 · 1 photo
                  [1] Open → go pins id=1
                """), "\(listed.stdout)")
        // Its own layer on the map, there.
        let map = try p.run(["map", "--center", "37.8078,-122.4750", "--zoom", "17"])
        #expect(map.stdout.contains("◆ Pin 1 · your pin · 37.8078, -122.4750\n"), "\(map.stdout)")

        let withPhoto = try p.run(["pins", "--arg", "id=1"])
        let removed = try p.run(["pins", "--arg", "id=1", "--follow", try id(of: "Remove this pin", in: withPhoto.stdout)])
        #expect(removed.stdout.contains("! Removed Pin 1.") && removed.stdout.contains("Your pins (0)"))
        #expect(try p.export().contains("\"pins\" : [\n\n  ]"))
    }

    @Test func theMapOpensAtTheRememberedViewUntilItIsForgotten() throws {
        let p = Profile()
        let fort = ["map", "--center", "37.8106,-122.4771", "--zoom", "16"]
        let shown = try p.run(fort)
        let remember = try id(of: "Remember this view", in: shown.stdout)
        let remembered = try p.run(fort + ["--follow", remember])
        #expect(remembered.stdout.contains("! The map now opens at this view."))
        let opened = try p.run(["map"])
        #expect(opened.stdout.contains("Map · zoom 16 · 390×844 pt · "), "\(opened.stdout)")
        #expect(opened.stdout.contains("The map opens at this view: you remembered it."))
        #expect(opened.stdout == (try p.run(fort)).stdout, "the remembered view is the view remembered")
        // --center still wins; forgetting returns to the park's center and zoom.
        #expect(try p.run(["map", "--center", "37.80,-122.46", "--zoom", "12"]).stdout.contains("Map · zoom 12 · "))
        let forgot = try p.run(["map", "--follow", try id(of: "Forget this view", in: opened.stdout)])
        #expect(forgot.stdout.contains("! The map opens at the park's center again."))
        #expect(try p.run(["map"]).stdout.contains("Map · zoom 11 · "))
    }

    @Test func badInputSaysWhatIsWrongAndWritesNothing() throws {
        let p = Profile()
        // A pin needs a position: a notice, and no pin.
        let nowhere = try p.run(["pins", "--act", "--arg", "drop=1"])
        #expect(nowhere.status == 0)
        #expect(nowhere.stdout.contains("! Your position is not known, so no pin was dropped: share your position\n  and try again."))
        #expect(try p.export().contains("\"pins\" : [\n\n  ]"))

        // An unknown site id: the flow fails naming it, with a guess.
        let unknown = try p.run(["favorites", "--act", "--arg", "add=nps-poi:goga:01444"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.hasPrefix(
                "flowrun: flows/favorites.lua:21: store.add_favorite: unknown site 'nps-poi:goga:01444' in park GOGA "
                    + "(site ids are ctx.sites[i].id); did you mean 'nps-poi:goga:0144'?\n"), "\(unknown.stderr)")
        let site = try p.run(["sites", "--arg", "id=nps-poi:goga:01444"])
        #expect(site.status == 0 && site.stdout.hasPrefix("Site not found\n"))

        // A photo name that is not an image, and a file whose bytes are not its type.
        #expect(try p.run(["pins", "--act", "--arg", "drop=1"] + Self.bridge).status == 0)
        let text = try p.run(["pins", "--act", "--arg", "id=1", "--arg", "photo=notes.txt"])
        #expect(text.status == 1)
        #expect(text.stderr.hasPrefix("flowrun: flows/pins.lua:"))
        #expect(
            text.stderr.contains(": bad argument #2 to 'add_photo' ('notes.txt' is not a photo: expected a name ending in .jpg, .jpeg, .png, .heic or .webp)\n")
        )
        try FileManager.default.createDirectory(at: p.url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try Data("not a picture".utf8).write(to: p.url.appendingPathComponent("photos/fake.jpg"))
        let fake = try p.run(["pins", "--act", "--arg", "id=1", "--arg", "photo=fake.jpg"])
        #expect(fake.status == 1)
        #expect(fake.stderr.contains("(photos/fake.jpg is not a JPEG image (its first bytes say otherwise))"), "\(fake.stderr)")
        let escape = try p.run(["pins", "--act", "--arg", "id=1", "--arg", "photo=../../etc/passwd.jpg"])
        #expect(escape.status == 1 && escape.stderr.contains("'..', '.' and empty parts are not allowed"))
        let export = try p.export()
        #expect(!export.contains("notes.txt") && !export.contains("fake.jpg") && !export.contains("passwd"))
        #expect(!export.contains("nps-poi:goga:01444"))
    }
}
