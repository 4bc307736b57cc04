import Formats
import LuaKit
import ScreenModel

/// `store`'s settings: small values a flow keeps per park under a key (the map's remembered
/// centre), as JSON text.
extension StoreModule {
    var settingFunctions: [NativeFunction] {
        [
            NativeFunction(
                "get", summary: "The value kept under a key for the park, or `default` when there is none.",
                parameters: [.init("key", "string", "the setting's name"), .init("default", "any?", "returned when the key is not set (default nil)")],
                returns: [("any", "a string, number, boolean or table, as store.set kept it")],
                example: "local center = store.get(\"map.center\")   -- {lat = ..., lon = ..., zoom = ...} or nil"
            ) { context, call in
                let run = try Self.run(context, "store.get"), key = try Self.key(call, limits: run.store.limits)
                guard let json = try run.use("store.get", { store throws(StoreError) in try store.setting(key, park: run.park) }) else {
                    call.push(try call.value(2))
                    return
                }
                let value: LuaValue
                do throws(StoreValueError) {
                    value = try StoreValue.lua(json)
                } catch {
                    throw LuaCallError("store.get: key \(Excerpt.quoted(key)): \(error.message)")
                }
                call.push(value)
            },
            NativeFunction(
                "set", summary: "Keeps a value under a key for the park (act runs only); nil removes the key.",
                parameters: [
                    .init("key", "string", "the setting's name"),
                    .init("value", "string|number|boolean|table|nil", "a table of strings, numbers and booleans, nested up to 4 levels"),
                ],
                example: "store.set(\"map.center\", {lat = ctx.view.center.lat, lon = ctx.view.center.lon, zoom = ctx.view.zoom})"
            ) { context, call in
                let run = try Self.run(context, "store.set")
                try Self.checkWriting(run, "store.set")
                let limits = run.store.limits, key = try Self.key(call, limits: limits)
                var json: String?
                if !call.isNil(2) {
                    let value = try call.value(2)
                    do throws(StoreValueError) {
                        json = try StoreValue.json(value)
                    } catch {
                        throw call.badArgument(2, error.message)
                    }
                }
                if let json, json.utf8.count > limits.valueBytes {
                    throw call.badArgument(
                        2,
                        "the value is \(Excerpt.count(json.utf8.count)) bytes as JSON, more than the \(Excerpt.count(limits.valueBytes)) a setting may have (StoreLimits.valueBytes)"
                    )
                }
                let existed = try run.use("store.set") { store throws(StoreError) in try store.setting(key, park: run.park) != nil }
                if json != nil, !existed, try run.count(.settings, for: "store.set") >= limits.settings {
                    throw LuaCallError("store.set: the park has \(Excerpt.count(limits.settings)) settings, the most a park keeps (StoreLimits.settings)")
                }
                _ = try run.use("store.set", writes: true) { store throws(StoreError) in try store.setSetting(key, park: run.park, json: json, at: run.time) }
                if json != nil && !existed { run.counted(.settings, 1) } else if json == nil && existed { run.counted(.settings, -1) }
            },
        ]
    }

    /// Argument 1 as a setting's key: 1 to `keyLength` characters, no control characters.
    private static func key(_ call: LuaCall, limits: StoreLimits) throws(LuaCallError) -> String {
        let key = try call.string(1)
        let count = key.unicodeScalars.count
        guard count > 0 else { throw call.badArgument(1, "the key is empty") }
        guard count <= limits.keyLength else {
            throw call.badArgument(1, "the key has \(Excerpt.count(count)) characters, more than the \(limits.keyLength) allowed (StoreLimits.keyLength)")
        }
        if let bad = key.unicodeScalars.first(where: { PhotoName.isControl($0, lines: false) }) {
            throw call.badArgument(1, "control character U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed in a key")
        }
        return key
    }
}
