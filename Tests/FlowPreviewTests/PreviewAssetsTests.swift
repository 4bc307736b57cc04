import FlowKit
import Foundation
import Testing

/// `GET /parks/{code}/assets/{path}`: the park's pictures, and nothing else.
@Suite struct PreviewAssetsTests {
    @Test func aParkPictureIsServedAndTheFrameShowsIt() async throws {
        try await withServer { url in
            let sky = try await get(url, "/parks/GRTE/assets/onboarding/sky.svg")
            #expect(sky.status == 200)
            #expect(sky.type == "image/svg+xml")
            #expect(sky.body.hasPrefix("<?xml"))
            let far = try await get(url, "/parks/grte/assets/onboarding/far.svg")
            #expect(far.status == 200)
            let frame = try await get(url, "/parks/GRTE/flows/onboarding/frame")
            #expect(frame.body.contains("background-color: #5A8EC1; background-image: url(&quot;/parks/GRTE/assets/onboarding/sky.svg&quot;)"))
            #expect(frame.body.contains("background-image: url(&quot;/parks/GRTE/assets/onboarding/far.svg&quot;)"))
        }
    }

    @Test(arguments: [
        "/parks/GRTE/assets/onboarding/none.svg",  // not there
        "/parks/GRTE/assets/../park.lua",  // climbs out
        "/parks/GRTE/assets/onboarding/%2e%2e/../park.lua",
        "/parks/GRTE/assets/%2e%2e/park.lua",
        "/parks/GRTE/assets/onboarding",  // a folder
        "/parks/GRTE/assets/onboarding/.hidden.svg",
        "/parks/GRTE/assets/onboarding/sky.svg%00.png",
        "/parks/NOPE/assets/onboarding/sky.svg",  // no such park
    ])
    func anythingElseIsNotFound(path: String) async throws {
        try await withServer { url in
            let response = try await get(url, path)
            #expect(response.status == 404, "\(path)")
            #expect(!response.body.contains("<svg"))
        }
    }

    @Test func aLinkOutOfTheAssetsIsNotFollowed() async throws {
        let project = try TestProject(files: ["secret/pass.svg": "<svg/>"])
        try FileManager.default.createSymbolicLink(
            at: project.url.appendingPathComponent("parks/GRTE/assets/leak.svg"),
            withDestinationURL: project.url.appendingPathComponent("secret/pass.svg"))
        try FileManager.default.createSymbolicLink(
            at: project.url.appendingPathComponent("parks/GRTE/assets/out"),
            withDestinationURL: project.url.appendingPathComponent("secret"))
        try await withServer(root: project.root) { url in
            let leak = try await get(url, "/parks/GRTE/assets/leak.svg")
            let out = try await get(url, "/parks/GRTE/assets/out/pass.svg")
            let sky = try await get(url, "/parks/GRTE/assets/onboarding/sky.svg")
            #expect(leak.status == 404)
            #expect(out.status == 404)
            #expect(sky.status == 200)
        }
    }
}
