public import Formats
import CLuaSandbox

extension LuaState {
    /// The time zone of `os.date` and `os.time`; `nil` (the default) is the process's,
    /// as stock Lua. A park's runtime sets the park's zone, so a script's dates depend only
    /// on its inputs, never on the machine it runs on. `"!"` formats are UTC either way.
    public var timeZone: ZoneRules? {
        get { zoneBox?.zone }
        set {
            zoneBox = newValue.map(ZoneBox.init)
            if let box = zoneBox {
                luakit_set_zone(L, zoneLookup, Unmanaged.passUnretained(box).toOpaque())
            } else {
                luakit_set_zone(L, nil, nil)
            }
        }
    }
}

/// A zone as os.date and os.time ask it (zonetime.c): the state keeps it alive.
final class ZoneBox {
    let zone: ZoneRules

    init(_ zone: ZoneRules) { self.zone = zone }

    func describe(_ utc: Int64, into info: inout luakit_zone_info) {
        let local = zone.localType(at: utc)
        info.offset = local.offset
        info.isdst = local.isDaylight ? 1 : 0
        let name = local.abbreviation
        withUnsafeMutableBytes(of: &info.abbreviation) { buffer in
            let bytes = Array(name.utf8.prefix(buffer.count - 1))
            buffer.copyBytes(from: bytes + [0])
        }
    }
}

/// Called from C; touches no Lua state, so it raises nothing (docs/architecture.md, rule 1).
private let zoneLookup: luakit_zone_fn = { zone, utc, info in
    guard let zone, let info else { return 0 }
    Unmanaged<ZoneBox>.fromOpaque(zone).takeUnretainedValue().describe(utc, into: &info.pointee)
    return 1
}
