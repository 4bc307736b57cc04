/// A GPX route (`<rte>`): a planned path through points, usually without times.
public struct GPXRoute: Sendable, Hashable {
    /// The route's `<name>`, if any.
    public var name: String?
    /// The `<rtept>`s in file order.
    public var points: [TrackPoint]

    /// A route.
    /// - Parameters:
    ///   - name: The route's name; default `nil`.
    ///   - points: Its points; default none.
    public init(name: String? = nil, points: [TrackPoint] = []) {
        self.name = name
        self.points = points
    }
}
