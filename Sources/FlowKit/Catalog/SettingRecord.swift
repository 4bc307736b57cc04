package import LuaKit

/// A table of settings with named fields, described once: by its initializer, which reads
/// each field by its Lua name with ``SettingTable/read(_:)`` (the field's Swift type says
/// what Lua writes). Run on park.lua's table, the initializer decodes it (`SettingReader`);
/// run on placeholders, it records the shape the stubs and the docs are made from
/// (``SettingShape/of(_:)``). A field added to the record reaches all three, and the
/// compiler refuses a record whose initializer leaves a field unread.
package protocol SettingRecord: SettingValue {
    /// Reads every field, each once, in the order the stubs and the docs list them.
    /// - Throws: what ``SettingTable/read(_:)`` throws.
    init(_ table: inout SettingTable) throws(LuaDecodingError)
}

/// One record's table as its initializer reads it: park.lua's values, or placeholders while
/// the record's shape is recorded.
package struct SettingTable {
    private enum Source {
        case reading(LuaTable, SettingReader)
        case recording
    }

    private let source: Source
    /// While recording: the fields read so far.
    fileprivate private(set) var fields: [SettingField] = []
    /// While reading: how many of the fields read the table sets. Fewer than its names
    /// means it has a name that is no field.
    fileprivate private(set) var found = 0

    fileprivate init(reading table: LuaTable, _ reader: SettingReader) { source = .reading(table, reader) }
    fileprivate init(recording: ()) { source = .recording }

    /// The required field `key`.
    /// - Parameter key: the field's name in Lua (`min_zoom`).
    /// - Throws: ``LuaKit/LuaDecodingError`` `missing (required)` at the field when the table
    ///   lacks it, or what reading its value throws.
    package mutating func read<T: SettingValue>(_ key: String) throws(LuaDecodingError) -> T {
        switch source {
        case .recording:
            let (shape, placeholder) = try T.recorded()
            fields.append(SettingField(name: key, shape: shape, optional: false))
            return placeholder
        case .reading(let table, let reader):
            let value = table[key]
            if case .nil = value { throw reader.problem("missing (required)", at: .field(key)) }
            found += 1
            return try reader.read(T.self, value, at: .field(key))
        }
    }

    /// The optional field `key`: nil when the table does not set it.
    /// - Parameter key: the field's name in Lua.
    /// - Throws: what reading its value throws.
    package mutating func read<T: SettingValue>(_ key: String) throws(LuaDecodingError) -> T? {
        switch source {
        case .recording:
            fields.append(SettingField(name: key, shape: try T.recorded().0, optional: true))
            return nil
        case .reading(let table, let reader):
            let value = table[key]
            if case .nil = value { return nil }
            found += 1
            return try reader.read(T.self, value, at: .field(key))
        }
    }
}

extension SettingRecord {
    /// Reads the record from `value` where `reader` stands: a table with named fields, each
    /// a field of the record. Unknown names are noted as LuaValueDecoder notes them: when the
    /// table opens, so before the unknown names of the tables inside it, whether or not a
    /// wrong value ends the reading.
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Self {
        let t = try TableReading.record(value, { reader.path })
        var names = 0
        var nonName = false
        t.forEachField { key, _ in if case .string = key { names += 1 } else { nonName = true } }
        let mark = reader.unknown.count
        if nonName, let key = reader.noteUnknown(in: t, fields: fieldNames(), at: mark) {
            throw TableReading.nonNameKey(key, noun: reader.noun, path: reader.path)
        }
        var table = SettingTable(reading: t, reader)
        do {
            let record = try Self(&table)
            // When every name was a field read there is nothing to look up (the common case).
            if table.found < names { _ = reader.noteUnknown(in: t, fields: fieldNames(), at: mark) }
            return record
        } catch {
            _ = reader.noteUnknown(in: t, fields: fieldNames(), at: mark)
            throw error
        }
    }

    /// The record's shape, with the Swift type's name (`Theme`) for the stubs' classes, and
    /// the record read from placeholders.
    package static func recorded() throws(LuaDecodingError) -> (SettingShape, Self) {
        var table = SettingTable(recording: ())
        let record = try Self(&table)
        return (.record(name: String(describing: Self.self), fields: table.fields), record)
    }

    /// The names of the record's fields, read off its initializer: asked for only when a
    /// table has a name that may be none of them.
    static func fieldNames() -> [String] {
        var table = SettingTable(recording: ())
        _ = try? Self(&table)
        return table.fields.map(\.name)
    }
}

extension SettingShape {
    /// Reads the shape of record `type` off its initializer (`SettingRecord`).
    /// - Throws: only what `type`'s initializer throws on placeholders (nothing).
    package static func of<T: SettingRecord>(_ type: T.Type) throws -> SettingShape {
        try T.recorded().0
    }
}
