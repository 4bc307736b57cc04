package import LuaKit

extension ParkSettings {
    /// The words of the park's screens: the language they fall back to, and the park's own
    /// strings over the default tables (`flows/strings/<language>.lua`), by language and key.
    public struct Language: SettingRecord, Sendable {
        /// The language a screen speaks when the device asks for none, and whose words fill
        /// in a key another language lacks (`"en"`).
        public var `default`: String
        /// The park's own strings: `{ es = { ["home.welcome"] = "¡Bienvenidos!" } }`, each
        /// replacing the default table's string of its key, or adding a language.
        public var strings: [String: [String: String]]

        package init(_ t: inout SettingTable) throws(LuaDecodingError) {
            `default` = try t.read("default")
            strings = try t.read("strings")
        }
    }
}
