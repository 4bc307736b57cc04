import Testing
@testable import GeoKit

/// Every bad input gives a ClusterError naming the value; nothing traps.
@Suite struct ErrorTests {
    nonisolated(unsafe) static let index = try! ClusterIndex(longitudes: [0, 0.0001, 20], latitudes: [0, 0, 0])

    @Test(arguments: [
        (ClusterOptions(radius: 0), "options: radius 0 is not greater than 0"),
        (ClusterOptions(radius: .nan), "options: radius nan is not a number"),
        (ClusterOptions(radius: .infinity), "options: radius inf is not finite"),
        (ClusterOptions(extent: -512), "options: extent -512 is not greater than 0"),
        (ClusterOptions(minZoom: 5, maxZoom: 3), "options: minZoom 5 is greater than maxZoom 3"),
        (ClusterOptions(maxZoom: 31), "options: maxZoom 31 out of range [0, 30]"),
        (ClusterOptions(minZoom: -1), "options: minZoom -1 out of range [0, 30]"),
        (ClusterOptions(minPoints: 1), "options: minPoints 1 out of range [2, 2147483647]"),
        (ClusterOptions(nodeSize: 1), "options: nodeSize 1 is less than 2"),
    ])
    func badOptions(options: ClusterOptions, message: String) {
        #expect(clusterFailure { try ClusterIndex(points: [], options: options) } == message)
    }

    @Test(arguments: [
        (0.0, Double.nan, "point 2: latitude nan is not a number"),
        (Double.nan, 0.0, "point 2: longitude nan is not a number"),
        (-Double.infinity, 0.0, "point 2: longitude -inf is not finite"),
        (0.0, 95.0, "point 2: latitude 95 out of range [-90, 90]"),
        (180.5, 0.0, "point 2: longitude 180.5 out of range [-180, 180]"),
        (0.0, -89.0, "point 2: latitude -89 beyond the Web Mercator limit ±85.0511287798"),
    ])
    func badPoints(longitude: Double, latitude: Double, message: String) {
        let points = [ClusterPoint(longitude: 0, latitude: 0), ClusterPoint(longitude: longitude, latitude: latitude)]
        #expect(clusterFailure { try ClusterIndex(points: points) } == message)
        #expect(clusterFailure { try ClusterIndex(longitudes: [0, longitude], latitudes: [0, latitude]) } == message)
        #expect(clusterFailure { try Self.index.insert(points[1]) } == message.replacingOccurrences(of: "point 2", with: "inserted point"))
    }

    @Test func otherBadInput() {
        #expect(clusterFailure { try ClusterIndex(longitudes: [0], latitudes: []) } == "longitudes has 1 values but latitudes has 0")
        #expect(
            clusterFailure { try ClusterIndex(points: [ClusterPoint(longitude: 0, latitude: 0, value: .nan)]) }
                == "point 1: value nan is not a number")
        // The Web Mercator limit itself is accepted; the next double above it is not.
        #expect(clusterFailure { try ClusterIndex(points: [ClusterPoint(longitude: 180, latitude: -85.05112877980659)]) } == nil)
        #expect(
            clusterFailure { try ClusterIndex(points: [ClusterPoint(longitude: 0, latitude: 85.05112877980659.nextUp)]) }
                == "point 1: latitude 85.0511287798066 beyond the Web Mercator limit ±85.0511287798")
    }

    @Test func badQueries() {
        let world = ClusterData.world
        #expect(clusterFailure { try Self.index.clusters(in: world, zoom: 31) } == "zoom 31 out of range [0, 30]")
        #expect(clusterFailure { try Self.index.clusters(in: world, zoom: -1) } == "zoom -1 out of range [0, 30]")
        #expect(
            clusterFailure { try Self.index.clusters(in: BoundingBox(west: .nan, south: 0, east: 1, north: 1), zoom: 1) }
                == "box west nan is not a number")
        #expect(
            clusterFailure { try Self.index.clusters(in: BoundingBox(west: 0, south: 0, east: .infinity, north: 1), zoom: 1) }
                == "box east inf is not finite")
        #expect(
            clusterFailure { try Self.index.clusters(in: BoundingBox(west: 0, south: 5, east: 1, north: 1), zoom: 1) }
                == "box south 5 is greater than north 1")
        #expect(clusterFailure { try Self.index.clusters(in: world, zoom: 25) }?.isEmpty == nil)
    }

    @Test func unknownIds() throws {
        let cluster = try #require(try Self.index.clusters(in: ClusterData.world, zoom: 10).first(where: \.isCluster))
        for id in [-1_000_000, 123_456, cluster.id + 1, cluster.id + 32, 31] {
            #expect(clusterFailure { try Self.index.children(of: id) } == "no cluster with id \(id)")
            #expect(clusterFailure { try Self.index.leaves(of: id) } == "no cluster with id \(id)")
            #expect(clusterFailure { try Self.index.expansionZoom(of: id) } == "no cluster with id \(id)")
        }
        #expect(clusterFailure { try Self.index.leaves(of: cluster.id, limit: -1) } == "leaves limit -1 is negative")
        #expect(clusterFailure { try Self.index.leaves(of: cluster.id, offset: -2) } == "leaves offset -2 is negative")
        #expect(clusterFailure { try Self.index.remove(pointID: 99) } == "no point with id 99")
        #expect(clusterFailure { try Self.index.remove(pointID: -1_000_000) } == "no point with id -1000000")
    }

    /// Point and cluster ids never meet (issue 13: pin 161 and cluster 161 could both be in one
    /// result, and a point's id was taken as a cluster's): the wrong kind is named.
    @Test func theWrongKindOfIdIsNamed() throws {
        let items = try Self.index.clusters(in: ClusterData.world, zoom: 10)
        let cluster = try #require(items.filter(\.isCluster).first)
        let point = try #require(items.filter { !$0.isCluster }.first)
        #expect(Set(items.map(\.id)).count == items.count)
        #expect(clusterFailure { try Self.index.children(of: point.id) } == "\(point.id) is a point's id, not a cluster's")
        #expect(clusterFailure { try Self.index.leaves(of: 0) } == "0 is a point's id, not a cluster's")
        #expect(clusterFailure { try Self.index.expansionZoom(of: 1) } == "1 is a point's id, not a cluster's")
        #expect(clusterFailure { try Self.index.remove(pointID: cluster.id) } == "\(cluster.id) is a cluster's id, not a point's")
        #expect(try Self.index.leaves(of: cluster.id, limit: .max) == [0, 1])
    }

    @Test func removedIdsAreUnknown() throws {
        let index = try ClusterIndex(longitudes: [0, 1], latitudes: [0, 0])
        try index.remove(pointID: 1)
        #expect(clusterFailure { try index.remove(pointID: 1) } == "no point with id 1")
        #expect(index.point(1) == nil)
    }
}
