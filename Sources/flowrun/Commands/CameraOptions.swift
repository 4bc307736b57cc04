import ArgumentParser
import FlowKit
import GeoKit

/// `--center`, `--zoom`, `--size`, `--bbox`: where the map flow looks. Checked here so a
/// typo is a usage error (exit 2); passed to the flow as `ctx.args`.
struct CameraOptions: ParsableArguments {
    // .unconditional: a value may start with '-' (a southern latitude, a western edge).
    @Option(parsing: .unconditional, help: "Map centre as LAT,LON, e.g. 37.80,-122.46 (default: the park's centre).")
    var center: String?

    @Option(help: "Map zoom, 0-30 (default: the park's zoom).")
    var zoom: Double?

    @Option(help: "Screen size in points as WIDTHxHEIGHT (default 390x844).")
    var size: String?

    @Option(parsing: .unconditional, help: "Show this box instead of a centre and zoom: W,S,E,N, e.g. -122.52,37.74,-122.40,37.82.")
    var bbox: String?

    func arguments() throws -> [String: String] {
        var args: [String: String] = [:]
        if let center {
            let c = try parseCoordinate(center, option: "--center") ?? Coordinate(latitude: 0, longitude: 0)
            args["center"] = "\(c.latitude),\(c.longitude)"
        }
        if let zoom {
            guard zoom.isFinite, (0...30).contains(zoom) else {
                throw FlowError.badArgument(name: "--zoom", message: "\(GeoError.text(zoom)) out of range [0, 30]")
            }
            args["zoom"] = "\(zoom)"
        }
        if let size {
            let parts = size.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let w = parts[0], let h = parts[1], w > 0, h > 0, w <= 10_000, h <= 10_000 else {
                throw FlowError.badArgument(name: "--size", message: "expected WIDTHxHEIGHT in points such as 390x844, got '\(size)'")
            }
            args["size"] = size
        }
        if let bbox {
            guard center == nil, zoom == nil else {
                throw FlowError.badArgument(name: "--bbox", message: "give either --bbox or --center/--zoom, not both")
            }
            let edges = bbox.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard edges.count == 4, let w = edges[0], let s = edges[1], let e = edges[2], let n = edges[3] else {
                throw FlowError.badArgument(name: "--bbox", message: "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '\(bbox)'")
            }
            guard (-180...180).contains(w), (-180...180).contains(e), (-90...90).contains(s), (-90...90).contains(n), s < n else {
                throw FlowError.badArgument(name: "--bbox", message: "edges out of range: longitudes within [-180, 180], latitudes within [-90, 90] with south < north, got '\(bbox)'")
            }
            args["bbox"] = bbox
        }
        return args
    }
}

import Foundation
