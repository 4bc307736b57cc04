import Formats
import ScreenModel

/// How far and which way, written the way the flows write them (`ui.distance` and
/// `ui.compass` in `flows/lib/ui.lua`), so a renderer and a flow never disagree about
/// the same site: "350 m", "1.2 km", "38 km"; "NE".
enum Wayfinding {
    /// The eight compass points clockwise from north, 45° apart.
    static let compassPoints = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]

    /// `metres` as `ui.distance` writes it: to the nearest 10 m below 1 km, to a tenth
    /// of a kilometre (rounded like C's `%.1f`) below 10 km, else to the nearest kilometre.
    /// Non-finite values are written as Swift prints them ("nan m").
    static func distance(_ metres: Double) -> String {
        guard metres.isFinite, abs(metres) < 1e12 else { return "\(Decimals.fixed(metres, 0)) m" }
        if metres < 1000 { return "\(Int64((metres / 10 + 0.5).rounded(.down)) * 10) m" }
        if metres < 10_000 { return "\(tenths(metres / 1000)) km" }
        return "\(Int64((metres / 1000 + 0.5).rounded(.down))) km"
    }

    /// The compass point nearest `degrees` ("NE" for 50); "?" when it is not finite.
    static func compass(_ degrees: Double) -> String {
        guard degrees.isFinite else { return "?" }
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return compassPoints[Int((d / 45 + 0.5).rounded(.down)) % 8]
    }

    /// A `directions` action's place as people read it: its name, address and position,
    /// `Fort Point, Marine Dr, San Francisco, CA (37.81058, -122.47700)`.
    static func place(_ place: Action.Destination) -> String {
        let address = place.address.map { ", \($0)" } ?? ""
        return "\(place.name)\(address) \(position(place))"
    }

    /// `(37.81058, -122.47700)`: a latitude and longitude to five decimals (about a metre).
    static func position(_ place: Action.Destination) -> String {
        "(\(Decimals.fixed(place.latitude, 5)), \(Decimals.fixed(place.longitude, 5)))"
    }

    /// An angle to the nearest degree: `90°`, `-3°`.
    static func degrees(_ value: Double) -> String {
        "\(Decimals.fixed(value, 0))°"
    }

    // MARK: - Pure math

    /// `q` (within 1..<10) with one decimal exactly as C's `printf("%.1f")` rounds it: the
    /// binary value to the nearest tenth, ties to even. Each comparison with `q × 10` is
    /// one fused multiply-add, so its sign is exact.
    private static func tenths(_ q: Double) -> String {
        var n = (q * 10).rounded(.down)
        if (-n).addingProduct(q, 10) < 0 {
            n -= 1
        } else if (-(n + 1)).addingProduct(q, 10) >= 0 {
            n += 1
        }
        let half = (-(n + 0.5)).addingProduct(q, 10)
        if half > 0 || (half == 0 && n.truncatingRemainder(dividingBy: 2) == 1) { n += 1 }
        let units = Int(n)
        return "\(units / 10).\(units % 10)"
    }
}
