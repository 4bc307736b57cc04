import Formats

/// A visitor's own photo, named in a screen as `photo:GOGA/pin-3-1.jpg`: a file of the
/// profile's `photos/` folder, where the app saved it (`store.add_photo` keeps the name).
/// The app shows it from the phone; the preview serves it from `--profile`'s folder. One
/// rule for the name, here, for the store and for screens.
public enum PhotoReference {
    /// What a screen's picture starts with to name a photo.
    public static let scheme = "photo:"

    /// The extensions a photo may have, and the image type each says.
    public static let types: [String: String] = ["jpg": "JPEG", "jpeg": "JPEG", "png": "PNG", "heic": "HEIC", "webp": "WebP"]

    /// The HTTP content type of a photo name by its extension, or nil.
    public static func contentType(of file: String) -> String? {
        switch type(of: file) {
        case "JPEG": "image/jpeg"
        case "PNG": "image/png"
        case "WebP": "image/webp"
        case "HEIC": "image/heic"
        default: nil
        }
    }

    /// What is wrong with `file` as a photo's name, or nil: a name relative to the photos
    /// folder (no `/` first, no `..`, `.` or empty part, no control character, `\` or `:`),
    /// at most `maxLength` characters, ending in a photo's extension.
    /// - Parameters:
    ///   - file: the name, like `GOGA/pin-3-1.jpg`.
    ///   - maxLength: the most characters a name may have.
    public static func problem(_ file: String, maxLength: Int) -> String? {
        let count = file.unicodeScalars.count
        guard count > 0 else { return "the file name is empty" }
        guard count <= maxLength else {
            return "the file name has \(count) characters, more than the \(maxLength) allowed"
        }
        if let bad = file.unicodeScalars.first(where: { isControl($0, lines: false) || $0 == "\\" || $0 == ":" }) {
            return "\(Excerpt.quoted(file)): character U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed in a file name"
        }
        guard !file.hasPrefix("/") else { return "\(Excerpt.quoted(file)) is an absolute path; give a name relative to the profile's photos/ folder" }
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            return "\(Excerpt.quoted(file)): '..', '.' and empty parts are not allowed; give a name relative to the profile's photos/ folder"
        }
        guard type(of: file) != nil else {
            return "\(Excerpt.quoted(file)) is not a photo: expected a name ending in .jpg, .jpeg, .png, .heic or .webp"
        }
        return nil
    }

    /// The image type of a name's extension, or nil.
    public static func type(of file: String) -> String? {
        guard let dot = file.lastIndex(of: "."), !file[..<dot].hasSuffix("/"), dot != file.startIndex else { return nil }
        return types[file[file.index(after: dot)...].lowercased()]
    }

    /// Whether `scalar` is a control character (C0, DEL, C1); newlines and tabs pass when `lines`.
    public static func isControl(_ scalar: Unicode.Scalar, lines: Bool) -> Bool {
        if lines && (scalar == "\n" || scalar == "\t") { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
