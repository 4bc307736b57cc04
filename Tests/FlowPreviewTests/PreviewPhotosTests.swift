import FlowKit
import Foundation
import Testing

/// `GET /photos/{name}`: the visitor's photos from the profile's photos/ folder, so a pin's
/// photos show in the frame; nothing else, and nothing without a profile.
@Suite struct PreviewPhotosTests {
    /// A photos folder with one PNG, a text file named as a photo, and a secret beside it.
    static func folder() throws -> URL {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("flowrun-photos-\(UUID().uuidString)")
        let photos = base.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos.appendingPathComponent("GOGA"), withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]).write(to: photos.appendingPathComponent("GOGA/pin-1-1.png"))
        try Data("not a photo".utf8).write(to: photos.appendingPathComponent("GOGA/notes.txt"))
        try Data("TOP-SECRET-BYTES".utf8).write(to: base.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: photos.appendingPathComponent("GOGA/out.png").path, withDestinationPath: base.appendingPathComponent("secret.png").path)
        return photos
    }

    @Test func aPhotoIsServedAndAFrameShowsIt() async throws {
        let photos = try Self.folder()
        defer { try? FileManager.default.removeItem(at: photos.deletingLastPathComponent()) }
        try await withServer(photos: photos.path) { url in
            let photo = try await get(url, "/photos/GOGA/pin-1-1.png")
            #expect(photo.status == 200)
            #expect(photo.type == "image/png")
        }
        // A pin with that photo: its screen shows it from the server's photos.
        let store: @Sendable () -> any VisitorStore = {
            let store = MemoryVisitorStore()
            let pin = StoredPin(park: "GOGA", latitude: 37.8078, longitude: -122.475, title: "Bench", note: nil, created: "2026-07-04T16:30:00Z")
            if let id = try? store.addPin(pin) { _ = try? store.addPhoto("GOGA/pin-1-1.png", pin: id, at: "2026-07-04T16:31:00Z") }
            return store
        }
        try await withServer(store: store, photos: photos.path) { url in
            let frame = try await get(url, "/parks/GOGA/flows/pins/frame?arg.id=1&arg.view=GOGA/pin-1-1.png")
            #expect(frame.status == 200)
            #expect(frame.body.contains("background-image: url(&quot;/photos/GOGA/pin-1-1.png&quot;)"), "\(frame.body)")
        }
    }

    @Test(arguments: [
        "/photos/GOGA/none.png",  // not there
        "/photos/GOGA/notes.txt",  // not a photo's name
        "/photos/GOGA/out.png",  // a link out of the folder
        "/photos/../secret.png",
        "/photos/%2e%2e/secret.png",
        "/photos/GOGA/%2e%2e/%2e%2e/secret.png",
        "/photos/GOGA",  // a folder
    ])
    func anythingElseIsNotFound(path: String) async throws {
        let photos = try Self.folder()
        defer { try? FileManager.default.removeItem(at: photos.deletingLastPathComponent()) }
        try await withServer(photos: photos.path) { url in
            let response = try await get(url, path)
            #expect(response.status == 404, "\(path)")
            #expect(!response.body.contains("TOP-SECRET-BYTES"))
        }
    }

    @Test func withoutAProfileThereAreNoPhotos() async throws {
        try await withServer { url in
            let response = try await get(url, "/photos/GOGA/pin-1-1.png")
            #expect(response.status == 404)
            #expect(response.body.contains("the preview runs without --profile"))
        }
    }
}
