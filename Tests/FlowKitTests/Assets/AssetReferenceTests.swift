import ScreenModel
import FlowKit
import Testing

struct AssetReferenceTests {
    @Test func pathsInsideAssetsAndHTTPSAddresses() throws {
        #expect(try AssetReference("onboarding/sky.svg") == .park(path: "onboarding/sky.svg"))
        #expect(try AssetReference("sky.PNG") == .park(path: "sky.PNG"))
        #expect(try AssetReference("https://example.org/a/b.png?v=2") == .web(url: "https://example.org/a/b.png?v=2"))
        #expect(try AssetReference("HTTPS://example.org/b.png") == .web(url: "HTTPS://example.org/b.png"))
        #expect(try AssetReference("onboarding/sky.svg").projectPath(park: "GRTE") == "parks/GRTE/assets/onboarding/sky.svg")
        #expect(AssetReference.contentType(of: "onboarding/sky.svg") == "image/svg+xml")
        #expect(AssetReference.contentType(of: "a.b/c") == nil)
        // A visitor's photo, by its name in the profile's photos/ folder.
        #expect(try AssetReference("photo:GOGA/pin-3-1.jpg") == .photo(name: "GOGA/pin-3-1.jpg"))
        #expect(try AssetReference("photo:Fête 2026.HEIC") == .photo(name: "Fête 2026.HEIC"))
    }

    @Test(arguments: [
        ("../YELL/assets/sky.svg", "'../YELL/assets/sky.svg' has a name starting with '.' ('..'): '..' and hidden files are not assets"),
        ("onboarding/.sky.svg", "'onboarding/.sky.svg' has a name starting with '.' ('.sky.svg'): '..' and hidden files are not assets"),
        ("/etc/passwd.png", "'/etc/passwd.png' starts with '/': write the path inside assets/, as onboarding/sky.svg"),
        ("onboarding//sky.svg", "'onboarding//sky.svg' has an empty folder name ('//' or a '/' at the end)"),
        ("onboarding/sky .svg", "'onboarding/sky .svg': names in assets/ use letters, digits, '-', '_' and '.' only"),
        ("onboarding\\sky.svg", "'onboarding\\sky.svg': names in assets/ use letters, digits, '-', '_' and '.' only"),
        ("onboarding/sky.txt", "'onboarding/sky.txt' is not a picture type an app shows (gif, jpeg, jpg, png, svg, webp)"),
        ("http://example.org/a.png", "'http://example.org/a.png' is plain http: apps load pictures over https:// only"),
        ("https:///a.png", "'https:///a.png' has no host after https://"),
        ("https://example.org/a b.png", "'https://example.org/a b.png' has a space or control character; percent-encode it"),
        ("file:///etc/a.png", "'file:///etc/a.png' is neither a path inside the park's assets/ folder nor a full https:// URL"),
        (
            "photo:../profile/store.png",
            "'photo:../profile/store.png': '../profile/store.png': '..', '.' and empty parts are not allowed; give a name relative to the profile's photos/ folder"
        ),
        ("photo:/etc/a.png", "'photo:/etc/a.png': '/etc/a.png' is an absolute path; give a name relative to the profile's photos/ folder"),
        ("photo:notes.txt", "'photo:notes.txt': 'notes.txt' is not a photo: expected a name ending in .jpg, .jpeg, .png, .heic or .webp"),
        ("photo:", "'photo:': the file name is empty"),
    ])
    func whatIsNoReference(text: String, message: String) {
        #expect(throws: AssetReferenceError.self) { try AssetReference(text) }
        do {
            _ = try AssetReference(text)
        } catch {
            #expect(error.description == message)
        }
    }
}
