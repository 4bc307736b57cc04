public import FlowKit
import Foundation

/// A bundle whose signature, manifest and every object have been checked, with the checked
/// bytes held in memory: ``root`` serves them and nothing else, so a file swapped on disk
/// after the check is never run.
public struct VerifiedBundle: Sendable {
    /// The checked manifest.
    public let manifest: BundleManifest
    /// The trusted key that signed it.
    public let signer: TrustedKey
    /// The bundle's folder, as given.
    public let folder: String
    /// The checked bytes of each file, by its path in the project (`parks/GOGA/park.lua`).
    public let files: [String: [UInt8]]
    /// The project the bundle holds, served from the checked bytes.
    public let root: ProjectRoot

    init(manifest: BundleManifest, signer: TrustedKey, folder: String, files: [String: [UInt8]]) {
        self.manifest = manifest
        self.signer = signer
        self.folder = folder
        self.files = files
        root = ProjectRoot(files: files, origin: URL(fileURLWithPath: folder, isDirectory: true))
    }
}
