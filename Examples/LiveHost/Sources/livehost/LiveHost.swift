import FlowBundle
import FlowKit
import Foundation
import GeoKit
import ScreenModel

/// `livehost --cache DIR --trust KEY.pub --park CODE --track FILE.gpx --weather FILE.json`:
/// what an app does, with public API only. It registers its own native module, opens the park
/// from the version a sync left in the cache (verified against the trusted key), holds two
/// screens open (home and the app's own weather screen), feeds the track's points as live
/// fixes, and prints every screen update and event.
@main
enum LiveHost {
    static func main() {
        do {
            try run(Arguments(CommandLine.arguments.dropFirst()))
        } catch let error as HostError {
            FileHandle.standardError.write(Data("livehost: \(error.message)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("livehost: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ arguments: Arguments) throws {
        // 1. The app's module, registered beside flowrun's own.
        let forecasts = try JSONDecoder().decode([String: [WeatherModule.Hour]].self, from: Data(contentsOf: URL(fileURLWithPath: arguments.weather)))
        var modules = ModuleRegistry()
        try modules.register(WeatherModule(forecasts: forecasts))

        // 2. The park, from the cache a sync filled, verified against the trusted key.
        let verifier = BundleVerifier(trust: try TrustSet.load([arguments.trust]))
        // One cache holds any number of parks, each synced with --park: this one's place in it.
        let (bundle, warning) = try BundleCache(folder: arguments.cache, park: arguments.park).load(with: verifier)
        if let warning { print("warning: \(warning)") }
        print("opened \(bundle.manifest.park) version \(bundle.manifest.version) from \(arguments.cache)")

        // 3. A live session at the track's start, with two screens open.
        let track = try RecordedTrack.read(arguments.track)
        guard let first = track.fixes.first else { throw HostError(message: "\(arguments.track): no track points") }
        let start = Date(timeIntervalSince1970: first.time)
        let runtime = try FlowRuntime(root: bundle.root, park: arguments.park, time: start, modules: modules)
        let session = try FlowSession(runtime: runtime, start: start, connectivity: .offline(cache: "version \(bundle.manifest.version) of the bundle"))
        // The device: its clock, and the notifications a phone would post.
        let device = ConsoleDevice(now: start)
        session.device = device
        let (home, opened) = try session.open(FlowRequest(flow: "home"))
        show(opened, names: [home: "home"])
        let (weather, forecast) = try session.open(FlowRequest(flow: "weather"))
        let names = [home: "home", weather: "weather"]
        show(forecast, names: names)

        // 4. The track's points as live fixes, in order.
        for fix in track.fixes {
            device.now = Date(timeIntervalSince1970: fix.time)
            show(session.feed(fix.coordinate, at: fix.time), names: names)
            session.idle()  // the screens are shown: the collector's work now, not in the next run
        }
        print("notifications posted \(device.posted)")
        let d = session.diagnostics
        print("fixes taken \(d.fixesTaken), dropped \(d.fixesDropped); flow runs \(d.runs), failed \(d.failedRuns)")
    }

    static func show(_ outputs: [SessionOutput], names: [Int: String]) {
        for output in outputs {
            switch output {
            case .screen(let update):
                let texts = update.screen.sections.compactMap { section -> String? in
                    if case .text(let text) = section { return text.text }
                    return nil
                }
                print(
                    "\(clock(update.time)) screen \(names[update.handle] ?? update.flow): \(update.screen.title) | \(texts.prefix(2).joined(separator: " | "))")
            case .event(let event):
                let what = [event.state, event.name, event.text, event.detail].compactMap { $0 }.joined(separator: " ")
                print("\(clock(event.time)) event \(event.kind.rawValue) \(what)")
            case .failure(let failure):
                print("\(clock(failure.time)) error \(failure.flow): \(failure.error)")
            }
        }
    }

    static func clock(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}

/// The phone, as far as the session asks: a clock (here the track's), and notifications
/// (here lines on standard output; an app would post local notifications).
final class ConsoleDevice: SessionDevice {
    var now: Date
    private(set) var posted = 0

    init(now: Date) { self.now = now }

    func notify(_ event: SessionEvent) {
        posted += 1
        print("\(LiveHost.clock(event.time)) notification: \(event.text ?? event.name ?? event.kind.rawValue)")
    }
}

/// A usage error: exit 2.
struct HostError: Error {
    var message: String
}

/// `--name value` pairs, each required.
struct Arguments {
    var cache = "", trust = "", park = "", track = "", weather = ""

    init(_ words: ArraySlice<String>) throws {
        var values: [String: String] = [:]
        var rest = Array(words)
        while rest.count >= 2, rest[0].hasPrefix("--") {
            values[String(rest[0].dropFirst(2))] = rest[1]
            rest.removeFirst(2)
        }
        guard rest.isEmpty else {
            throw HostError(message: "unexpected '\(rest[0])'; usage: livehost --cache DIR --trust KEY.pub --park CODE --track FILE.gpx --weather FILE.json")
        }
        for key in ["cache", "trust", "park", "track", "weather"] where values[key] == nil {
            throw HostError(message: "missing --\(key); usage: livehost --cache DIR --trust KEY.pub --park CODE --track FILE.gpx --weather FILE.json")
        }
        (cache, trust, park, track, weather) = (
            values["cache", default: ""], values["trust", default: ""], values["park", default: ""], values["track", default: ""],
            values["weather", default: ""]
        )
    }
}
