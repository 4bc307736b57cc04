/// Encodes `Encodable` values as Lua values: structs and dictionaries become tables with
/// named fields, arrays become sequences, optionals that are nil are left out.
public struct LuaValueEncoder {
    /// An encoder; it has no options.
    public init() {}

    /// Encodes `value` as a Lua value.
    /// - Parameter value: the value to encode.
    /// - Returns: a table for structs, dictionaries and arrays; a plain value for a leaf.
    /// - Throws: `EncodingError.invalidValue` for an integer that does not fit 64 bits, or
    ///   whatever the value's own `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> LuaValue {
        let encoder = LuaEncoding(codingPath: [])
        try value.encode(to: encoder)
        return encoder.storage.value
    }
}

/// A node being filled by an encoder: one value, or a table under construction.
private final class Slot {
    enum Content { case value(LuaValue), keyed([String: Slot]), unkeyed([Slot]) }
    var content: Content = .value(.nil)

    var value: LuaValue {
        switch content {
        case .value(let v): return v
        case .keyed(let fields):
            var t = LuaTable()
            for (key, slot) in fields { t[key] = slot.value }
            return .table(t)
        case .unkeyed(let elements):
            return .table(LuaTable(sequence: elements.map(\.value)))
        }
    }
}

private final class LuaEncoding: Encoder {
    let storage = Slot()
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    init(codingPath: [CodingKey]) { self.codingPath = codingPath }
    init(slot: Slot, codingPath: [CodingKey]) { self.codingPath = codingPath; self.slotOverride = slot }
    private var slotOverride: Slot?
    var slot: Slot { slotOverride ?? storage }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = slot.content {} else { slot.content = .keyed([:]) }
        return KeyedEncodingContainer(LuaKeyedEncoding<Key>(slot: slot, codingPath: codingPath))
    }
    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .unkeyed = slot.content {} else { slot.content = .unkeyed([]) }
        return LuaUnkeyedEncoding(slot: slot, codingPath: codingPath)
    }
    func singleValueContainer() -> SingleValueEncodingContainer { LuaSingleEncoding(slot: slot, codingPath: codingPath) }
}

private func encodeChild<T: Encodable>(_ value: T, into slot: Slot, codingPath: [CodingKey]) throws {
    if let primitive = try primitive(value, codingPath: codingPath) {
        slot.content = .value(primitive)
        return
    }
    try value.encode(to: LuaEncoding(slot: slot, codingPath: codingPath))
}

/// Leaf values, encoded directly (also keeps `Double`s and `Int`s distinct). Every integer
/// and floating-point width is a leaf: a standard type's own `encode(to:)` would ask this
/// encoder's single-value container for itself again, without end.
private func primitive<T>(_ value: T, codingPath: [CodingKey]) throws -> LuaValue? {
    switch value {
    case let v as String: return .string(v)
    case let v as Bool: return .boolean(v)
    case let v as LuaValue: return v
    case let v as any BinaryInteger:
        guard let integer = Int64(exactly: v) else {
            throw EncodingError.invalidValue(v, .init(codingPath: codingPath, debugDescription: "\(v) does not fit a Lua integer (64-bit)"))
        }
        return .integer(integer)
    case let v as any BinaryFloatingPoint: return .number(Double(v))
    default: return nil
    }
}

private struct LuaKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [CodingKey]

    private func child(_ key: Key) -> Slot {
        let child = Slot()
        if case .keyed(var fields) = slot.content {
            fields[key.stringValue] = child
            slot.content = .keyed(fields)
        }
        return child
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeChild(value, into: child(key), codingPath: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        LuaEncoding(slot: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        LuaEncoding(slot: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> Encoder { LuaEncoding(slot: slot, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> Encoder { LuaEncoding(slot: child(key), codingPath: codingPath + [key]) }
}

private struct LuaUnkeyedEncoding: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [CodingKey]
    var count: Int {
        if case .unkeyed(let elements) = slot.content { return elements.count }
        return 0
    }

    private func append() -> Slot {
        let child = Slot()
        if case .unkeyed(var elements) = slot.content {
            elements.append(child)
            slot.content = .unkeyed(elements)
        }
        return child
    }

    mutating func encodeNil() throws { append().content = .value(.nil) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeChild(value, into: append(), codingPath: codingPath + [IndexKey(count)])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        LuaEncoding(slot: append(), codingPath: codingPath).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        LuaEncoding(slot: append(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> Encoder { LuaEncoding(slot: append(), codingPath: codingPath) }
}

private struct LuaSingleEncoding: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [CodingKey]
    mutating func encodeNil() throws { slot.content = .value(.nil) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeChild(value, into: slot, codingPath: codingPath) }
}
