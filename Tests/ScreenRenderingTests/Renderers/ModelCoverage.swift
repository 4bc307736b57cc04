/// Which parts of the screen model some values reach, found by reflection (Mirror) so a
/// property or case added to the model is counted without this file knowing of it.
struct ModelCoverage {
    /// Each struct type's stored properties (and each enum case's payload labels), by type name.
    private(set) var properties: [String: Set<String>] = [:]
    /// Those seen set: not nil, not an empty list or dictionary.
    private(set) var populated: [String: Set<String>] = [:]
    /// Each enum type's cases seen, by type name.
    private(set) var cases: [String: Set<String>] = [:]
    /// How many cases each enum without payloads has (from `CaseIterable`).
    private(set) var caseCounts: [String: Int] = [:]

    mutating func record(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        let type = String(reflecting: Swift.type(of: value))
        switch mirror.displayStyle {
        case .struct, .tuple:
            recordFields(of: mirror, as: type)
        case .optional, .collection, .set:
            for child in mirror.children { record(child.value) }
        case .dictionary:
            for entry in mirror.children { for part in Mirror(reflecting: entry.value).children { record(part.value) } }
        case .enum:
            if let payload = mirror.children.first, let name = payload.label {
                cases[type, default: []].insert(name)
                let inner = Mirror(reflecting: payload.value)
                if inner.displayStyle == .tuple {
                    recordFields(of: inner, as: "\(type).\(name)")
                } else {
                    record(payload.value)
                }
            } else {
                cases[type, default: []].insert(String(describing: value))
                if let all = Swift.type(of: value) as? any CaseIterable.Type { caseCounts[type] = Self.count(all) }
            }
        default:
            break
        }
    }

    private mutating func recordFields(of mirror: Mirror, as type: String) {
        for (index, child) in mirror.children.enumerated() {
            let name = child.label ?? "\(index)"
            properties[type, default: []].insert(name)
            if Self.isSet(child.value) { populated[type, default: []].insert(name) }
            record(child.value)
        }
    }

    private static func isSet(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional, .collection, .dictionary, .set: return !mirror.children.isEmpty
        default: return true
        }
    }

    private static func count<T: CaseIterable>(_ type: T.Type) -> Int { T.allCases.count }
}
