import FlowKit
import Foundation
import Testing

/// The picture check reads through ProjectRoot, so a project held in memory (a verified
/// bundle) answers exactly as the same files on disk.
@Suite struct AssetCheckTests {
    static let files: [String: [UInt8]] = [
        "parks/GRTE/park.lua": Array("return {}\n".utf8),
        "parks/GRTE/assets/onboarding/sky.svg": Array("<svg/>".utf8),
        "parks/GRTE/assets/onboarding/near.svg": Array("<svg/>".utf8),
    ]

    static let cases: [(reference: String, problem: String?)] = [
        ("onboarding/sky.svg", nil),
        ("https://example.org/sky.png", nil),
        (
            "onboarding/neer.svg",
            "'onboarding/neer.svg' is not in parks/GRTE/assets/; did you mean 'onboarding/near.svg'? "
                + "(pictures are paths inside the park's assets/ folder, or full https:// URLs)"
        ),
        (
            "onboarding/Sky.svg",
            "'onboarding/Sky.svg' is not in parks/GRTE/assets/; did you mean 'onboarding/sky.svg'? "
                + "(pictures are paths inside the park's assets/ folder, or full https:// URLs)"
        ),
        (
            "maps/trails-1998.png",
            "'maps/trails-1998.png' is not in parks/GRTE/assets/; it has 'onboarding/near.svg', 'onboarding/sky.svg' "
                + "(pictures are paths inside the park's assets/ folder, or full https:// URLs)"
        ),
    ]

    @Test func aProjectInMemoryIsChecked() {
        let check = AssetCheck(root: ProjectRoot(files: Self.files, origin: URL(fileURLWithPath: "/nowhere/dist/GRTE")), park: "GRTE")
        for (reference, problem) in Self.cases {
            #expect(check.problem(with: reference) == problem, "\(reference)")
        }
    }

    @Test func theSameFilesOnDiskGiveTheSameAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowkit-assetcheck-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, bytes) in Self.files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        let check = AssetCheck(root: ProjectRoot(path: folder.path), park: "GRTE")
        for (reference, problem) in Self.cases {
            #expect(check.problem(with: reference) == problem, "\(reference)")
        }
    }

    @Test func aFolderIsNoPicture() {
        var files = Self.files
        files["parks/GRTE/assets/onboarding/more.svg/inside.svg"] = Array("<svg/>".utf8)
        let check = AssetCheck(root: ProjectRoot(files: files, origin: URL(fileURLWithPath: "/nowhere")), park: "GRTE")
        #expect(check.problem(with: "onboarding/more.svg") == "parks/GRTE/assets/onboarding/more.svg is a folder, not a picture")
    }
}
