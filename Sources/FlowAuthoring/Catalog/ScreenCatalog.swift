public import FlowKit
import Formats
import GeoKit
import ScreenModel
import ScreenRendering
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Every screen of a park in the states that matter, as Storybook shows a component's
/// stories (`flowrun catalog`): each flow the park runs with no position, searching,
/// found inside the park, found outside it, offline, along a GPS track when one is given, and
/// with a sample of each argument it declares (``FlowArguments``). Each is drawn as `--format html` draws it, on a visitor's
/// store in memory; a state whose run fails shows its error, since that is what an author
/// needs to see.
public struct ScreenCatalog {
    /// One screen of the catalogue.
    public struct Story: Sendable, Equatable {
        /// The flow.
        public var flow: String
        /// The state, as people read it (`found inside the park`, `category=viewpoint`).
        public var state: String
        /// Its file in the catalogue's `screens/` folder (`sites--inside.html`).
        public var file: String
        /// The page: the phone frame, or the error the run met.
        public var html: String
        /// The screen as app clients get it (`--format json`), what a comparison reads; the
        /// error's text when the run failed.
        public var json: String
        /// The run's error, when it failed.
        public var failure: String?
    }

    /// The stories, flow by flow in name order, each flow's states in the order above.
    public let stories: [Story]
    /// The park.
    public let park: String

    /// The clock a catalogue's flows see unless told otherwise: the scenarios'
    /// 2026-07-04T09:30:00-07:00, so two catalogues compare screen by screen.
    public static let defaultTime = Date(timeIntervalSince1970: 1_783_182_600)

    /// Runs every flow of `park` in every state, at `time`; with `track` (a GPX file, as
    /// `--track` takes it), also along that track, at its end.
    /// - Throws: ``FlowError`` when the park does not load.
    public init(root: ProjectRoot, park code: String, time: Date = defaultTime, track: String? = nil) throws(FlowError) {
        let runtime = try FlowRuntime(root: root, park: code, time: time)
        park = runtime.park.code
        let center = runtime.park.center
        var states: [(name: String, slug: String, edit: (inout RunInputText) -> Void)] = [
            ("no position", "idle", { _ in }),
            ("searching for a position", "searching", { $0.values["location"] = "searching" }),
            (
                "found inside the park", "inside",
                {
                    $0.values["at"] = "\(center.lat),\(center.lon)"
                    $0.values["heading"] = "0"
                }
            ),
        ]
        if let outside = Self.outside(runtime) {
            states.append(
                (
                    "found outside the park", "outside",
                    {
                        $0.values["at"] = "\(outside.latitude),\(outside.longitude)"
                        $0.values["heading"] = "0"
                    }
                ))
        }
        states.append(
            (
                "offline", "offline",
                {
                    $0.values["at"] = "\(center.lat),\(center.lon)"
                    $0.values["heading"] = "0"
                    $0.flags.insert("offline")
                }
            ))
        if let track {
            states.append(("along \(track.split(separator: "/").last.map(String.init) ?? track)", "track", { $0.values["track"] = track }))
        }
        let samples = Self.samples(runtime)
        var stories: [Story] = []
        for flow in runtime.flowNames {
            var flowStates = states
            for (name, kind) in (runtime.registry.arguments(of: flow)?.kinds ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let value = samples(kind) else { continue }
                flowStates.append(
                    (
                        "\(name)=\(value)", "arg-\(Self.slug(name))-\(Self.slug(value))",
                        {
                            $0.args[name] = value
                            $0.values["at"] = "\(center.lat),\(center.lon)"
                            $0.values["heading"] = "0"
                        }
                    ))
            }
            for state in flowStates {
                var text = RunInputText(flow: flow)
                state.edit(&text)
                let file = "\(Self.slug(flow))--\(state.slug).html"
                do {
                    let request = try text.inputs().request()
                    let screen = try SingleRun(request, on: runtime).screen
                    stories.append(
                        Story(flow: flow, state: state.name, file: file, html: HTMLRenderer().render(screen), json: JSONRenderer().render(screen)))
                } catch {
                    let message = error.description
                    stories.append(
                        Story(
                            flow: flow, state: state.name, file: file, html: Self.errorPage(flow: flow, state: state.name, message),
                            json: message + "\n", failure: message))
                }
            }
        }
        self.stories = stories
    }

    /// A point a few kilometres outside the park's boundary, north of it (south near the
    /// pole); nil without a boundary, or when the boundary holds it too.
    static func outside(_ runtime: FlowRuntime) -> Coordinate? {
        guard let boundary = try? runtime.boundary() else { return nil }
        let c = runtime.park.center
        for step in [0.5, 1.0, 2.0, 4.0] {
            let lat = c.lat + step < 85 ? c.lat + step : c.lat - step
            let point = Coordinate(latitude: lat, longitude: c.lon)
            if !boundary.contains(point) { return point }
        }
        return nil
    }

    /// A sample word of each kind the park has: its first collection, its most common
    /// category, its first site; a list's first word. Nil where there is none to give.
    static func samples(_ runtime: FlowRuntime) -> (FlowArguments.Kind) -> String? {
        let sites = (try? runtime.sites()) ?? []
        var counts: [String: Int] = [:]
        for site in sites { counts[site.category, default: 0] += 1 }
        let category = counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
        let collection = runtime.park.settings.sites.collections.first?.id
        return { kind in
            switch kind {
            case .site: sites.first?.id
            case .category: category
            case .collection: collection
            case .oneOf(let words): words.first
            case .flow, .park, .number, .text: nil
            }
        }
    }

    /// `name` made safe as a file name's part: letters, digits and `-`.
    static func slug(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }

    /// A page saying what a run met instead of its screen.
    static func errorPage(flow: String, state: String, _ message: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head><meta charset=\"utf-8\"><title>\(escape(flow)) · \(escape(state))</title>\n"
            + "<style>body { margin: 0; padding: 16px; background: #FFF8F6; color: #2A1A17; font: 14px/1.45 -apple-system, Roboto, Arial, sans-serif; }"
            + " h1 { font-size: 17px; color: #B3261E; } pre { white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.4 ui-monospace, monospace; }</style>\n"
            + "</head>\n<body>\n<h1>The flow failed</h1>\n<pre>\(escape(message))</pre>\n</body>\n</html>\n"
    }

    /// Text safe in the catalogue's pages: the renderers' own escaping.
    static func escape(_ text: String) -> String { SVGMarkup.escape(text) }
}
