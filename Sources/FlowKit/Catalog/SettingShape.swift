/// The shape of a settings type as Lua writes it, read off the code that reads it: a
/// `SettingRecord`'s initializer run on placeholders (``ParkSettings``), or a Decodable
/// type's `init(from:)` given a decoder that answers every request with a placeholder. The
/// park stubs come from it, so they list exactly the keys `ParkConfig` accepts, with the
/// types it checks, and a setting added to ``ParkSettings`` reaches them by itself.
package indirect enum SettingShape: Equatable, Sendable {
    case string, number, integer, boolean
    /// A Lua list (`{ a, b }`): lists in park.lua replace the default's.
    case list(SettingShape)
    /// A table of any string keys to one kind of value (`flows`, `sites.names`).
    case map(SettingShape)
    /// A table with named fields; `name` is the Swift type's (`Theme`), for the stubs' classes.
    case record(name: String, fields: [SettingField])
    /// Any one of these (an address is a string or a list of lines); only a ``SettingScalar`` says so.
    case either([SettingShape])

    /// Reads the shape of a Decodable `type` by decoding it from nothing.
    /// - Throws: what `type`'s `init(from:)` throws when given placeholders (a type whose
    ///   decoding checks its values conforms to ``SettingScalar`` instead).
    package static func of<T: Decodable>(_ type: T.Type) throws -> SettingShape {
        let slot = ShapeSlot()
        _ = try T(from: ShapeRecorder(slot: slot))
        return slot.shape(named: String(describing: T.self))
    }
}

/// A named field of a record setting.
package struct SettingField: Equatable, Sendable {
    /// The key as Lua writes it (`min_zoom`).
    package var name: String
    package var shape: SettingShape
    /// Whether the merged configuration may lack it (an optional in ``ParkSettings``).
    package var optional: Bool
}

/// A setting whose decoding checks its text (a size like `"390x844"`): it says its shape and
/// gives a value, since a placeholder would not pass its check.
package protocol SettingScalar {
    static var settingShape: SettingShape { get }
    static var placeholder: Self { get }
}

// MARK: - The recording decoder

/// What one level asked for; filled while its type decodes.
private final class ShapeSlot {
    package var scalar: SettingShape?
    package var fields: [SettingField] = []
    package var element: SettingShape?
    package var isMap = false
    package var isList = false

    package func shape(named name: String) -> SettingShape {
        if let scalar { return scalar }
        if isList { return .list(element ?? .string) }
        if isMap { return .map(fields.first?.shape ?? .string) }
        return .record(name: name, fields: fields)
    }

    /// A scalar's placeholder with its shape recorded by `record`, or a deeper level's.
    package func value<T: Decodable>(_ type: T.Type, record: (SettingShape) -> Void) throws -> T {
        if let (shape, value) = scalarShape(T.self) {
            record(shape)
            return value
        }
        return try child(T.self, record: record)
    }

    /// Decodes `T` one level down and returns a placeholder of it with the shape recorded.
    package func child<T: Decodable>(_ type: T.Type, record: (SettingShape) -> Void) throws -> T {
        if let scalar = T.self as? any SettingScalar.Type, let value = scalar.placeholder as? T {
            record(scalar.settingShape)
            return value
        }
        let slot = ShapeSlot()
        let value = try T(from: ShapeRecorder(slot: slot))
        record(slot.shape(named: String(describing: T.self)))
        return value
    }
}

private struct ShapeRecorder: Decoder {
    package let slot: ShapeSlot
    package var codingPath: [CodingKey] { [] }
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RecordingKeyed<Key>(slot: slot))
    }
    package func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        slot.isList = true
        return RecordingUnkeyed(slot: slot)
    }
    package func singleValueContainer() throws -> SingleValueDecodingContainer { RecordingSingle(slot: slot) }
}

/// Placeholders for the scalars, and their shapes.
private func scalarShape<T>(_ type: T.Type) -> (SettingShape, T)? {
    switch type {
    case is String.Type: return ("" as? T).map { (.string, $0) }
    case is Bool.Type: return (false as? T).map { (.boolean, $0) }
    case is Double.Type: return (0.0 as? T).map { (.number, $0) }
    case is Int.Type: return (0 as? T).map { (.integer, $0) }
    default: return nil
    }
}

private struct Unsupported: Error, CustomStringConvertible {
    package let type: Any.Type
    package var description: String { "settings cannot be of type \(type): use String, Bool, Double, Int, lists, maps or records" }
}

private struct RecordingKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    package let slot: ShapeSlot
    package var codingPath: [CodingKey] { [] }

    // A dictionary asks for its keys; a record (synthesized Decodable) never does. One
    // made-up key is enough to learn the values' shape.
    package var allKeys: [Key] {
        slot.isMap = true
        return Key(stringValue: "*").map { [$0] } ?? []
    }
    package func contains(_ key: Key) -> Bool { true }
    package func decodeNil(forKey key: Key) throws -> Bool { false }

    private func field<T: Decodable>(_ type: T.Type, _ key: Key, optional: Bool) throws -> T {
        try slot.value(T.self) { slot.fields.append(SettingField(name: key.stringValue, shape: $0, optional: optional)) }
    }

    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try field(type, key, optional: false) }
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try field(type, key, optional: true) }
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(type, key, optional: false) }
    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(type, key, optional: false) }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(type, key, optional: false) }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(type, key, optional: false) }
    package func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try field(type, key, optional: true) }
    package func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try field(type, key, optional: true) }
    package func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try field(type, key, optional: true) }
    package func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try field(type, key, optional: true) }
    // Lua has no other scalars a setting could be.
    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw Unsupported(type: type) }
    package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { throw Unsupported(type: type) }
    package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { throw Unsupported(type: type) }
    package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { throw Unsupported(type: type) }
    package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { throw Unsupported(type: type) }
    package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { throw Unsupported(type: type) }
    package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { throw Unsupported(type: type) }
    package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { throw Unsupported(type: type) }
    package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { throw Unsupported(type: type) }
    package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { throw Unsupported(type: type) }

    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw Unsupported(type: type)
    }
    package func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { throw Unsupported(type: [Any].self) }
    package func superDecoder() throws -> Decoder { throw Unsupported(type: Key.self) }
    package func superDecoder(forKey key: Key) throws -> Decoder { throw Unsupported(type: Key.self) }
}

/// A list: one element is enough to learn its shape.
private struct RecordingUnkeyed: UnkeyedDecodingContainer {
    package let slot: ShapeSlot
    package var codingPath: [CodingKey] { [] }
    package var count: Int? { 1 }
    package var currentIndex = 0
    package var isAtEnd: Bool { currentIndex > 0 }

    package mutating func decodeNil() throws -> Bool { false }
    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        return try slot.value(T.self) { slot.element = $0 }
    }
    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw Unsupported(type: type)
    }
    package mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { throw Unsupported(type: [Any].self) }
    package mutating func superDecoder() throws -> Decoder { throw Unsupported(type: [Any].self) }
}

private struct RecordingSingle: SingleValueDecodingContainer {
    package let slot: ShapeSlot
    package var codingPath: [CodingKey] { [] }

    package func decodeNil() -> Bool { false }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try slot.value(T.self) { slot.scalar = $0 } }
}
