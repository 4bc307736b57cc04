import Formats
/// How park content names a picture (README, Park assets): a path inside the park's
/// `assets/` folder (`onboarding/sky.svg` is `parks/<CODE>/assets/onboarding/sky.svg`),
/// a full `https://` URL, or a visitor's own photo (`photo:GOGA/pin-3-1.jpg`, ``PhotoReference``). One rule for screens, `park.lua`, `check`, the preview server
/// and the image sequencer, so a name that passes `check` is a name every one of them finds.
public enum AssetReference: Hashable, Sendable {
    /// A file of the park's `assets/` folder, by its path inside it.
    case park(path: String)
    /// A picture on the web, by its full `https://` address.
    case web(url: String)
    /// A visitor's photo, by its name in the profile's `photos/` folder.
    case photo(name: String)

    /// The longest photo name a screen may give (the store's own limit is lower).
    static let photoNameLength = 255

    /// The picture types an app shows, by file extension (lower case), with their HTTP
    /// content types: what `check` accepts and the preview server sends.
    public static let imageTypes: [String: String] = [
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "webp": "image/webp", "gif": "image/gif",
    ]

    /// Reads what a screen or `park.lua` names.
    /// - Parameter text: `onboarding/sky.svg` or `https://example.org/sky.png`.
    /// - Throws: ``AssetReferenceError`` saying which rule `text` breaks.
    public init(_ text: String) throws(AssetReferenceError) {
        let lower = text.lowercased()
        if lower.hasPrefix("https://") {
            let rest = text.dropFirst("https://".count)
            let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            guard !host.isEmpty else { throw AssetReferenceError("\(Excerpt.quoted(text)) has no host after https://") }
            guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
                throw AssetReferenceError("\(Excerpt.quoted(text)) has a space or control character; percent-encode it")
            }
            self = .web(url: text)
            return
        }
        if lower.hasPrefix(PhotoReference.scheme) {
            let name = String(text.dropFirst(PhotoReference.scheme.count))
            if let problem = PhotoReference.problem(name, maxLength: Self.photoNameLength) { throw AssetReferenceError("\(Excerpt.quoted(text)): \(problem)") }
            self = .photo(name: name)
            return
        }
        if lower.hasPrefix("http://") {
            throw AssetReferenceError("\(Excerpt.quoted(text)) is plain http: apps load pictures over https:// only")
        }
        self = .park(path: try Self.checkedPath(text))
    }

    /// The path relative to the project of a park file (`parks/GRTE/assets/onboarding/sky.svg`),
    /// nil for a web address.
    /// - Parameter code: the park's code, as its folder spells it.
    public func projectPath(park code: String) -> String? {
        guard case .park(let path) = self else { return nil }
        return "\(Self.folder(park: code))/\(path)"
    }

    /// `parks/<CODE>/assets`, relative to the project.
    /// - Parameter code: the park's code, as its folder spells it.
    public static func folder(park code: String) -> String { "parks/\(code)/assets" }

    /// The HTTP content type of a path by its extension, or nil when it is no picture type.
    /// - Parameter path: a file name or path.
    public static func contentType(of path: some StringProtocol) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[path.index(after: dot)...].contains("/") else { return nil }
        return imageTypes[path[path.index(after: dot)...].lowercased()]
    }

    /// `path` when it is a plain relative path of visible files with a picture's extension.
    /// Only letters, digits, `-`, `_` and `.` in names, none starting with `.`: so no `..`, no
    /// hidden file, nothing a URL or a shell would read differently, on any file system.
    static func checkedPath(_ path: String) throws(AssetReferenceError) -> String {
        let quoted = Excerpt.quoted(path)
        if path.contains(":") {
            throw AssetReferenceError("\(quoted) is neither a path inside the park's assets/ folder nor a full https:// URL")
        }
        guard !path.hasPrefix("/") else { throw AssetReferenceError("\(quoted) starts with '/': write the path inside assets/, as onboarding/sky.svg") }
        guard path.utf8.count <= 255 else { throw AssetReferenceError("\(quoted) is longer than 255 bytes") }
        for name in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard !name.isEmpty else { throw AssetReferenceError("\(quoted) has an empty folder name ('//' or a '/' at the end)") }
            guard name.first != "." else {
                throw AssetReferenceError("\(quoted) has a name starting with '.' (\(Excerpt.quoted(name))): '..' and hidden files are not assets")
            }
            guard name.unicodeScalars.allSatisfy({ $0.isASCII && Self.isNameCharacter(UInt8($0.value)) }) else {
                throw AssetReferenceError("\(quoted): names in assets/ use letters, digits, '-', '_' and '.' only")
            }
        }
        guard contentType(of: path) != nil else {
            throw AssetReferenceError("\(quoted) is not a picture type an app shows (\(imageTypes.keys.sorted().joined(separator: ", ")))")
        }
        return path
    }

    /// a-z, A-Z, 0-9, `-`, `_` and `.`: tested by range, as a set of bytes would cost a cold
    /// start a scan of the conformance records the first time one is made.
    private static func isNameCharacter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
        default: false
        }
    }
}

/// Why a name is no asset reference; the message quotes the name.
public struct AssetReferenceError: Error, CustomStringConvertible, Sendable {
    /// The rule broken, for people.
    public let description: String
    init(_ description: String) { self.description = description }
}
