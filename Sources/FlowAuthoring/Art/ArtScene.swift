public import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import GeoKit

/// What a park's onboarding pictures are drawn from, read off its data: a view from the
/// park's center toward where its relief is (its peaks, passes and ridges; where it has
/// none, where the park reaches farthest), the park's extent along every line of sight
/// (its boundary), the relief sites in view with their distances, and what the park has
/// at its feet (water, geysers, lighthouses). ``ArtLayers`` draws it.
public struct ArtScene: Sendable {
    /// Degrees of the view, left edge to right edge.
    static let fieldOfView = 110.0
    /// Columns the skylines are sampled at across the picture.
    static let columns = 240

    /// A relief site in view: across the picture (0 left, 1 right) and how far (metres).
    struct Summit { var x: Double; var distance: Double }

    /// The park's code, for the seed and the header.
    let code: String
    /// The direction the view looks, degrees from north.
    let bearing: Double
    /// Per column, how far the park reaches along that line of sight, 0...1 of the farthest.
    let reach: [Double]
    /// Relief sites in view, nearest first.
    let summits: [Summit]
    /// How sharp the ridges are (0...1): three times the share of the park's sites that are
    /// relief, or one for every 20 relief sites, whichever is more.
    let ruggedness: Double
    /// Whether the foreground is water.
    let water: Bool
    /// Geysers and lighthouses of the park, across the picture, drawn on the foreground.
    let geysers: [Double], lighthouses: [Double]
    /// What the header says the picture is made from.
    let sources: String

    /// Reads the scene off a park's settings (its center and `onboarding.art` categories),
    /// its boundary (nil: a made-up reach) and its sites; `code` when the park is loaded
    /// under another name (`flowrun new park` loads it from a staging folder first).
    public init(park: ParkConfig, boundary: Boundary?, sites: [Site], code named: String? = nil) {
        code = named ?? park.code
        let center = Coordinate(latitude: park.center.lat, longitude: park.center.lon)
        // Which categories are relief, water, geysers and lighthouses is the park's to say
        // (onboarding.art in park.lua; defaults.lua names the usual ones).
        let art = park.settings.onboarding.art
        let reliefCategories = Set(art.relief), waterCategories = Set(art.water)
        let geyserCategories = Set(art.geyser), lighthouseCategories = Set(art.lighthouse)
        let relief = sites.filter { reliefCategories.contains($0.category) }
        let reachAt = Self.reachFunction(from: center, boundary: boundary)
        let view: Double
        if relief.count >= 3 {
            view = Self.meanBearing(relief.map { center.initialBearing(to: $0.coordinate) })
        } else {
            // No relief to face: face the widest stretch of the park.
            let step = 5.0
            let samples = stride(from: 0.0, to: 360, by: step).map { ($0, reachAt($0)) }
            let window = Int(Self.fieldOfView / step / 2)
            let best =
                samples.indices.max { a, b in
                    Self.windowSum(samples, at: a, window) < Self.windowSum(samples, at: b, window)
                } ?? 0
            view = samples[best].0
        }
        bearing = view
        let bearings = (0..<Self.columns).map { view - Self.fieldOfView / 2 + Self.fieldOfView * Double($0) / Double(Self.columns - 1) }
        let reaches = bearings.map(reachAt)
        let farthest = max(reaches.max() ?? 0, 1)
        reach = reaches.map { $0 / farthest }
        func across(_ site: Site) -> Double? {
            var turn = (center.initialBearing(to: site.coordinate) - view + 540).truncatingRemainder(dividingBy: 360) - 180
            if turn == -180 { turn = 180 }
            let x = turn / Self.fieldOfView + 0.5
            return (0...1).contains(x) ? x : nil
        }
        if relief.count >= 3 {
            summits = relief.compactMap { site in across(site).map { Summit(x: $0, distance: max(center.distance(to: site.coordinate), 500)) } }
                .sorted { $0.distance < $1.distance }
        } else {
            // No relief in the data: the boundary's farthest reaches stand in for summits.
            summits = Self.localMaxima(reaches, radius: 12).map {
                Summit(x: Double($0) / Double(Self.columns - 1), distance: max(reaches[$0], 500))
            }.sorted { $0.distance < $1.distance }
        }
        // A park of many peaks stays sharp however many visitor places it also lists.
        ruggedness = sites.isEmpty ? 0 : min(1, max(Double(relief.count) / Double(sites.count) * 3, Double(relief.count) / 20))
        water = sites.contains { waterCategories.contains($0.category) }
        geysers = Array(sites.filter { geyserCategories.contains($0.category) }.compactMap(across).sorted().prefix(7))
        lighthouses = Array(sites.filter { lighthouseCategories.contains($0.category) }.compactMap(across).sorted().prefix(2))
        let facing = relief.count >= 3 ? "its \(relief.count) relief sites" : "where the park reaches farthest, its farthest reaches as summits"
        sources =
            "parks/\(code): the view from park.lua's center toward \(facing) (bearing \(Int(bearing.rounded()))°), "
            + "the boundary's reach along each line of sight, \(summits.count) relief sites in view; colours from park.lua's theme"
    }

    /// The farthest distance (metres) from `center` along a bearing that is still inside
    /// the boundary; without one, a gentle made-up reach so the skyline is not flat.
    static func reachFunction(from center: Coordinate, boundary: Boundary?) -> (Double) -> Double {
        guard let boundary else { return { 20_000 + 6_000 * cos($0 * .pi / 60) } }
        var far = 1_000.0
        boundary.forEachVertex { lon, lat in far = max(far, center.distance(to: Coordinate(latitude: lat, longitude: lon))) }
        let steps = 160
        return { bearing in
            let radians = bearing * .pi / 180
            var reach = 0.0
            for i in 1...steps {
                let d = far * Double(i) / Double(steps)
                // A flat step is plenty for a drawing: parks are small next to the earth.
                let lat = center.latitude + d * cos(radians) / 111_320
                let lon = center.longitude + d * sin(radians) / (111_320 * cos(center.latitude * .pi / 180))
                if boundary.contains(Coordinate(latitude: lat, longitude: lon)) { reach = d }
            }
            return reach
        }
    }

    /// Columns whose value is the largest within `radius` columns either side, and above 0.
    static func localMaxima(_ values: [Double], radius: Int) -> [Int] {
        // Not at the picture's edges: half a summit there reads as a wall.
        values.indices.dropFirst(radius).dropLast(radius).filter { i in
            values[i] > 0 && values[max(0, i - radius)...min(values.count - 1, i + radius)].allSatisfy { $0 <= values[i] }
                && (i == 0 || values[i - 1] < values[i])
        }
    }

    static func meanBearing(_ bearings: [Double]) -> Double {
        let x = bearings.reduce(0) { $0 + cos($1 * .pi / 180) }, y = bearings.reduce(0) { $0 + sin($1 * .pi / 180) }
        return (atan2(y, x) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
    }

    static func windowSum(_ samples: [(Double, Double)], at index: Int, _ window: Int) -> Double {
        (-window...window).reduce(0) { $0 + samples[(index + $1 + samples.count) % samples.count].1 }
    }
}

/// SplitMix64: the same numbers on every machine, so the pictures are the same bytes.
struct ArtRandom {
    var state: UInt64
    init(seed text: String) {
        // FNV-1a of the text.
        state = text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
}
