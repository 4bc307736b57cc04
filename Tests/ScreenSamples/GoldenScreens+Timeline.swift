public import ScreenModel

extension GoldenScreens {
    /// A geofence replay of a walk from Crissy Field to Fort Point and onto the bridge on
    /// 4 July 2024: the Presidio as the presence area, four circles (one crossed while
    /// monitoring was refreshing), every entry kind, entries with and without positions,
    /// and the replay's facts.
    public static let gogaTimeline: Screen = {
        typealias Timeline = Component.Timeline
        func at(_ latitude: Double, _ longitude: Double) -> Component.Coordinate {
            .init(latitude: latitude, longitude: longitude)
        }
        let start = 1_720_104_236.0  // 2024-07-04 14:43:56 UTC
        let track = [
            at(37.8035, -122.4560), at(37.8045, -122.4590), at(37.8050, -122.4620), at(37.8055, -122.4650),
            at(37.8062, -122.4680), at(37.8070, -122.4700), at(37.8085, -122.4722), at(37.8095, -122.4740),
            at(37.8103, -122.4760), at(37.8106, -122.4771), at(37.8100, -122.4765), at(37.8090, -122.4760),
            at(37.8080, -122.4755), at(37.8073, -122.4750), at(37.8080, -122.4757), at(37.8095, -122.4768),
            at(37.8112, -122.4776), at(37.8130, -122.4780), at(37.8160, -122.4785),
        ]
        func entry(
            _ offset: Double, _ kind: Timeline.Entry.Kind, _ title: String, _ detail: String? = nil,
            region: String? = nil, at point: Int? = nil
        ) -> Timeline.Entry {
            .init(time: start + offset, kind: kind, title: title, detail: detail, region: region, position: point.map { track[$0] })
        }
        let presidio: Timeline.Region.Ring = [
            at(37.7880, -122.4850), at(37.7880, -122.4470), at(37.8060, -122.4470), at(37.8075, -122.4640),
            at(37.8100, -122.4720), at(37.8118, -122.4780), at(37.8070, -122.4850), at(37.7880, -122.4850),
        ]
        let timeline = Timeline(
            start: start, end: start + 5166,
            entries: [
                entry(0, .presenceEnter, "Entered Golden Gate National Recreation Area", "first fix inside the Presidio", region: "goga", at: 0),
                entry(0, .monitor, "Monitoring 20 of 64 regions", "nearest within 2.4 km"),
                entry(35, .context, "Context: Presidio walk", "pushed by the walk flow"),
                entry(212, .enter, "Crissy Field", "18 m inside, accuracy 6 m", region: "crissy-field", at: 3),
                entry(214, .callout, "Crissy Field", "A restored tidal marsh on an old airfield", region: "crissy-field", at: 3),
                entry(572, .dwell, "Crissy Field", "6 min inside", region: "crissy-field", at: 4),
                entry(794, .exit, "Crissy Field", region: "crissy-field", at: 5),
                entry(1010, .missedEnter, "Torpedo Wharf", "crossed while monitoring was being refreshed", region: "torpedo-wharf", at: 6),
                entry(1016, .monitor, "Monitoring refreshed", "moved 1.2 km; 20 of 64 regions"),
                entry(1450, .enter, "Fort Point", region: "fort-point", at: 8),
                entry(1452, .callout, "Fort Point", "Civil War fort under the bridge's south anchorage", region: "fort-point", at: 8),
                entry(
                    1494, .calloutHeld, "Golden Gate Bridge Welcome Center", "42 s after the last callout; the minimum gap is 120 s",
                    region: "welcome-center", at: 9),
                entry(2300, .dwell, "Fort Point", "14 min inside", region: "fort-point", at: 9),
                entry(2630, .exit, "Fort Point", region: "fort-point", at: 11),
                entry(3102, .enter, "Golden Gate Bridge Welcome Center", region: "welcome-center", at: 13),
                entry(3104, .callout, "Golden Gate Bridge Welcome Center", "Exhibits and the story of the bridge", region: "welcome-center", at: 13),
                entry(3710, .exit, "Golden Gate Bridge Welcome Center", region: "welcome-center", at: 15),
                entry(4980, .presenceExit, "Left Golden Gate National Recreation Area", "on the bridge deck", region: "goga", at: 17),
            ],
            track: track,
            regions: [
                .area(id: "goga", name: "Presidio of San Francisco", rings: [presidio]),
                .circle(id: "crissy-field", name: "Crissy Field", center: at(37.8047, -122.4650), radius: 180),
                .circle(id: "torpedo-wharf", name: "Torpedo Wharf", center: at(37.8087, -122.4727), radius: 45),
                .circle(id: "fort-point", name: "Fort Point", center: at(37.8105, -122.4770), radius: 110),
                .circle(id: "welcome-center", name: "Golden Gate Bridge Welcome Center", center: at(37.8073, -122.4750), radius: 70),
                .circle(id: "baker-beach", name: "Baker Beach", center: at(37.7936, -122.4838), radius: 200),
            ],
            facts: [
                .init("fixes", value: "1,722 over 1:26:06"),
                .init("monitoring refreshes", value: "3"),
                .init("callouts", value: "3 said, 1 held"),
                .init("missed enters", value: "1 (Torpedo Wharf)"),
            ],
            title: "Geofence replay · Crissy Field to the bridge",
            id: "replay",
            timezone: "America/Los_Angeles"
        )
        return Screen(
            park: "GOGA", flow: "geofence", title: "Golden Gate National Recreation Area", subtitle: "Replay of walk-2024-07-04.gpx",
            sections: [
                .timeline(timeline),
                .button(.init("Replay again", style: .secondary, action: .go("geofence", args: ["track": "walk-2024-07-04.gpx"]))),
            ]
        )
    }()
}
