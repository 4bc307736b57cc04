/// A Decoder over Lua-like values, standing in for the host's Lua-table Decoder:
/// tables have string or integer keys, there is no null, and an empty table is
/// either a map only or an array only, depending on `emptyTableIsArray`.
/// It proves the model decodes through nothing but the standard Codable API.
indirect enum Tree: Equatable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    /// Keys are strings or integers; order is kept for readable tests.
    case table([(key: TableKey, value: Tree)])

    enum TableKey: Equatable { case string(String), integer(Int) }

    init(stringLiteral value: String) { self = .string(value) }
    init(floatLiteral value: Double) { self = .number(value) }
    init(integerLiteral value: Int) { self = .integer(value) }

    /// A table with string keys.
    static func map(_ pairs: KeyValuePairs<String, Tree>) -> Tree { .table(pairs.map { (.string($0.key), $0.value) }) }
    /// A table with keys 1...n.
    static func array(_ values: [Tree]) -> Tree { .table(values.enumerated().map { (.integer($0.offset + 1), $0.element) }) }
    /// `{}`.
    static let empty = Tree.table([])

    static func == (a: Tree, b: Tree) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.integer(let x), .integer(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.table(let x), .table(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}

struct TreeDecoder: Decoder {
    let tree: Tree
    var codingPath: [any CodingKey] = []
    var emptyTableIsArray = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .table(let entries) = tree, !(entries.isEmpty && emptyTableIsArray) else { throw mismatch("a table with keys") }
        return KeyedDecodingContainer(Keyed(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .table(let entries) = tree, !(entries.isEmpty && !emptyTableIsArray),
            entries.enumerated().allSatisfy({ $0.element.key == .integer($0.offset + 1) })
        else { throw mismatch("a sequence") }
        return Unkeyed(decoder: self, values: entries.map(\.value))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func child(_ tree: Tree, key: any CodingKey) -> TreeDecoder {
        TreeDecoder(tree: tree, codingPath: codingPath + [key], emptyTableIsArray: emptyTableIsArray)
    }

    func mismatch(_ expected: String) -> DecodingError {
        .typeMismatch(Tree.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), got \(tree)"))
    }

    struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String { String(intValue ?? 0) }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let entries: [(key: Tree.TableKey, value: Tree)]
    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        entries.compactMap {
            switch $0.key {
            case .string(let name): Key(stringValue: name)
            case .integer(let index): Key(intValue: index) ?? Key(stringValue: String(index))
            }
        }
    }

    func contains(_ key: Key) -> Bool { value(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { value(key) == nil }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).singleValueContainer().decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).singleValueContainer().decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder { decoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }

    private func value(_ key: Key) -> Tree? {
        entries.first { entry in
            switch entry.key {
            case .string(let name): name == key.stringValue
            case .integer(let index): index == key.intValue || String(index) == key.stringValue
            }
        }?.value
    }

    private func child(_ key: Key) throws -> TreeDecoder {
        guard let value = value(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \(key.stringValue)"))
        }
        return decoder.child(value, key: key)
    }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let values: [Tree]
    var currentIndex = 0
    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { values.count }
    var isAtEnd: Bool { currentIndex >= values.count }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }

    private mutating func next() throws -> TreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Tree.self, .init(codingPath: codingPath, debugDescription: "end of sequence"))
        }
        defer { currentIndex += 1 }
        return decoder.child(values[currentIndex], key: TreeDecoder.IndexKey(currentIndex))
    }
}

private struct Single: SingleValueDecodingContainer {
    let decoder: TreeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }
    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = decoder.tree else { throw decoder.mismatch("a boolean") }
        return value
    }
    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = decoder.tree else { throw decoder.mismatch("a string") }
        return value
    }
    func decode(_ type: Double.Type) throws -> Double {
        switch decoder.tree {
        case .number(let value): return value
        case .integer(let value): return Double(value)
        default: throw decoder.mismatch("a number")
        }
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let integer = T.self as? any BinaryInteger.Type {
            guard case .integer(let value) = decoder.tree, let result = integer.init(exactly: value) as? T else {
                throw decoder.mismatch("an integer")
            }
            return result
        }
        return try T(from: decoder)
    }
}
