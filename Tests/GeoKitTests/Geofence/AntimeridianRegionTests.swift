import Testing
@testable import GeoKit

/// Geofences on and across ±180°: the grids index longitudes in a frame that starts at the
/// regions' widest empty arc, so a fix at 180 finds what a fix at -180 finds, circles across
/// the line are found from both sides, and nearest regions are nearest round the world.
struct AntimeridianRegionTests {
    /// 100 m circles along the 16.8° S parallel, from 179.99° E across the line to 179.99° W.
    static func regions() throws -> [GeofenceRegion] {
        try stride(from: -10, through: 10, by: 1).map { k in
            let longitude = BoundingBox.folded(180 + Double(k) * 0.001)
            return try GeofenceRegion(id: "r\(k)", center: Coordinate(latitude: -16.8, longitude: longitude), radius: 100)
        }
    }

    /// Every region holding `c`, by testing each one: the truth the index must match.
    static func bruteForce(_ index: RegionIndex, _ c: Coordinate) -> [Int32] {
        (0..<index.count).filter { index.contains($0, c) }.map(Int32.init)
    }

    @Test func aCircleOnTheLineHasABoxAcrossIt() throws {
        let region = try GeofenceRegion(id: "a", center: Coordinate(latitude: -16.8, longitude: 180), radius: 100)
        #expect(region.boundingBox.west > 179.999 && region.boundingBox.west < 180)
        #expect(region.boundingBox.east < -179.999 && region.boundingBox.east > -180)
        #expect(region.boundingBox.contains(Coordinate(latitude: -16.8, longitude: 180)))
        #expect(region.boundingBox.contains(Coordinate(latitude: -16.8, longitude: -180)))
        #expect(region.boundingBox.contains(Coordinate(latitude: -16.8, longitude: -179.9995)))
        #expect(!region.boundingBox.contains(Coordinate(latitude: -16.8, longitude: 0)))
    }

    @Test func fixesAt180AndMinus180FindTheSameRegions() throws {
        let index = RegionIndex(try Self.regions())
        let east = index.regions(containing: Coordinate(latitude: -16.8, longitude: 180))
        let west = index.regions(containing: Coordinate(latitude: -16.8, longitude: -180))
        #expect(east == [10])
        #expect(west == east)
    }

    @Test func containmentMatchesBruteForceAcrossTheLine() throws {
        let index = RegionIndex(try Self.regions())
        var random = SplitMix64(seed: 180)
        var found = 0
        for _ in 0..<2_000 {
            let longitude = BoundingBox.folded(180 + random.next(in: -0.012...0.012))
            let c = Coordinate(latitude: -16.8 + random.next(in: -0.0012...0.0012), longitude: longitude)
            let truth = Self.bruteForce(index, c)
            #expect(index.regions(containing: c) == truth, "\(c)")
            found += truth.count
        }
        #expect(found > 1_000)
    }

    /// The `k` regions nearest to `c` by testing each one, nearest first, ties to the lower index.
    static func nearestByBruteForce(_ index: RegionIndex, _ k: Int, _ c: Coordinate) -> [Int32] {
        var all: [(region: Int32, distance: Double)] = []
        for r in 0..<index.count { all.append((Int32(r), index.monitorDistance(r, from: c))) }
        all.sort { a, b in a.distance < b.distance || (a.distance == b.distance && a.region < b.region) }
        return all.prefix(k).map(\.region)
    }

    @Test func nearestRegionsAreNearestAcrossTheLine() throws {
        let index = RegionIndex(try Self.regions())
        for longitude in [179.9995, 180, -180, -179.9995, -179.985, 179.985] {
            let c = Coordinate(latitude: -16.8, longitude: longitude)
            #expect(index.nearest(3, to: c).map(\.region) == Self.nearestByBruteForce(index, 3, c), "\(longitude)")
        }
    }

    /// A fix on the far side of the world (beyond the rings' reach) still gets the true nearest.
    @Test func aFixHalfwayRoundTheWorldGetsTheTrueNearest() throws {
        let regions = try [(-16.8, 179.0), (-16.8, -178.0), (10.0, 150.0)].enumerated().map { i, p in
            try GeofenceRegion(id: "r\(i)", center: Coordinate(latitude: p.0, longitude: p.1), radius: 100)
        }
        let index = RegionIndex(regions)
        for c in [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: -16.8, longitude: 1), Coordinate(latitude: -16.8, longitude: -1)] {
            #expect(index.nearest(3, to: c).map(\.region) == Self.nearestByBruteForce(index, 3, c), "\(c)")
        }
    }

    /// Boxes reach west of the westernmost center: the grid starts at their edge, so none of
    /// them wraps to the far end and the cells stay the size of a region, not of the world.
    @Test func theGridStaysTheSizeOfTheRegions() throws {
        // 30 × 30 circles of 100 m, about 1 km apart.
        func center(_ k: Int) -> Coordinate { Coordinate(latitude: 44.5 + Double(k / 30) * 0.009, longitude: -111 + Double(k % 30) * 0.0125) }
        let regions = try (0..<900).map { try GeofenceRegion(id: "r\($0)", center: center($0), radius: 100) }
        let grid = CellGrid(boxes: regions.map(\.boundingBox), typicalSize: 200)
        for k in [0, 1, 30, 450, 899] {
            var candidates = 0
            grid.forEachCandidate(latitude: center(k).latitude, longitude: center(k).longitude) { _ in candidates += 1 }
            #expect(candidates >= 1 && candidates <= 4, "region \(k): \(candidates) candidates")
        }
    }

    @Test func theFrameStartsAtTheWidestGap() {
        #expect(LongitudeFrame(covering: [-110, -111, -109.5]).reference == -111)
        #expect(LongitudeFrame(covering: [179.9, -179.9, 179.95]).reference == 179.9)
        #expect(LongitudeFrame(covering: [180, -180]).reference == -180)
        #expect(LongitudeFrame(covering: []).reference == 0)
        let frame = LongitudeFrame(reference: 179.9)
        #expect(abs(frame.x(180) - frame.x(-180)) < 1e-12)
        #expect(abs(frame.x(-179.9) - 0.2) < 1e-12)
        #expect(frame.x(179.9) == 0)
    }

    @Test func boxesPastTheLineFoldBack() {
        let padded = BoundingBox(wrappingWest: 179.99, south: -17, east: 180.01, north: -16)
        #expect(padded.west == 179.99)
        #expect(abs(padded.east - -179.99) < 1e-9)
        #expect(BoundingBox(wrappingWest: -180.5, south: 0, east: -179.5, north: 1).west == 179.5)
        #expect(BoundingBox(wrappingWest: -120, south: 0, east: -110, north: 1) == BoundingBox(west: -120, south: 0, east: -110, north: 1))
        #expect(BoundingBox(wrappingWest: -180.01, south: 0, east: 180.01, north: 1) == BoundingBox(west: -180, south: 0, east: 180, north: 1))
        #expect(BoundingBox.folded(180) == 180 && BoundingBox.folded(-180) == -180 && BoundingBox.folded(540) == 180)
    }
}
