// fuzz-gpx: arbitrary bytes into the GPX reader (GeoKit's hand-written XML scanner and GPX
// parser). Errors are fine; a trap, an out-of-bounds access or a hang is a finding.
import GeoKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    do {
        let document = try GPXReader.read(bytes: bytes, displayPath: "fuzz/input.gpx")
        // What the geofence replay and `ctx.track` read from a document.
        var sink = document.fixes.count &+ document.segmentStarts.count &+ document.waypoints.count
        for route in document.routes { sink &+= route.points.count }
        if let timed = try? document.timedFixes() { sink &+= timed.count }
        blackHole(sink)
    } catch {
        // The message names file, line and column: computing it is part of the parser.
        blackHole(error.description.utf8.count)
    }
    return 0
}

@inline(never) func blackHole(_ value: Int) { if value == -1 { print("") } }
