import ScreenModel

extension PictureDescription {
    /// "AR view facing north-east (45°): 3 sites within 6.0 km. Nearest first: Fort Point 320
    /// m ahead, Warming Hut 480 m 12° to the right, .... Off screen: Alcatraz Island 5.0 km,
    /// turn left 32°."
    static func ar(_ ar: Component.AR) -> String {
        let heading = ar.camera.heading
        var sentences = ["AR view facing \(compassWord(heading)) (\(Wayfinding.degrees(heading)))"]
        if ar.pins.isEmpty {
            // The flow's own words end a sentence of ours: without their full stop.
            let empty = ar.empty.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
            sentences[0] += ": " + (empty ?? "no sites in view")
        } else {
            sentences[0] += ": \(counted(ar.pins.count, "site", "sites")) within \(Wayfinding.distance(ar.maximumDistance))"
            sentences.append(
                "Nearest first: "
                    + listed(ar.pinsFrontToBack.map { "\($0.title) \(Wayfinding.distance($0.distance)) \(direction($0.bearing - heading))" }))
        }
        if !ar.offScreen.isEmpty {
            sentences.append(
                "Off screen: "
                    + listed(ar.offScreen.map { "\($0.title) \(Wayfinding.distance($0.distance)), turn \($0.turn.rawValue) \(Wayfinding.degrees($0.degrees))" })
            )
        }
        return sentences.joined(separator: ". ") + "."
    }

    /// Where a site is from the way the camera faces: "ahead" within 5°, else "12° to the right".
    static func direction(_ relative: Double) -> String {
        guard relative.isFinite else { return "ahead" }
        var angle = relative.truncatingRemainder(dividingBy: 360)
        if angle > 180 { angle -= 360 }
        if angle < -180 { angle += 360 }
        if abs(angle) < 5 { return "ahead" }
        return "\(Wayfinding.degrees(abs(angle))) to the \(angle < 0 ? "left" : "right")"
    }
}
