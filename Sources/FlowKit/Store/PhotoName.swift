import Formats
import ScreenModel

/// Checks a photo's file reference (`store.add_photo`): a relative name under the profile's
/// `photos/` folder with an image extension, and, when the file is there, its size and that
/// its first bytes are of the type the extension says.
package enum PhotoName {
    /// What is wrong with `file` as a name, or nil (``ScreenModel/PhotoReference``'s rule).
    package static func problem(_ file: String, limits: StoreLimits) -> String? {
        PhotoReference.problem(file, maxLength: limits.fileNameLength)
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
    static func type(of file: String) -> String? { PhotoReference.type(of: file) }

    /// Whether `scalar` is a control character (C0, DEL, C1); newlines and tabs pass when `lines`.
    package static func isControl(_ scalar: Unicode.Scalar, lines: Bool) -> Bool { PhotoReference.isControl(scalar, lines: lines) }

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
