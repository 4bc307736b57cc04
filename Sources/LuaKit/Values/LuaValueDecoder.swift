/// Decodes `Decodable` types from Lua values. Errors carry the coding path, so a bad
/// field reads `sections[2].title: expected string, got number`.
///
/// An empty Lua table decodes as an empty array or an empty object alike; integral
/// numbers decode as integers, integers as floating point.
public struct LuaValueDecoder {
    /// When set, a named field the type does not have is an error at any depth, called by
    /// this noun (`geofence.radus: unknown setting; did you mean 'radius'?`). Default nil:
    /// extra fields are ignored.
    public var unknownFieldNoun: String?

    /// A decoder.
    /// - Parameter unknownFieldNoun: what to call a field the type does not have, to
    ///   refuse such fields (`"setting"`); `nil` to ignore them.
    public init(unknownFieldNoun: String? = nil) {
        self.unknownFieldNoun = unknownFieldNoun
    }

    /// Decodes `type` from `value`.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - value: a table, or a plain value for a type that decodes from one.
    /// - Throws: ``LuaDecodingError`` with the field path for a wrong type, a missing
    ///   required field, an unknown field (when ``unknownFieldNoun`` is set) or a list with
    ///   holes; the type's own `init(from:)` may throw `DecodingError` besides (read either
    ///   with ``LuaDecodingError/describe(_:)``).
    public func decode<T: Decodable>(_ type: T.Type, from value: LuaValue) throws -> T {
        try T(from: LuaDecoding(value: value, codingPath: [], unknownFieldNoun: unknownFieldNoun, unknown: nil))
    }

    /// Decodes `type` from `value` as ``decode(_:from:)`` does, but goes on past unknown
    /// fields, so every misspelt field is reported at once.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - value: a table, or a plain value for a type that decodes from one.
    ///   - unknownFields: receives one error per unknown field, in document order (needs
    ///     ``unknownFieldNoun``), whether or not decoding succeeds.
    /// - Throws: what ``decode(_:from:)`` throws, but for unknown fields.
    public func decode<T: Decodable>(_ type: T.Type, from value: LuaValue, unknownFields: inout [LuaDecodingError]) throws -> T {
        let log = UnknownFieldLog()
        defer { unknownFields += log.errors }
        return try T(from: LuaDecoding(value: value, codingPath: [], unknownFieldNoun: unknownFieldNoun, unknown: log))
    }
}

/// Where unknown fields go when decoding goes on past them.
final class UnknownFieldLog {
    var errors: [LuaDecodingError] = []
}

/// A decoding failure with its field path (`sections[2].items[0].title`).
public struct LuaDecodingError: Error, CustomStringConvertible, Sendable {
    /// Where: `sections[2].title`, list positions from 1; empty for the value itself.
    public let path: String
    /// What is wrong there: `expected string, got number 3`.
    public let message: String
    /// `path: message`, or the message alone when the path is empty.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// A failure at `path`, for the package's readers that work out paths of their own.
    /// - Parameters:
    ///   - path: where, as ``path(_:)`` renders it.
    ///   - message: what is wrong there.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// Renders a coding path as `a.b[2].c`, list positions counted from 1 as in Lua.
    /// - Parameter codingPath: the path, as a `DecodingError` or decoder gives it.
    /// - Returns: the path as text; empty for an empty path.
    public static func path(_ codingPath: [CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    /// The path and message of any `DecodingError` (or this type), readable by people.
    /// - Parameter error: an error from ``LuaValueDecoder/decode(_:from:)``; another error
    ///   becomes a message without a path.
    /// - Returns: the error as a ``LuaDecodingError``.
    public static func describe(_ error: Error) -> LuaDecodingError {
        if let error = error as? LuaDecodingError { return error }
        guard let error = error as? DecodingError else { return LuaDecodingError(path: "", message: "\(error)") }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return LuaDecodingError(path: path(context.codingPath), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            return LuaDecodingError(path: path(context.codingPath + [key]), message: "missing (required)")
        @unknown default:
            return LuaDecodingError(path: "", message: "\(error)")
        }
    }
}

/// A list position in a coding path. Only the number is stored, so the key fits in a
/// CodingKey existential without a heap box (one per list element decoded).
struct IndexKey: CodingKey {
    let index: Int
    var intValue: Int? { index }
    var stringValue: String { "\(index)" }
    init(_ index: Int) { self.index = index }
    init?(intValue: Int) { self.init(intValue) }
    init?(stringValue: String) { return nil }
}

struct NameKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

private struct LuaDecoding: Decoder {
    let value: LuaValue
    let codingPath: [CodingKey]
    let unknownFieldNoun: String?
    let unknown: UnknownFieldLog?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let t = try TableReading.record(value, { LuaDecodingError.path(codingPath) })
        if let noun = unknownFieldNoun {
            // Only keys the type does not take are reported, in the order messages show them;
            // the keys it takes are set aside first, so a table of known fields sorts nothing.
            let strays = TableReading.strays(in: t, accepts: { Key(stringValue: $0) != nil })
            for name in strays.names {
                let field = LuaDecodingError.path(codingPath + [NameKey(name)])
                let error = TableReading.unknownField(name, noun: noun, path: field, accepts: { Key(stringValue: $0) != nil })
                guard let unknown else { throw error }
                unknown.errors.append(error)
            }
            if let key = strays.nonName { throw TableReading.nonNameKey(key, noun: noun, path: LuaDecodingError.path(codingPath)) }
        }
        return KeyedDecodingContainer(LuaKeyedDecoding<Key>(table: t, codingPath: codingPath, unknownFieldNoun: unknownFieldNoun, unknown: unknown))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        let items = try TableReading.list(value, { LuaDecodingError.path(codingPath) })
        return LuaUnkeyedDecoding(elements: items, codingPath: codingPath, unknownFieldNoun: unknownFieldNoun, unknown: unknown)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { LuaSingleDecoding(decoder: self) }
}

private struct LuaKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let table: LuaTable
    let codingPath: [CodingKey]
    let unknownFieldNoun: String?
    let unknown: UnknownFieldLog?

    var allKeys: [Key] {
        var keys: [Key] = []
        table.forEachField { key, _ in if case .string(let name) = key, let k = Key(stringValue: name) { keys.append(k) } }
        return keys
    }
    func contains(_ key: Key) -> Bool { table[key.stringValue] != .nil }

    private func child(_ key: Key) -> LuaDecoding {
        LuaDecoding(value: table[key.stringValue], codingPath: codingPath + [key], unknownFieldNoun: unknownFieldNoun, unknown: unknown)
    }

    func decodeNil(forKey key: Key) throws -> Bool { table[key.stringValue] == .nil }

    // Scalars are most of what a screen holds: read them here rather than through a child
    // decoder and its single-value container (two allocations and a coding path each).
    // Same values and messages as that path: a missing key is "missing (required)".

    private func scalar<T>(_ key: Key, _ read: (LuaValue, () -> String) throws -> T) throws -> T {
        let value = table[key.stringValue]
        let path = { LuaDecodingError.path(self.codingPath + [key]) }
        if value == .nil { throw LuaDecodingError(path: path(), message: "missing (required)") }
        return try read(value, path)
    }

    private func optionalScalar<T>(_ key: Key, _ read: (LuaValue, () -> String) throws -> T) throws -> T? {
        let value = table[key.stringValue]
        if value == .nil { return nil }
        return try read(value, { LuaDecodingError.path(self.codingPath + [key]) })
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key, ScalarReading.string) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key, ScalarReading.double) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key, ScalarReading.bool) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key, ScalarReading.integer) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalScalar(key, ScalarReading.string) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalScalar(key, ScalarReading.double) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalScalar(key, ScalarReading.bool) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalScalar(key, ScalarReading.integer) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let decoder = child(key)
        if decoder.value == .nil, !(T.self is any OptionalProtocol.Type) {
            throw LuaDecodingError(path: LuaDecodingError.path(decoder.codingPath), message: "missing (required)")
        }
        return try T(from: decoder)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> Decoder { LuaDecoding(value: .table(table), codingPath: codingPath, unknownFieldNoun: unknownFieldNoun, unknown: unknown) }
    func superDecoder(forKey key: Key) throws -> Decoder { child(key) }
}

private protocol OptionalProtocol {}
extension Optional: OptionalProtocol {}

private struct LuaUnkeyedDecoding: UnkeyedDecodingContainer {
    let unknownFieldNoun: String?
    let unknown: UnknownFieldLog?
    let elements: [LuaValue]
    let codingPath: [CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [LuaValue], codingPath: [CodingKey], unknownFieldNoun: String?, unknown: UnknownFieldLog?) {
        self.unknown = unknown
        self.elements = elements
        self.codingPath = codingPath
        self.unknownFieldNoun = unknownFieldNoun
    }

    private mutating func next() throws -> LuaDecoding {
        guard !isAtEnd else {
            throw LuaDecodingError(path: LuaDecodingError.path(codingPath), message: "list has only \(elements.count) elements")
        }
        defer { currentIndex += 1 }
        // Paths count list positions from 1, as Lua does.
        return LuaDecoding(
            value: elements[currentIndex], codingPath: codingPath + [IndexKey(currentIndex + 1)], unknownFieldNoun: unknownFieldNoun, unknown: unknown)
    }

    mutating func decodeNil() throws -> Bool {
        if !isAtEnd, elements[currentIndex] == .nil { currentIndex += 1; return true }
        return false
    }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: try next()) }

    /// The next element read as a scalar, without a child decoder (see LuaKeyedDecoding).
    private mutating func scalar<T>(_ read: (LuaValue, () -> String) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw LuaDecodingError(path: LuaDecodingError.path(codingPath), message: "list has only \(elements.count) elements")
        }
        defer { currentIndex += 1 }
        let position = currentIndex + 1
        return try read(elements[currentIndex], { LuaDecodingError.path(self.codingPath + [IndexKey(position)]) })
    }

    mutating func decode(_ type: Double.Type) throws -> Double { try scalar(ScalarReading.double) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar(ScalarReading.string) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar(ScalarReading.integer) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar(ScalarReading.bool) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> Decoder { try next() }
}

private struct LuaSingleDecoding: SingleValueDecodingContainer {
    let decoder: LuaDecoding
    var codingPath: [CodingKey] { decoder.codingPath }
    var value: LuaValue { decoder.value }

    func decodeNil() -> Bool { value == .nil }
    func decode(_ type: Bool.Type) throws -> Bool { try ScalarReading.bool(value, path) }
    func decode(_ type: String.Type) throws -> String { try ScalarReading.string(value, path) }
    func decode(_ type: Double.Type) throws -> Double { try ScalarReading.double(value, path) }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }

    private func path() -> String { LuaDecodingError.path(codingPath) }

    private func integer<T: FixedWidthInteger>() throws -> T { try ScalarReading.integer(value, path) }
}
