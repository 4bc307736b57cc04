/// The points of a ``ClusterIndex`` by point id: their input coordinates and properties, and
/// the store slot of each live point. Ids are never reused; a removed id keeps NaN coordinates.
struct ClusterPoints {
    static let coordinateStride = 2
    static let longitudeOffset = 0
    static let latitudeOffset = 1

    /// Longitude, latitude per id, exactly as given; NaN once removed.
    var coordinates = ContiguousArray<Double>()
    /// Store slot per id, -1 if never existed or removed.
    var slots = ContiguousArray<Int32>()
    /// Category index per id (-1: none); empty while no point has a category.
    var categories = ContiguousArray<Int32>()
    /// Value per id (NaN: none); empty while no point has a value.
    var values = ContiguousArray<Double>()
    /// Category names; the index is the category's slot in counts.
    var categoryNames: [String] = []
    var categoryIndex: [String: Int32] = [:]

    /// The id the next inserted point gets.
    var nextID: Int { slots.count }

    @inline(__always) func slot(_ id: Int) -> Int32? {
        guard id >= 0, id < slots.count else { return nil }
        let s = slots[id]
        return s >= 0 ? s : nil
    }

    @inline(__always) func longitude(_ id: Int) -> Double { coordinates[id * Self.coordinateStride + Self.longitudeOffset] }
    @inline(__always) func latitude(_ id: Int) -> Double { coordinates[id * Self.coordinateStride + Self.latitudeOffset] }
    @inline(__always) func category(_ id: Int) -> Int32 { categories.isEmpty ? -1 : categories[id] }
    @inline(__always) func value(_ id: Int) -> Double { values.isEmpty ? 0 : (values[id].isNaN ? 0 : values[id]) }

    /// Appends point `id` (the next id) with its properties; the slot is set by the caller.
    mutating func append(_ point: ClusterPoint) {
        let id = slots.count
        coordinates.append(point.longitude)
        coordinates.append(point.latitude)
        slots.append(-1)
        if let name = point.category {
            if categories.isEmpty { categories = ContiguousArray(repeating: -1, count: id) }
            let index: Int32
            if let known = categoryIndex[name] {
                index = known
            } else {
                index = Int32(categoryNames.count)
                categoryNames.append(name)
                categoryIndex[name] = index
            }
            categories.append(index)
        } else if !categories.isEmpty {
            categories.append(-1)
        }
        if let value = point.value {
            if values.isEmpty { values = ContiguousArray(repeating: .nan, count: id) }
            values.append(value)
        } else if !values.isEmpty {
            values.append(.nan)
        }
    }

    /// Point `id` as given, or nil if it never existed or was removed.
    func point(_ id: Int) -> ClusterPoint? {
        guard slot(id) != nil else { return nil }
        let c = category(id)
        let v = values.isEmpty ? Double.nan : values[id]
        return ClusterPoint(
            longitude: longitude(id), latitude: latitude(id),
            category: c >= 0 ? categoryNames[Int(c)] : nil, value: v.isNaN ? nil : v)
    }

    /// Checks a point's fields; `label` starts the message (`point 7`).
    static func validate(_ point: ClusterPoint, label: @autoclosure () -> String) throws(ClusterError) {
        try validate(longitude: point.longitude, latitude: point.latitude, label: label())
        if let value = point.value, !value.isFinite {
            throw ClusterError(.invalidPoint, "\(label()): value \(ClusterError.text(value)) is not \(value.isNaN ? "a number" : "finite")")
        }
    }

    /// Checks a position; `label()` starts the message and is only built on failure.
    @inline(__always)
    static func validate(longitude: Double, latitude: Double, label: @autoclosure () -> String) throws(ClusterError) {
        if abs(longitude) <= 180, abs(latitude) <= Projection.maxLatitude { return }  // false for NaN
        try explain(longitude: longitude, latitude: latitude, label: label())
    }

    private static func explain(longitude: Double, latitude: Double, label: String) throws(ClusterError) {
        for (name, value, limit) in [("longitude", longitude, 180.0), ("latitude", latitude, 90.0)] {
            guard !value.isNaN else { throw ClusterError(.invalidPoint, "\(label): \(name) nan is not a number") }
            guard value.isFinite else {
                throw ClusterError(.invalidPoint, "\(label): \(name) \(ClusterError.text(value)) is not finite")
            }
            guard abs(value) <= limit else {
                throw ClusterError(
                    .invalidPoint,
                    "\(label): \(name) \(ClusterError.text(value)) out of range [-\(Int(limit)), \(Int(limit))]")
            }
        }
        guard abs(latitude) <= Projection.maxLatitude else {
            throw ClusterError(
                .invalidPoint,
                "\(label): latitude \(ClusterError.text(latitude)) beyond the Web Mercator limit ±85.0511287798")
        }
    }
}
