package import LuaKit

/// A value a park setting holds: a string, number, integer or boolean, a list or a map of
/// them, a record of settings (`SettingRecord`), or a scalar whose reading checks it
/// (``SettingScalar``). Each reads itself from Lua, accepting what ``LuaValueDecoder`` accepts
/// and saying what it says (LuaKit's `ScalarReading` and `TableReading`), and says what Lua
/// writes for it.
package protocol SettingValue {
    /// `value`, the setting where `reader` stands.
    /// - Throws: ``LuaKit/LuaDecodingError`` at that path when `value` is not one.
    static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Self
    /// What Lua writes for the setting, and a value to go on with while its record's
    /// initializer is run to read the shape.
    /// - Throws: only what a record's initializer throws (nothing, run on placeholders).
    static func recorded() throws(LuaDecodingError) -> (SettingShape, Self)
}

extension String: SettingValue {
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> String {
        try ScalarReading.string(value, { reader.path })
    }
    package static func recorded() -> (SettingShape, String) { (.string, "") }
}

extension Double: SettingValue {
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Double {
        try ScalarReading.double(value, { reader.path })
    }
    package static func recorded() -> (SettingShape, Double) { (.number, 0) }
}

extension Int: SettingValue {
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Int {
        try ScalarReading.integer(value, { reader.path })
    }
    package static func recorded() -> (SettingShape, Int) { (.integer, 0) }
}

extension Bool: SettingValue {
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> Bool {
        try ScalarReading.bool(value, { reader.path })
    }
    package static func recorded() -> (SettingShape, Bool) { (.boolean, false) }
}

/// A list (`{ a, b }`): in park.lua it replaces the default's whole.
extension Array: SettingValue where Element: SettingValue {
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> [Element] {
        let items = try TableReading.list(value, { reader.path })
        // Flows read ctx.park with ipairs, which stops at the first nil: what follows a hole
        // would be lost to them without a word (a misspelt name in a list is nil).
        if let hole = TableReading.firstHole(in: value) {
            let after = items.count - hole + 1
            throw reader.problem(
                "is nil; a list ends at its first nil, so flows would never see the \(after) item\(after == 1 ? "" : "s") after it: "
                    + "remove it, or check the name written there (a name nothing defines is nil)", at: .item(hole))
        }
        var list: [Element] = []
        list.reserveCapacity(items.count)
        // Positions count from 1, as in Lua, and after any hole is dropped. Indices, not an
        // iterator: in unspecialized code each iterator type is metadata to look up.
        for i in 0..<items.count { list.append(try reader.read(Element.self, items[i], at: .item(i + 1))) }
        return list
    }
    package static func recorded() throws(LuaDecodingError) -> (SettingShape, [Element]) {
        (.list(try Element.recorded().0), [])
    }
}

/// A table of any names to one kind of value (`flows`, `sites.names`).
extension Dictionary: SettingValue where Key == String, Value: SettingValue {
    package static func read(_ value: LuaValue, _ reader: SettingReader) throws(LuaDecodingError) -> [String: Value] {
        let t = try TableReading.record(value, { reader.path })
        // Any name is a key; a key that is no name makes the table no map of settings.
        var names: [String] = [], values: [LuaValue] = []
        var nonName = false
        t.forEachField { key, value in
            if case .string(let name) = key {
                names.append(name)
                values.append(value)
            } else {
                nonName = true
            }
        }
        if nonName, let key = TableReading.strays(in: t, accepts: { _ in true }).nonName {
            throw TableReading.nonNameKey(key, noun: reader.noun, path: reader.path)
        }
        // Filled from empty, as Codable's Dictionary is, so it iterates in the same order.
        var map: [String: Value] = [:]
        for i in 0..<names.count { map[names[i]] = try reader.read(Value.self, values[i], at: .key(names[i])) }
        return map
    }
    package static func recorded() throws(LuaDecodingError) -> (SettingShape, [String: Value]) {
        (.map(try Value.recorded().0), [:])
    }
}

/// A checked scalar says its shape and gives its placeholder.
extension SettingValue where Self: SettingScalar {
    package static func recorded() -> (SettingShape, Self) { (settingShape, placeholder) }
}
