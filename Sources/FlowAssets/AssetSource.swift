import FlowKit
public import Foundation

/// Where the image sequencer gets pictures: a park's `assets/` folder on disk, or the same
/// files under a plain `http://` base URL (``HTTPGet``: no TLS in flowrun, so a full
/// `https://` reference fails with a message saying it is for the app to load).
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
    /// - Parameter base: an `http://` address; a missing final `/` is added.
    public static func web(_ base: String) -> AssetSource { AssetSource(origin: .web(base.hasSuffix("/") ? base : base + "/")) }

    /// The folder's path or the base URL, as the report names it.
    public var description: String {
        switch origin {
        case .folder(let url): url.path + "/"
        case .web(let base): base
        }
    }

    /// The picture `reference` names, whole.
    /// - Parameters:
    ///   - reference: a path inside the assets, or a full `https://` URL (``AssetReference``).
    ///   - deadline: when to stop waiting for it.
    /// - Throws: ``AssetFetchError`` saying what went wrong, for the report.
    public func fetch(_ reference: String, deadline: ContinuousClock.Instant) async throws(AssetFetchError) -> Int {
        let parsed: AssetReference
        do { parsed = try AssetReference(reference) } catch { throw AssetFetchError(error.description) }
        switch (parsed, origin) {
        case (.web(let url), _):
            return try await Self.get(url, deadline: deadline)
        case (.park(let path), .web(let base)):
            return try await Self.get(base + path, deadline: deadline)
        case (.park(let path), .folder(let folder)):
            let file = folder.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw AssetFetchError("\(file.path): file not found")
            }
            return data.count
        }
    }

    /// GETs `url`: its body's size, or why there is none.
    static func get(_ url: String, deadline: ContinuousClock.Instant) async throws(AssetFetchError) -> Int {
        try await HTTPGet.size(of: url, deadline: deadline, limit: largestPicture)
    }
}

/// Why a picture did not arrive, for the report: `HTTP 404 Not Found`.
public struct AssetFetchError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
