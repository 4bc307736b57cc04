import LuaKit

/// Deep merge of configuration tables: tables with named fields merge key by key; lists
/// and plain values in `override` replace those in `base`.
enum ConfigMerge {
    static func merge(_ base: LuaValue, _ override: LuaValue) -> LuaValue {
        guard case .table(let b) = base, case .table(let o) = override,
            !isList(b), !isList(o)
        else {
            return override == .nil ? base : override
        }
        var merged = b
        for (key, value) in o.entries {
            merged[key] = merge(b[key], value)
        }
        return .table(merged)
    }

    /// A non-empty table whose keys are 1...n.
    private static func isList(_ t: LuaTable) -> Bool { !t.isEmpty && t.isSequence }

    /// Whether `override` sets the top-level field of `path` (`center.lat` → `center`): used
    /// to say which file a bad value came from.
    static func sets(_ override: LuaValue, fieldOf path: String) -> Bool {
        let top = path.prefix { $0 != "." && $0 != "[" }
        return override[String(top)] != .nil
    }
}
