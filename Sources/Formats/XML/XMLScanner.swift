/// A pull scanner for XML 1.0 over UTF-8 bytes, enough for GPX and other data files.
///
/// ``next()`` reports one event at a time (a start tag, an end tag, a run of text) and the
/// current event's details as byte ranges into the input, so nothing is allocated per
/// element. It checks well-formedness as it goes: tags nest and match, attributes are
/// quoted and unique, entities are the five predefined ones or character references, and
/// one root element holds everything but comments, processing instructions and whitespace.
/// An empty-element tag `<a/>` reports a start and then an end event.
///
/// Deliberately left out: DTDs (a DOCTYPE is refused, so no entity is ever user-defined and
/// nothing can expand), namespace resolution (prefixes are kept; callers match local
/// names), Unicode name classes (any non-ASCII byte may be part of a name) and encodings
/// other than UTF-8. No recursion: nesting depth costs heap, not stack.
package struct XMLScanner {
    /// The most attributes one tag may have; GPX uses a handful. The cap keeps the duplicate
    /// check (each name against the earlier ones) from going quadratic on hostile input.
    package static let maxAttributes = 256

    /// What ``next()`` found; the details are in the scanner's properties.
    package enum Event: Equatable {
        /// A start tag: ``name``, ``localName``, ``tagOffset`` and ``attributes`` describe it.
        case startElement
        /// An end tag (or the end of an empty-element tag): ``name`` and ``localName``.
        case endElement
        /// Character data or a CDATA section: ``text`` and ``textNeedsDecoding``.
        case text
        /// After the root element closed and only comments or whitespace followed.
        case endOfDocument
    }

    /// A well-formedness error at a byte offset of the input.
    package struct SyntaxError: Error {
        package var offset: Int
        package var message: String
    }

    /// One attribute of the current start tag, as byte ranges.
    package struct Attribute {
        /// The qualified name, `xsi:schemaLocation`.
        package var name: Range<Int>
        /// The name after any prefix, `schemaLocation`.
        package var localName: Range<Int>
        /// The value between the quotes, before decoding.
        package var value: Range<Int>
        /// The value holds an entity, a character reference or whitespace to normalize.
        package var needsDecoding: Bool
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte.
    package private(set) var index: Int

    // MARK: The current event

    /// The qualified name of the current element, `gpx:trkpt`.
    package private(set) var name: Range<Int> = 0..<0
    /// The name after any prefix, `trkpt`.
    package private(set) var localName: Range<Int> = 0..<0
    /// The offset of the `<` that began the current start or end tag.
    package private(set) var tagOffset = 0
    /// The attributes of the current start tag, in document order.
    package private(set) var attributes: [Attribute] = []
    /// The current text: character data (may hold entities) or a CDATA section's content.
    package private(set) var text: Range<Int> = 0..<0
    /// The text holds an entity, a character reference or a carriage return;
    /// decode it with ``appendText(to:)``. Always `false` for CDATA.
    package private(set) var textNeedsDecoding = false

    // MARK: Document state

    /// The elements open around the cursor, outermost first, with the offsets of their `<`.
    private var openElements: [(name: Range<Int>, offset: Int)] = []
    /// An empty-element tag was just reported; its end event comes next.
    private var pendingEnd = false
    /// The root element has started (it may also have ended).
    private var sawRoot = false

    /// A scanner starting at `index` (after any byte-order mark).
    package init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// How many elements are open around the cursor.
    package var depth: Int { openElements.count }

    /// Scans to the next event.
    /// - Throws: ``SyntaxError`` at the first place the document stops being well-formed.
    package mutating func next() throws(SyntaxError) -> Event {
        if pendingEnd {
            pendingEnd = false
            openElements.removeLast()
            return .endElement
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if openElements.isEmpty {
                    try skipTextOutsideRoot()
                    continue
                }
                try scanText()
                return .text
            }
            guard index + 1 < bytes.count else {
                throw SyntaxError(offset: index, message: "unexpected end of file after '<'")
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "/"):
                try scanEndTag()
                return .endElement
            case UInt8(ascii: "!"):
                if try scanDeclaration() { return .text }
            case UInt8(ascii: "?"):
                try scanProcessingInstruction()
            default:
                try scanStartTag()
                return .startElement
            }
        }
        if let open = openElements.last {
            throw SyntaxError(
                offset: bytes.count,
                message: "unexpected end of file, <\(string(open.name))> opened at \(position(of: open.offset)) "
                    + "is not closed")
        }
        guard sawRoot else {
            throw SyntaxError(offset: bytes.count, message: "no root element")
        }
        return .endOfDocument
    }

    /// Whether the current element's local name is `expected`.
    package func localNameIs(_ expected: StaticString) -> Bool {
        Self.range(localName, in: bytes, equals: expected)
    }

    /// Whether an attribute's local name is `expected`.
    package func attribute(_ attribute: Attribute, isNamed expected: StaticString) -> Bool {
        Self.range(attribute.localName, in: bytes, equals: expected)
    }

    // MARK: - Tags

    private mutating func scanStartTag() throws(SyntaxError) {
        tagOffset = index
        index += 1
        guard let (qualified, local) = scanName() else {
            throw SyntaxError(offset: index, message: "expected an element name after '<', got \(describe(at: index))")
        }
        if sawRoot, openElements.isEmpty {
            throw SyntaxError(
                offset: tagOffset,
                message: "unexpected <\(string(qualified))> after the root element; a document has one root")
        }
        name = qualified
        localName = local
        attributes.removeAll(keepingCapacity: true)
        while true {
            let spaced = skipWhitespace()
            guard index < bytes.count else {
                throw SyntaxError(offset: tagOffset, message: "unexpected end of file inside the tag <\(string(name))>")
            }
            switch bytes[index] {
            case UInt8(ascii: ">"):
                index += 1
            case UInt8(ascii: "/"):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") else {
                    throw SyntaxError(
                        offset: index,
                        message: "expected '/>' to end <\(string(name))>, got \(describe(at: index + 1)) after '/'")
                }
                index += 2
                pendingEnd = true
            default:
                guard spaced else {
                    throw SyntaxError(
                        offset: index,
                        message: "expected whitespace, '>' or '/>' in <\(string(name))>, got \(describe(at: index))")
                }
                try scanAttribute()
                continue
            }
            openElements.append((name, tagOffset))
            sawRoot = true
            return
        }
    }

    private mutating func scanAttribute() throws(SyntaxError) {
        guard let (qualified, local) = scanName() else {
            throw SyntaxError(
                offset: index,
                message: "expected an attribute name, '>' or '/>' in <\(string(name))>, got \(describe(at: index))")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
            throw SyntaxError(
                offset: index,
                message: "expected '=' after the attribute name \(string(qualified)), got \(describe(at: index))")
        }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw SyntaxError(
                offset: index,
                message: "expected a quoted value for the attribute \(string(qualified)), got \(describe(at: index))")
        }
        guard attributes.count < Self.maxAttributes else {
            throw SyntaxError(
                offset: qualified.lowerBound, message: "more than \(Self.maxAttributes) attributes in <\(string(name))>")
        }
        let (value, needsDecoding) = try scanAttributeValue(named: qualified)
        for earlier in attributes where Self.range(earlier.name, equals: qualified, in: bytes) {
            throw SyntaxError(
                offset: qualified.lowerBound,
                message: "attribute \(string(qualified)) appears twice in <\(string(name))>")
        }
        attributes.append(Attribute(name: qualified, localName: local, value: value, needsDecoding: needsDecoding))
    }

    private mutating func scanEndTag() throws(SyntaxError) {
        tagOffset = index
        index += 2
        guard let (qualified, local) = scanName() else {
            throw SyntaxError(offset: index, message: "expected an element name after '</', got \(describe(at: index))")
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
            throw SyntaxError(
                offset: index, message: "expected '>' to end </\(string(qualified))>, got \(describe(at: index))")
        }
        index += 1
        guard let open = openElements.last else {
            let context = sawRoot ? "after the root element" : "before any element"
            throw SyntaxError(offset: tagOffset, message: "unexpected </\(string(qualified))> \(context)")
        }
        guard Self.range(open.name, equals: qualified, in: bytes) else {
            throw SyntaxError(
                offset: tagOffset,
                message: "expected </\(string(open.name))>, got </\(string(qualified))> "
                    + "(<\(string(open.name))> opened at \(position(of: open.offset)))")
        }
        openElements.removeLast()
        name = qualified
        localName = local
    }

    /// Scans an XML name at the cursor; returns it and the part after its prefix, or `nil`
    /// (without moving) when no name starts here.
    private mutating func scanName() -> (Range<Int>, Range<Int>)? {
        let start = index
        guard index < bytes.count, isNameStart(bytes[index]) else { return nil }
        var localStart = start
        index += 1
        while index < bytes.count, isNameByte(bytes[index]) {
            if bytes[index] == UInt8(ascii: ":") { localStart = index + 1 }
            index += 1
        }
        // A trailing colon leaves no local part; keep the whole name then.
        if localStart == index { localStart = start }
        return (start..<index, localStart..<index)
    }

    // MARK: - Helpers shared by the scanner's files

    /// Skips XML whitespace; returns whether there was any.
    @discardableResult
    package mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, isXMLWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    /// Moves the cursor (used by the scanner's extensions).
    package mutating func advance(to offset: Int) {
        index = offset
    }

    /// Reports `range` as the current text.
    package mutating func setText(_ range: Range<Int>, needsDecoding: Bool) {
        text = range
        textNeedsDecoding = needsDecoding
    }

    /// Whether the cursor is inside the root element.
    package var isInsideRoot: Bool { !openElements.isEmpty }
    /// Whether the root element has started.
    package var hasSeenRoot: Bool { sawRoot }

    /// Whether the bytes of `range` spell `expected`.
    package static func range(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, equals expected: StaticString
    ) -> Bool {
        let length = expected.utf8CodeUnitCount
        guard range.count == length, range.upperBound <= bytes.count else { return false }
        let start = expected.utf8Start
        for offset in 0..<length where bytes[range.lowerBound + offset] != start[offset] {
            return false
        }
        return true
    }

    private static func range(_ a: Range<Int>, equals b: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for offset in 0..<a.count where bytes[a.lowerBound + offset] != bytes[b.lowerBound + offset] {
            return false
        }
        return true
    }
}

// MARK: - Pure helpers

@inline(__always)
package func isXMLWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
}

/// A byte that can start an XML name: an ASCII letter, `_`, `:` or any non-ASCII byte
/// (the scanner does not check Unicode name classes).
private func isNameStart(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF:
        true
    default:
        false
    }
}

private func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): true
    default: isNameStart(byte)
    }
}
