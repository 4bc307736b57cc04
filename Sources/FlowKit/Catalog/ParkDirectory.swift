import LuaKit

/// `ctx.parks`: every park of the project as a flow may know it, for a park browser: code,
/// name, state, position (the park's `center`) and address, read off each park's settings.
/// The host evaluates the other parks' park.lua, each in a Lua state of its own under the
/// default budgets (as `flowrun parks` does), and hands the flow data only: no park's flows
/// run another park's code or see its state. A park that does not load is left out
/// (`flowrun check` and `flowrun parks` report it).
enum ParkDirectory {
    /// `{ {code, name, state, lat, lon, address?}, ... }` by code, with `current` as loaded.
    /// - Parameters:
    ///   - root: the project.
    ///   - current: the running park's configuration (not evaluated again).
    static func table(root: ProjectRoot, current: ParkConfig) -> LuaTable {
        var parks: [LuaValue] = []
        for code in ParkCatalog(root: root).codes {
            if code == current.code {
                parks.append(entry(current))
            } else if let config = try? ParkConfig.load(code: code, root: root) {
                parks.append(entry(config))
            }
        }
        return LuaTable(sequence: parks)
    }

    /// One park: `{code, name, state, lat, lon, address?}`, the address as its lines.
    static func entry(_ park: ParkConfig) -> LuaValue {
        var t = LuaTable(fieldCapacity: 6)
        t["code"] = .string(park.code)
        t["name"] = .string(park.name)
        t["state"] = .string(park.state)
        t["lat"] = .number(park.center.lat)
        t["lon"] = .number(park.center.lon)
        if let address = park.address { t["address"] = .table(LuaTable(sequence: address.map(LuaValue.string))) }
        return .table(t)
    }
}
