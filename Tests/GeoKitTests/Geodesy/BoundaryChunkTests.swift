import Testing
@testable import GeoKit

/// Boundary's chunked queries (Boundary+Chunks.swift) give what scanning every edge gives:
/// containment, and whether an edge is nearer than a margin, on real boundaries at random
/// points, at their vertices and a hair off their edges.
@Suite struct BoundaryChunkTests {
    static func boundaries() throws -> [(String, Boundary)] {
        [
            ("yose", try Boundary(contentsOf: Fixture.url("yose-boundary.geojson"), displayPath: "yose.geojson")),
            ("goga piece", try Boundary(contentsOf: Fixture.url("goga-boundary-piece.geojson"), displayPath: "goga.geojson")),
            // Next to the antimeridian: edge distances wrap there.
            (
                "dateline",
                try Boundary(
                    geoJSON: """
                        {"type": "Polygon", "coordinates": [[[179.99, -0.01], [179.999, -0.01], [179.999, 0.01], [179.99, 0.01], [179.99, -0.01]]]}
                        """.utf8, displayPath: "dateline.geojson")
            ),
        ]
    }

    /// Points to try around `b`: random ones in and around its box, every vertex, each edge's
    /// midpoint, and points a metre or so off each vertex.
    static func points(_ b: Boundary, seed: UInt64) -> [Coordinate] {
        var random = SplitMix64(seed: seed)
        let box = b.boundingBox
        let padX = (box.east - box.west) * 0.1 + 1e-4, padY = (box.north - box.south) * 0.1 + 1e-4
        var out: [Coordinate] = (0..<3000).map { _ in
            Coordinate(
                latitude: box.south - padY + (box.north - box.south + 2 * padY) * random.next(in: 0...1),
                longitude: min(180, box.west - padX + (box.east - box.west + 2 * padX) * random.next(in: 0...1)))
        }
        let v = b.vertices
        for i in stride(from: 0, to: v.count - 2, by: 2) {
            out.append(Coordinate(latitude: v[i + 1], longitude: v[i]))
            out.append(Coordinate(latitude: (v[i + 1] + v[i + 3]) / 2, longitude: (v[i] + v[i + 2]) / 2))
            out.append(Coordinate(latitude: v[i + 1] + 1e-5 * (random.next(in: 0...1) - 0.5), longitude: v[i] + 1e-5 * (random.next(in: 0...1) - 0.5)))
        }
        out.append(Coordinate(latitude: 0, longitude: -179.995))  // across the antimeridian from the dateline square
        return out
    }

    @Test func containmentIsTheSameAsScanningEveryEdge() throws {
        for (name, b) in try Self.boundaries() {
            for c in Self.points(b, seed: 19) {
                #expect(b.contains(c) == b.containsScanningEveryEdge(c), "\(name) \(c)")
            }
        }
    }

    @Test(arguments: [0.0, 1, 5, 25, 250, 5_000])
    func nearEdgesAreTheSameAsMeasuringEveryEdge(margin: Double) throws {
        for (name, b) in try Self.boundaries() {
            for c in Self.points(b, seed: 7) {
                #expect(b.hasEdge(closerThan: margin, to: c) == (b.edgeDistance(from: c) < margin), "\(name) \(c) \(margin)")
            }
        }
    }

    @Test func chunksCoverEveryEdgeOnce() throws {
        for (name, b) in try Self.boundaries() {
            var edges = 0
            for k in stride(from: 0, to: b.chunks.count, by: Boundary.chunkStride) {
                edges += Int(b.chunks[k + Boundary.chunkEnd] - b.chunks[k + Boundary.chunkStart])
            }
            #expect(edges == b.vertexCount - b.ringCount, "\(name)")
            #expect(b.ringChunkStarts.count == b.ringCount + 1 && b.ringChunkStarts.last == b.chunks.count / Boundary.chunkStride)
        }
    }
}
