import LuaKit

/// What one run of a flow read of the world: the paths of `ctx` it read among
/// ``FlowContext/watchedKeys`` (`at`, `at.lat`, `location.state`, `time.*` for a whole table)
/// and whether it called the store. A live session runs the flow again only when one of
/// those values changed, or, for a store reader, after an act.
final class RunReads {
    var paths: Set<String> = []
    var store = false

    /// Whether any path read has another value in `new` than in `old` (the watched parts of
    /// `ctx` by key, as ``FlowContext/watched(request:time:now:insidePark:)`` makes them). A
    /// table read as a value (`ctx.at` tested for nil) counts only its being there; a path
    /// ending `.*` (the table was iterated) counts the whole table.
    func changed(from old: [String: LuaValue], to new: [String: LuaValue]) -> Bool {
        probes.contains { path in Self.probe(path, in: old) != Self.probe(path, in: new) }
    }

    /// ``paths`` split into keys once: a session compares them on every fix.
    private lazy var probes: [(keys: [String], whole: Bool)] = paths.map { path in
        var keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let whole = keys.last == "*"
        if whole { keys.removeLast() }
        return (keys, whole)
    }

    private enum Probe: Equatable {
        case absent, table, whole(LuaValue), scalar(LuaValue)
    }

    private static func probe(_ path: (keys: [String], whole: Bool), in parts: [String: LuaValue]) -> Probe {
        guard let first = path.keys.first, var value = parts[first] else { return .absent }
        for key in path.keys.dropFirst() {
            guard case .table(let table) = value else { return .absent }
            value = table[key]
        }
        switch value {
        case .nil: return .absent
        case .table: return path.whole ? .whole(value) : .table
        default: return .scalar(value)
        }
    }
}
