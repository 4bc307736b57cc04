import Formats
import GeoKit
import LuaKit

/// `ar`: projects sites onto a phone camera's screen (GeoKit's ``ARProjector``) and stacks
/// their labels so none overlap.
struct ARModule: NativeModule {
    let name = "ar"
    let summary = "Camera projection of sites for an AR view: screen positions, off-screen turn hints, stacked labels."

    struct Request: Decodable {
        struct SiteSpec: Decodable {
            var id: String?
            var name: String?
            var lat: Double
            var lon: Double
            var altitude: Double?
        }
        var lat: Double
        var lon: Double
        var altitude: Double?
        var heading: Double
        var pitch: Double?
        var fov: Double?
        var width: Double?
        var height: Double?
        var max_distance: Double?
        var label_height: Double?
        /// The most pins returned: the nearest whose labels are on screen (the rest counted in `more`).
        var limit: Double?
        /// The most off-screen hints returned on each side, nearest first.
        var hints: Double?
        var sites: [SiteSpec]
    }

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "project", summary: "Projects sites for a camera pose; sites behind the camera or beyond max_distance are left out.",
                parameters: [
                    .init(
                        "request",
                        "{lat: number, lon: number, altitude: number?, heading: number, pitch: number?, fov: number?, width: number?, height: number?, max_distance: number?, label_height: number?, limit: integer?, hints: integer?, sites: {id: string?, name: string?, lat: number, lon: number, altitude: number?}[]}",
                        "pitch 0, fov 60, 390×844 points, max_distance 5000 m and label_height 28 by default; with limit, only the nearest limit pins whose labels are on screen (label.y ≥ 0); with hints, at most that many off-screen hints a side"
                    )
                ],
                returns: [
                    (
                        "{pins: table[], off_screen: table[], more: integer}",
                        "pins {id, name, site, distance, bearing, relative_bearing, x, y, label = {x, y, width, height}, stack, z} nearest first; off_screen {id, name, site, distance, bearing, turn = 'left'|'right', degrees} nearest first; more: on-screen sites not in pins (with limit; else 0)"
                    )
                ],
                example: "local view = ar.project({ lat = 37.8078, lon = -122.4750, heading = 90, sites = ctx.sites })"
            ) { context, call in
                var (request, positions) = try Request.read(call, 1, context: context)
                // Projecting is a pass over the sites; stacking the labels of those placed, a sort (below).
                try call.charge(request.sites.count * Charge.perInputItem)
                let projector: ARProjector
                let sites: [Coordinate]
                do {
                    let position = try Coordinate(validatingLatitude: request.lat, longitude: request.lon)
                    let pose = try CameraPose(
                        position: position, altitude: request.altitude, heading: request.heading,
                        pitch: request.pitch ?? 0, fieldOfView: request.fov ?? 60,
                        width: request.width ?? 390, height: request.height ?? 844)
                    projector = try ARProjector(pose: pose, maximumDistance: request.max_distance ?? 5000)
                    var checked: [Coordinate] = []
                    for (i, s) in request.sites.enumerated() {
                        guard let c = try? Coordinate(validatingLatitude: s.lat, longitude: s.lon) else {
                            throw LuaCallError("sites[\(i + 1)]: latitude \(s.lat), longitude \(s.lon) out of range or not finite")
                        }
                        checked.append(c)
                    }
                    sites = checked
                } catch {
                    throw call.badArgument(1, (error as? GeoError)?.message ?? (error as? LuaCallError)?.message ?? "\(error)")
                }
                let shown = try Self.count(request.limit, "limit", call)
                let perSide = try Self.count(request.hints, "hints", call)
                let placements = projector.place(sites, altitudes: request.sites.map(\.altitude))
                let onScreen = placements.filter(\.isOnScreen)
                let hints = Self.hints(placements, perSide: perSide)
                // Sites read from the park's table are named now: those on screen (their
                // labels' widths) and the hints returned.
                if let positions {
                    try request.name(onScreen.map(\.index) + hints.map(\.index), positions: positions, context: context)
                }
                try call.charge(placements.count * Charge.perResultItem + Charge.perLabelStep * Charge.sorting(placements.count))
                var rowTests = 0
                let view = Self.value(
                    onScreen: onScreen, hints: hints, request: request, shown: shown, labelHeight: request.label_height ?? 28,
                    pose: projector.pose, rowTests: &rowTests)
                // Rows tried beyond the first per label: from none to 64 each in a crowd at one spot.
                try call.charge(rowTests * Charge.perLabelStep)
                call.push(view)
            }
        ]
    }

    /// A label's width in points for a title in bold 11.5-point text (capitals about 8.6
    /// points, other characters 7), plus padding, within [60, 200]; longer titles are
    /// shortened when drawn.
    static func labelWidth(_ title: String) -> Double {
        let text = asciiTextWidth(title) ?? title.reduce(0.0) { $0 + ($1.isUppercase ? 8.6 : 7) }
        return min(200, max(60, 18 + text))
    }

    /// The text width of an ASCII title without walking its Characters (grapheme breaking and
    /// Unicode properties were most of the cost of laying out an AR view): for ASCII each
    /// byte is a Character and only A-Z are uppercase, except "\r\n", one Character, so a
    /// title with a CR is left to the general rule (nil). Sums in the same order, so the same
    /// Double.
    static func asciiTextWidth(_ title: String) -> Double? {
        var width = 0.0
        for byte in title.utf8 {
            guard byte < 0x80, byte != 0x0D else { return nil }
            width += (0x41...0x5A).contains(byte) ? 8.6 : 7
        }
        return width
    }

    /// A request's `limit` or `hints`: nil, or a whole number ≥ 0.
    private static func count(_ value: Double?, _ name: String, _ call: LuaCall) throws -> Int? {
        guard let value else { return nil }
        guard value >= 0, value <= 1_000_000, value == value.rounded() else {
            throw call.badArgument(1, "\(name) must be a whole number from 0, got \(NumberText.message(value))")
        }
        return Int(value)
    }

    /// The off-screen placements, nearest first; with `perSide`, that many at most on each side.
    static func hints(_ placements: [ARProjector.Placement], perSide: Int?) -> [ARProjector.Placement] {
        let all = placements.filter { !$0.isOnScreen }.sorted {
            $0.distance < $1.distance || ($0.distance == $1.distance && $0.index < $1.index)
        }
        guard let perSide else { return all }
        var left = 0, right = 0
        return all.filter { p in
            if p.relativeBearing < 0 {
                left += 1
                return left <= perSide
            }
            right += 1
            return right <= perSide
        }
    }

    static func value(
        onScreen: [ARProjector.Placement], hints: [ARProjector.Placement], request: Request, shown: Int?, labelHeight: Double,
        pose: CameraPose, rowTests: inout Int
    ) -> LuaValue {
        let titles = onScreen.map { request.sites[$0.index].name ?? request.sites[$0.index].id ?? "site \($0.index + 1)" }
        let laidOut = ARLabelLayout.layout(
            onScreen, widths: titles.map(labelWidth), height: max(1, labelHeight),
            screenWidth: pose.width, shown: shown, rowTests: &rowTests)
        // With a limit, only labels on screen are pins; the rest are counted.
        let labels = shown == nil ? laidOut : laidOut.filter { $0.y >= 0 }
        var pins: [(Int, LuaValue)] = []
        for label in labels {
            let p = onScreen[label.placement]
            let site = request.sites[p.index]
            var t = LuaTable()
            if let id = site.id { t["id"] = .string(id) }
            t["name"] = .string(titles[label.placement])
            t["site"] = .integer(Int64(p.index + 1))
            t["lat"] = .number(site.lat)
            t["lon"] = .number(site.lon)
            t["distance"] = .number(p.distance)
            t["bearing"] = .number(p.bearing)
            t["relative_bearing"] = .number(p.relativeBearing)
            t["x"] = .number(p.x)
            t["y"] = .number(p.y)
            t["label"] = ["x": .number(label.x), "y": .number(label.y), "width": .number(label.width), "height": .number(label.height)]
            t["stack"] = .integer(Int64(label.stack))
            t["z"] = .integer(Int64(label.z))
            pins.append((label.z, .table(t)))
        }
        pins.sort { $0.0 < $1.0 }
        let offScreen: [LuaValue] = hints.map { p in
            let site = request.sites[p.index]
            var t = LuaTable()
            if let id = site.id { t["id"] = .string(id) }
            t["name"] = .string(site.name ?? site.id ?? "site \(p.index + 1)")
            t["site"] = .integer(Int64(p.index + 1))
            t["distance"] = .number(p.distance)
            t["bearing"] = .number(p.bearing)
            t["turn"] = .string(p.relativeBearing < 0 ? "left" : "right")
            // Turning this far brings the site to the edge of the view.
            t["degrees"] = .number(max(1, (abs(p.relativeBearing) - pose.fieldOfView / 2).rounded(.up)))
            return .table(t)
        }
        let more = shown == nil ? 0 : onScreen.count - pins.count
        return [
            "pins": .table(LuaTable(sequence: pins.map(\.1))), "off_screen": .table(LuaTable(sequence: offScreen)),
            "more": .integer(Int64(more)),
        ]
    }
}
