import Formats
// Decoding helpers shared by every screen type. They use only the standard Codable
// API, so the host's Lua-table Decoder gets the same behaviour as JSONDecoder.

extension Decoder {
    /// The entry of `choices` named by the object's discriminator (`type`, `kind`).
    /// - Parameters:
    ///   - key: the discriminator's key.
    ///   - choices: what it may name, in the order the message lists them.
    ///   - name: an entry's discriminator value.
    ///   - what: the discriminator's name in the message ("component type", "action kind").
    /// - Throws: `DecodingError.dataCorrupted` for an unknown value, listing the known ones.
    func discriminator<T>(_ key: String, choosing choices: [T], by name: (T) -> String, naming what: String) throws -> T {
        let c = try container(keyedBy: AnyCodingKey.self)
        let value = try c.decode(String.self, forKey: AnyCodingKey(key))
        guard let choice = choices.first(where: { name($0) == value }) else {
            throw DecodingError.dataCorruptedError(
                forKey: AnyCodingKey(key), in: c,
                debugDescription: "unknown \(what) \(Excerpt.quoted(value)); expected one of: \(choices.map(name).joined(separator: ", "))"
            )
        }
        return choice
    }

    /// Throws when the object holds a key outside `allowed`, so a misspelt field
    /// (`subtitel`) is an error instead of silently vanishing.
    /// - Parameter what: the object's name in the message ("card", "go action").
    func rejectUnknownKeys(allowed: [String], in what: String) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        let unknown = container.allKeys
            .filter { !allowed.contains($0.stringValue) }
            .sorted { $0.stringValue < $1.stringValue }
        guard let first = unknown.first else { return }
        // Keys come from content: a table may hold thousands, each of any length.
        let names = Excerpt.list(unknown.map(\.stringValue), quoted: true)
        let key = first.stringValue.utf8.count > Excerpt.shownLength ? AnyCodingKey(Excerpt.text(first.stringValue)) : first
        let noun = unknown.count == 1 ? "key" : "keys"
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath + [key],
                debugDescription: "unknown \(noun) \(names) in \(what); expected one of: \(allowed.joined(separator: ", "))"
            ))
    }

    /// Decodes a fixed-length list of numbers such as `[west, south, east, north]`.
    /// - Parameters:
    ///   - names: what each number is, in order; the list must hold exactly as many.
    ///   - what: the value's name in the message ("coordinate").
    /// - Throws: `DecodingError.dataCorrupted` naming the expected shape when the length differs.
    func decodeNumbers(_ names: [String], in what: String) throws -> [Double] {
        var c = try unkeyedContainer()
        var numbers: [Double] = []
        while !c.isAtEnd && numbers.count <= names.count {
            numbers.append(try c.decode(Double.self))
        }
        guard numbers.count == names.count else {
            let more = c.isAtEnd ? "" : " or more"
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath,
                    debugDescription: "a \(what) is [\(names.joined(separator: ", "))]; got \(numbers.count)\(more) numbers"
                ))
        }
        return numbers
    }
}

extension KeyedDecodingContainer {
    /// Decodes an array that may also arrive as an empty *keyed* container: an
    /// empty Lua table carries no hint whether it was meant as a list or a map.
    func decodeList<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        do {
            return try decode([T].self, forKey: key)
        } catch {
            if let keyed = try? nestedContainer(keyedBy: AnyCodingKey.self, forKey: key), keyed.allKeys.isEmpty {
                return []
            }
            throw error
        }
    }

    /// Like ``decodeList(_:forKey:)`` for an optional key; a missing key or null gives `[]`.
    func decodeListIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        guard contains(key), try !decodeNil(forKey: key) else { return [] }
        return try decodeList(type, forKey: key)
    }

    /// Decodes an optional string map that may also arrive as an empty *unkeyed*
    /// container (the other reading of an empty Lua table); a missing key gives `[:]`.
    func decodeMapIfPresent(forKey key: Key) throws -> [String: String] {
        guard contains(key), try !decodeNil(forKey: key) else { return [:] }
        do {
            return try decode([String: String].self, forKey: key)
        } catch {
            if let unkeyed = try? nestedUnkeyedContainer(forKey: key), unkeyed.isAtEnd {
                return [:]
            }
            throw error
        }
    }

    /// Decodes a string enum, naming the accepted values when the string is not one.
    /// - Parameter what: the value's name in the message ("text style").
    func decodeChoice<T>(_ type: T.Type, forKey key: Key, in what: String) throws -> T?
    where T: RawRepresentable & CaseIterable, T.RawValue == String {
        guard let raw = try decodeIfPresent(String.self, forKey: key) else { return nil }
        return try choice(T.self, named: raw, forKey: key, in: what)
    }

    /// Like ``decodeChoice(_:forKey:in:)`` for a key that must be present.
    /// - Throws: `DecodingError.keyNotFound` when it is missing.
    func decodeRequiredChoice<T>(_ type: T.Type, forKey key: Key, in what: String) throws -> T
    where T: RawRepresentable & CaseIterable, T.RawValue == String {
        try choice(T.self, named: decode(String.self, forKey: key), forKey: key, in: what)
    }

    private func choice<T>(_ type: T.Type, named raw: String, forKey key: Key, in what: String) throws -> T
    where T: RawRepresentable & CaseIterable, T.RawValue == String {
        guard let value = T(rawValue: raw) else {
            let known = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "unknown \(what) \(Excerpt.quoted(raw)); expected one of: \(known)"
            )
        }
        return value
    }
}

extension KeyedEncodingContainer {
    /// Encodes a list only when it is not empty: empty optional lists are omitted.
    mutating func encodeUnlessEmpty<T: Encodable>(_ list: [T], forKey key: Key) throws {
        if !list.isEmpty { try encode(list, forKey: key) }
    }

    /// Encodes a value only when it differs from the documented default.
    mutating func encode<T: Encodable & Equatable>(_ value: T, forKey key: Key, unless defaultValue: T) throws {
        if value != defaultValue { try encode(value, forKey: key) }
    }
}

/// The key names of a CodingKeys enum, in declaration order.
func keyNames<K: CodingKey & CaseIterable>(_ keys: K.Type) -> [String] {
    keys.allCases.map(\.stringValue)
}

/// A list inside a list (a ring of a boundary) that may also arrive as an empty
/// *keyed* container, like ``KeyedDecodingContainer/decodeList(_:forKey:)`` one level down.
struct NestedList<Element: Decodable>: Decodable {
    var elements: [Element]

    init(from decoder: any Decoder) throws {
        do {
            elements = try [Element](from: decoder)
        } catch {
            guard let keyed = try? decoder.container(keyedBy: AnyCodingKey.self), keyed.allKeys.isEmpty else { throw error }
            elements = []
        }
    }
}
