import Formats
import ScreenModel

/// Checks a photo's file reference (`store.add_photo`): a relative name under the profile's
/// `photos/` folder with an image extension, and, when the file is there, its size and that
/// its first bytes are of the type the extension says.
package enum PhotoName {
    /// The extensions a photo may have, and the image type each says.
    static let types: [String: String] = ["jpg": "JPEG", "jpeg": "JPEG", "png": "PNG", "heic": "HEIC", "webp": "WebP"]

    /// What is wrong with `file` as a name, or nil.
    package static func problem(_ file: String, limits: StoreLimits) -> String? {
        let count = file.unicodeScalars.count
        guard count > 0 else { return "the file name is empty" }
        guard count <= limits.fileNameLength else {
            return "the file name has \(count) characters, more than the \(limits.fileNameLength) allowed"
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

    /// What is wrong with the file found for `file`, or nil: too large, or not of its type.
    static func problem(_ found: PhotoFile, file: String, limits: StoreLimits) -> String? {
        guard found.size <= limits.photoBytes else {
            return "photos/\(Excerpt.text(file)) is \(Excerpt.count(found.size)) bytes, more than the \(Excerpt.count(limits.photoBytes)) a photo may have"
        }
        guard let type = type(of: file), !matches(found.head, type) else { return nil }
        return "photos/\(Excerpt.text(file)) is not a \(type) image (its first bytes say otherwise)"
    }

    /// The image type of a name's extension, or nil.
    static func type(of file: String) -> String? {
        guard let dot = file.lastIndex(of: "."), !file[..<dot].hasSuffix("/"), dot != file.startIndex else { return nil }
        return types[file[file.index(after: dot)...].lowercased()]
    }

    /// Whether `scalar` is a control character (C0, DEL, C1); newlines and tabs pass when `lines`.
    package static func isControl(_ scalar: Unicode.Scalar, lines: Bool) -> Bool {
        if lines && (scalar == "\n" || scalar == "\t") { return false }
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether the first bytes are those of an image of `type`.
    private static func matches(_ head: [UInt8], _ type: String) -> Bool {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        switch type {
        case "JPEG": return starts([0xFF, 0xD8, 0xFF])
        case "PNG": return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "WebP": return starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8)
        default: return starts(Array("ftyp".utf8), at: 4)  // HEIC: an ISO media file (ftypheic, ftypmif1, ...)
        }
    }
}
