import Formats
import ScreenModel
import FlowKit
public import Foundation

/// Where the image sequencer gets pictures: a park's `assets/` folder on disk, or the same
/// files under an `http://` or `https://` base URL. A full `https://` reference is fetched
/// from the web whichever the source (`HTTPGet`).
public struct AssetSource: Sendable, CustomStringConvertible {
    enum Origin: Sendable {
        case folder(URL)
        case web(String)
    }

    let origin: Origin
    /// The most bytes one picture may have; more is a failure, not a picture.
    public static let largestPicture = 32 << 20

    /// Pictures read from `folder` (a park's `assets/`, or a copy of it).
    public static func folder(_ folder: URL) -> AssetSource { AssetSource(origin: .folder(folder.standardizedFileURL)) }

    /// Pictures fetched from `base` + their path (`http://127.0.0.1:8080/grte/` + `onboarding/sky.svg`).
    /// - Parameter base: an `http://` or `https://` address; a missing final `/` is added.
    public static func web(_ base: String) -> AssetSource { AssetSource(origin: .web(base.hasSuffix("/") ? base : base + "/")) }

    /// The folder's path or the base URL, as the report names it.
    public var description: String {
        switch origin {
        case .folder(let url): url.path + "/"
        case .web(let base): base
        }
    }

    /// The size of the picture `reference` names, read whole.
    /// - Parameters:
    ///   - reference: a path inside the assets, or a full `https://` URL (`AssetReference`).
    ///   - deadline: when to stop waiting for it.
    ///   - http: the client for web addresses, one per sequencer run.
    /// - Throws: ``AssetFetchError`` saying what went wrong, for the report.
    func fetch(_ reference: String, deadline: ContinuousClock.Instant, http: HTTPGet) async throws(AssetFetchError) -> Int {
        let parsed: AssetReference
        do { parsed = try AssetReference(reference) } catch { throw AssetFetchError(error.description) }
        switch (parsed, origin) {
        case (.photo(let name), _):
            // ImagePlan leaves photos out; a caller that asks anyway is told why.
            throw AssetFetchError("photo:\(name) is the visitor's own photo, on the phone: nothing to load")
        case (.web(let url), _):
            return try await http.size(of: url, deadline: deadline, limit: Self.largestPicture)
        case (.park(let path), .web(let base)):
            return try await http.size(of: base + path, deadline: deadline, limit: Self.largestPicture)
        case (.park(let path), .folder(let folder)):
            let file = folder.appendingPathComponent(path)
            // Its size, from a regular file opened without blocking (FileReader).
            guard let (size, _) = FileReader.head(atPath: file.path, count: 0) else {
                let there = FileManager.default.fileExists(atPath: file.path)
                throw AssetFetchError("\(file.path): \(there ? "not a regular file" : "file not found")")
            }
            return size
        }
    }
}

/// Why a picture did not arrive, for the report: `HTTP 404 Not Found`.
public struct AssetFetchError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
