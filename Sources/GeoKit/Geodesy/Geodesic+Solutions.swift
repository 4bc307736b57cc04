extension Geodesic {
    /// The answer to the inverse problem: how far, and in which directions.
    public struct InverseSolution: Sendable, Hashable {
        /// The length of the geodesic in metres; 0 for coincident points.
        public var distance: Double
        /// The bearing at the start, degrees clockwise from north in [0, 360).
        public var initialBearing: Double
        /// The bearing at the end, continuing forward along the geodesic, in [0, 360).
        public var finalBearing: Double

        /// A solution from its parts (bearings are taken as given).
        /// - Parameters:
        ///   - distance: Metres.
        ///   - initialBearing: Degrees in [0, 360).
        ///   - finalBearing: Degrees in [0, 360).
        public init(distance: Double, initialBearing: Double, finalBearing: Double) {
            self.distance = distance
            self.initialBearing = initialBearing
            self.finalBearing = finalBearing
        }
    }

    /// The answer to the direct problem: where the geodesic ends and which way it is heading.
    public struct DirectSolution: Sendable, Hashable {
        /// The end point; longitude in [-180, 180].
        public var destination: Coordinate
        /// The bearing at the end, degrees clockwise from north in [0, 360).
        public var finalBearing: Double

        /// A solution from its parts.
        /// - Parameters:
        ///   - destination: The end point.
        ///   - finalBearing: Degrees in [0, 360).
        public init(destination: Coordinate, finalBearing: Double) {
            self.destination = destination
            self.finalBearing = finalBearing
        }
    }
}
