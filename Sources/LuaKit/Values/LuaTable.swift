/// A Lua table copied to Swift. Keys follow Lua's rules: a float key with an integral
/// value is the integer key, and `nil` values are absent entries.
///
/// Stored as Lua stores a table, because most tables crossing the bridge are lists (sites,
/// coordinates, a track's fixes) or small records (a site, a pin, a fix): values at keys
/// 1...n in an array (``sequence``, no hashing), and the other entries, a few of them in an
/// array searched in order (a handful of short keys compare faster than they hash), more
/// in a dictionary. Two tables with the same entries are equal however they were built.
public struct LuaTable: Sendable, Hashable {
    /// Values at keys 1...list.count, none nil. Invariant: the other entries never hold key
    /// list.count + 1 (it is appended to the list instead), so the list is exactly the run
    /// of values from key 1 up to the first missing one.
    private var list: [LuaValue] = []
    /// Every other entry.
    private var fields = Fields.few([])

    /// A table's entries other than its list.
    private enum Fields: Sendable {
        /// Up to ``fewLimit`` entries, in the order they were added.
        case few([Field])
        /// More: from then on in a dictionary, whatever is removed.
        case many([LuaValue: LuaValue])
    }

    private struct Field: Sendable {
        var key: LuaValue
        var value: LuaValue
    }

    /// Entries past this go to a dictionary: below it a search in order is faster than hashing.
    private static let fewLimit = 8

    /// An empty table.
    public init() {}

    /// An empty table with room for `fieldCapacity` named fields, so that filling it does
    /// not grow it step by step (a record of known fields, built many times).
    /// - Parameter fieldCapacity: the entries it will hold other than a list's.
    public init(fieldCapacity: Int) {
        if fieldCapacity > Self.fewLimit {
            fields = .many(Dictionary(minimumCapacity: fieldCapacity))
        } else {
            var few: [Field] = []
            few.reserveCapacity(fieldCapacity)
            fields = .few(few)
        }
    }

    /// A table whose keys are 1...n, like a Lua sequence.
    /// - Parameter sequence: the values at keys 1, 2, ...; a `nil` among them leaves a hole.
    public init(sequence: [LuaValue]) {
        guard let hole = sequence.firstIndex(of: .nil) else {
            list = sequence
            return
        }
        list = Array(sequence[..<hole])
        for i in (hole + 1)..<sequence.count where sequence[i] != .nil { self[.integer(Int64(i + 1))] = sequence[i] }
    }

    // MARK: - Entries

    /// The value at `key`, `.nil` when absent. Setting `.nil` removes the entry; setting
    /// under a `nil` or NaN key does nothing (Lua would raise).
    /// - Parameter key: the key; a float with an integral value is the integer key.
    public subscript(key: LuaValue) -> LuaValue {
        get {
            let k = Self.normalized(key)
            if case .integer(let i) = k, i >= 1, i <= list.count { return list[Int(i - 1)] }
            return field(k) ?? .nil
        }
        set {
            let k = Self.normalized(key)
            if case .nil = k { return }  // Lua tables have no nil keys
            if case .number(let d) = k, d.isNaN { return }
            guard case .integer(let i) = k, i >= 1, i <= list.count + 1 else {
                setField(k, newValue)
                return
            }
            if i == list.count + 1 {
                guard newValue != .nil else { return }  // absent already (the invariant)
                list.append(newValue)
                // The entries after it that were fields join the list.
                while let next = removeField(.integer(Int64(list.count + 1))) { list.append(next) }
            } else if newValue != .nil {
                list[Int(i - 1)] = newValue
            } else {
                // A hole: the values after it are fields from now on.
                for j in Int(i)..<list.count { setField(.integer(Int64(j + 1)), list[j]) }
                list.removeSubrange(Int(i - 1)...)
            }
        }
    }

    /// The value at string key `key` (a named field), `.nil` when absent.
    /// - Parameter key: the field's name.
    public subscript(key: String) -> LuaValue {
        get { self[.string(key)] }
        set { self[.string(key)] = newValue }
    }

    /// Every entry, keys normalized. Built on each read: iterate ``sequence`` and
    /// ``forEachField(_:)`` where it matters.
    public var entries: [LuaValue: LuaValue] {
        var all = [LuaValue: LuaValue](minimumCapacity: count)
        for (i, value) in list.enumerated() { all[.integer(Int64(i + 1))] = value }
        forEachField { key, value in all[key] = value }
        return all
    }

    /// Whether the table has no entries (an empty list and an empty record alike).
    public var isEmpty: Bool { list.isEmpty && fieldCount == 0 }
    /// The number of entries, of any key.
    public var count: Int { list.count + fieldCount }

    /// The values at keys 1, 2, ... up to the first missing one (Lua's `ipairs` order).
    public var sequence: [LuaValue] { list }

    /// Whether every key is 1...n: the table is an array.
    public var isSequence: Bool { fieldCount == 0 }

    /// String keys in sorted order, for output that must not depend on hash order.
    public var sortedStringKeys: [String] {
        var keys: [String] = []
        forEachField { key, _ in if case .string(let s) = key { keys.append(s) } }
        return keys.sorted()
    }

    /// Calls `body` with each entry that is not in ``sequence``, in no particular order.
    /// - Parameter body: given each key and value.
    public func forEachField(_ body: (LuaValue, LuaValue) throws -> Void) rethrows {
        switch fields {
        case .few(let few): for f in few { try body(f.key, f.value) }
        case .many(let many): for (key, value) in many { try body(key, value) }
        }
    }

    /// Adds an entry read from a Lua table, whose keys Lua has already normalized (no nil or
    /// NaN keys, no float keys with an integral value) and whose values are never nil.
    mutating func insertFromLua(_ key: LuaValue, _ value: LuaValue) {
        self[key] = value
    }

    /// Appends the value at key count + 1 of a list being read from Lua (not nil).
    mutating func appendFromLua(_ value: LuaValue) {
        list.append(value)
    }

    /// Reserves room for a list of `n` values.
    mutating func reserveList(_ n: Int) {
        list.reserveCapacity(n)
    }

    static func normalized(_ key: LuaValue) -> LuaValue {
        if case .number(let d) = key, let i = Int64(exactly: d) { return .integer(i) }
        return key
    }

    // MARK: - Fields

    private var fieldCount: Int {
        switch fields {
        case .few(let few): return few.count
        case .many(let many): return many.count
        }
    }

    private func field(_ key: LuaValue) -> LuaValue? {
        switch fields {
        case .few(let few):
            for f in few where f.key == key { return f.value }
            return nil
        case .many(let many):
            return many[key]
        }
    }

    private mutating func setField(_ key: LuaValue, _ value: LuaValue) {
        guard value != .nil else {
            _ = removeField(key)
            return
        }
        switch fields {
        case .few(var few):
            fields = .few([])  // keep `few` uniquely referenced while it changes
            if let i = few.firstIndex(where: { $0.key == key }) {
                few[i].value = value
                fields = .few(few)
            } else if few.count < Self.fewLimit {
                few.append(Field(key: key, value: value))
                fields = .few(few)
            } else {
                var many = [LuaValue: LuaValue](minimumCapacity: Self.fewLimit * 2)
                for f in few { many[f.key] = f.value }
                many[key] = value
                fields = .many(many)
            }
        case .many(var many):
            fields = .few([])
            many[key] = value
            fields = .many(many)
        }
    }

    private mutating func removeField(_ key: LuaValue) -> LuaValue? {
        switch fields {
        case .few(var few):
            guard let i = few.firstIndex(where: { $0.key == key }) else { return nil }
            fields = .few([])
            let removed = few.remove(at: i).value
            fields = .few(few)
            return removed
        case .many(var many):
            guard many[key] != nil else { return nil }
            fields = .few([])
            let removed = many.removeValue(forKey: key)
            fields = .many(many)
            return removed
        }
    }

    // MARK: - Equality

    /// Same entries, whichever way the fields are stored and in whatever order they came.
    public static func == (a: LuaTable, b: LuaTable) -> Bool {
        guard a.list == b.list, a.fieldCount == b.fieldCount else { return false }
        var same = true
        a.forEachField { key, value in if same && b.field(key) != value { same = false } }
        return same
    }

    /// Hashes the entries consistently with `==`: the fields' hashes are combined in an
    /// order-independent way.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(list)
        hasher.combine(fieldCount)
        var fieldsHash = 0
        forEachField { key, value in
            var h = Hasher()
            h.combine(key)
            h.combine(value)
            fieldsHash &+= h.finalize()
        }
        hasher.combine(fieldsHash)
    }
}
