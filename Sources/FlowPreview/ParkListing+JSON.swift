public import FlowKit
import ScreenRendering

extension ParkListing {
    /// The park list as `flowrun parks --format json` prints it (`[{"center", "code", ...}]`),
    /// written by the one JSON writer, ``PrettyJSON``: the same bytes as JSONEncoder gives for
    /// ``entries`` (`PreviewServerTests` holds the two together).
    public var json: String {
        var json = PrettyJSON(capacity: 256 * entries.count)
        json.array(entries) { json, entry in
            // The keys in UTF-8 order, as JSONEncoder's `.sortedKeys` writes them.
            json.object { json in
                if let center = entry.center {
                    json.key("center")
                    json.array { json in center.forEach { json.element($0) } }
                }
                json.field("code", entry.code)
                json.fieldIfPresent("distance_m", entry.distance_m)
                json.fieldIfPresent("error", entry.error)
                json.fieldIfPresent("inside", entry.inside)
                json.fieldIfPresent("name", entry.name)
                json.fieldIfPresent("sites", entry.sites)
                json.fieldIfPresent("state", entry.state)
            }
        }
        return json.finishedText()
    }
}
