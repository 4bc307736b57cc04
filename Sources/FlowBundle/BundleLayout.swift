/// The files of one park's bundle, relative to its folder (`dist/GOGA/`):
///
/// ```
/// manifest.json        the current manifest: what the bundle holds (BundleManifest)
/// manifest.sig         its detached Ed25519 signature (SignatureFile)
/// objects/<sha256>     each file's bytes, named by their SHA-256 (lowercase hex)
/// versions/<N>.json    every manifest ever published, by version, for rollback
/// versions/<N>.sig     and its signature
/// ```
///
/// Objects are content-addressed, so an update fetches only the files that changed and
/// two versions share the rest.
public enum BundleLayout {
    /// `manifest.json`.
    public static let manifest = "manifest.json"
    /// `manifest.sig`.
    public static let signature = "manifest.sig"
    /// `objects`.
    public static let objects = "objects"
    /// `versions`.
    public static let versions = "versions"

    /// `objects/<sha256>`.
    /// - Parameter sha256: the object's SHA-256 as 64 lowercase hex digits.
    public static func object(_ sha256: String) -> String { "\(objects)/\(sha256)" }

    /// `versions/<N>.json`.
    /// - Parameter version: a published version.
    public static func versionManifest(_ version: Int) -> String { "\(versions)/\(version).json" }

    /// `versions/<N>.sig`.
    /// - Parameter version: a published version.
    public static func versionSignature(_ version: Int) -> String { "\(versions)/\(version).sig" }

    /// The version a `versions/` entry's name gives (`12.json`: 12), or nil for any other name.
    static func version(ofManifestNamed name: String) -> Int? {
        guard name.hasSuffix(".json") else { return nil }
        let digits = name.dropLast(5)
        guard !digits.isEmpty, digits.count <= 18, digits.first != "0", digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }
}
