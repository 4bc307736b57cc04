public import ScreenModel

extension GoldenScreens {
    /// The AR view from the Golden Gate Bridge Welcome Center looking east (heading 97°,
    /// tilted 3° down, 60° field of view, 6 km): five sites along the bay with their labels
    /// stacked (nearest in front), Alcatraz just off to the left, Mountain Lake far to the
    /// right. Positions were computed as GeoKit's `ARProjector` and `ARLabelLayout` place
    /// them, with labels kept on screen.
    public static let gogaAR: Screen = {
        typealias AR = Component.AR
        func pin(
            _ id: String, _ title: String, _ subtitle: String?, _ latitude: Double, _ longitude: Double, distance: Double,
            bearing: Double, x: Double, y: Double, label: (x: Double, y: Double, width: Double), stack: Int, z: Int
        ) -> AR.Pin {
            .init(
                id: "nps-poi:goga:\(id)", title: title, subtitle: subtitle, coordinate: .init(latitude: latitude, longitude: longitude),
                distance: distance, bearing: bearing, x: x, y: y, label: .init(x: label.x, y: label.y, width: label.width, height: 28),
                stack: stack, z: z, action: .go("sites", args: ["id": "nps-poi:goga:\(id)"]))
        }
        let pins: [AR.Pin] = [
            pin(
                "0012", "Warming Hut", "Café and shop", 37.8073, -122.4696, distance: 476, bearing: 95.4,
                x: 185.4, y: 450.2, label: (136.4, 410.2, 98), stack: 0, z: 0),
            pin(
                "0021", "Presidio Officers' Club", "Museum", 37.7989, -122.4582, distance: 1771, bearing: 123.5,
                x: 363.8, y: 406.5, label: (202, 366.5, 184), stack: 0, z: 1),
            pin(
                "0007", "Crissy Field", "Beach", 37.8055, -122.4495, distance: 2254, bearing: 96.2,
                x: 190.4, y: 414.4, label: (137.4, 318.4, 106), stack: 2, z: 2),
            pin(
                "0015", "Palace of Fine Arts", nil, 37.8029, -122.4484, distance: 2397, bearing: 102.9,
                x: 229.6, y: 413.2, label: (152.1, 289.2, 155), stack: 3, z: 3),
            pin(
                "0003", "Fort Mason", nil, 37.8060, -122.4310, distance: 3870, bearing: 92.8,
                x: 170.1, y: 409.2, label: (124.6, 257.2, 91), stack: 4, z: 4),
        ]
        return Screen(
            park: "GOGA", flow: "ar", title: "Look around", subtitle: "Point your phone at the bay",
            sections: [
                .ar(
                    .init(
                        camera: .init(position: .init(latitude: 37.8077, longitude: -122.4750), altitude: 70, heading: 97, pitch: -3, fieldOfView: 60),
                        size: .init(width: 390, height: 844), maximumDistance: 6000, pins: pins,
                        offScreen: [
                            .init(id: "nps-poi:goga:0004", title: "Alcatraz Island", distance: 5033, bearing: 65.2, turn: .left, degrees: 31.8),
                            .init(id: "nps-poi:goga:0040", title: "Mountain Lake", distance: 2265, bearing: 167.7, turn: .right, degrees: 70.7),
                        ],
                        empty: "Nothing within 6 km this way", id: "ar"
                    )),
                .button(.init("Show on the map", style: .secondary, action: .go("map", args: ["center": "37.8077,-122.475"]))),
            ]
        )
    }()
}
