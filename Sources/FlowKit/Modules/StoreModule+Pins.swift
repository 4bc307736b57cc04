import Formats
import GeoKit
import LuaKit
import ScreenModel

/// `store`'s pins: the visitor's own places, with a title, a note and photos.
extension StoreModule {
    static let pinShape =
        "{id: integer, park: string, lat: number, lon: number, title: string?, note: string?, created: string, photos: {file: string, added: string}[]}"

    var pinFunctions: [NativeFunction] {
        [
            NativeFunction(
                "pins", summary: "The visitor's own pins in the park, newest first, each with its photos.", parameters: [Self.listOptions],
                returns: [(Self.pinShape + "[]", "the pins")]
            ) { context, call in
                let (run, scope, limit) = try Self.list(context, call, "store.pins")
                let pins = try run.use("store.pins") { store throws(StoreError) in try store.pins(in: scope, limit: limit) }
                try call.charge(results: pins.count + pins.reduce(0) { $0 + $1.photos.count })
                call.push(LuaValue.table(LuaTable(sequence: pins.map(Self.pinValue))))
            },
            NativeFunction(
                "pin", summary: "One of the park's pins by id, or nil (a pin of another park is nil too).",
                parameters: [.init("id", "integer", "the pin's id, as store.add_pin returned it")],
                returns: [(Self.pinShape + "?", "the pin")]
            ) { context, call in
                let run = try Self.run(context, "store.pin"), id = try call.integer(1)
                let pin = try run.use("store.pin") { store throws(StoreError) in try store.pin(Int64(id), park: run.park) }
                call.push(pin.map(Self.pinValue) ?? .nil)
            },
            NativeFunction(
                "add_pin", summary: "Drops a pin in the park (act runs only).",
                parameters: [.init("pin", "{lat: number, lon: number, title: string?, note: string?}", "where, and what to call it")],
                returns: [("integer", "the new pin's id")],
                example: "local id = store.add_pin{lat = ctx.at.lat, lon = ctx.at.lon, title = \"Picnic spot\"}"
            ) { context, call in
                let run = try Self.run(context, "store.add_pin")
                try Self.checkWriting(run, "store.add_pin")
                let limits = run.store.limits
                var pin = try Self.newPin(call, park: run.park, time: run.time, limits: limits)
                guard try run.count(.pins, for: "store.add_pin") < limits.pins else {
                    throw LuaCallError(
                        "store.add_pin: the park has \(Excerpt.count(limits.pins)) pins, the most a park keeps (StoreLimits.pins); remove one first")
                }
                pin.id = try run.use("store.add_pin", writes: true) { store throws(StoreError) in try store.addPin(pin) }
                run.counted(.pins, 1)
                call.push(Int(pin.id))
            },
            NativeFunction(
                "remove_pin", summary: "Removes one of the park's pins and its photos (act runs only).",
                parameters: [.init("id", "integer", "the pin's id")], returns: [("boolean", "true when the park had that pin")]
            ) { context, call in
                let run = try Self.run(context, "store.remove_pin"), id = try call.integer(1)
                let removed = try run.use("store.remove_pin", writes: true) { store throws(StoreError) in try store.removePin(Int64(id), park: run.park) }
                if removed { run.counted(.pins, -1) }
                call.push(removed)
            },
            NativeFunction(
                "edit_pin", summary: "Sets the title and note of one of the park's pins (act runs only); a missing one is cleared.",
                parameters: [
                    .init("id", "integer", "the pin's id"),
                    .init("fields", "{title: string?, note: string?}", "what to call it, and its note"),
                ],
                returns: [("boolean", "true when the park had that pin")],
                example: "store.edit_pin(id, {title = ctx.args.title, note = ctx.args.note})"
            ) { context, call in
                let run = try Self.run(context, "store.edit_pin")
                try Self.checkWriting(run, "store.edit_pin")
                let id = try call.integer(1), t = try call.table(2)
                try Self.rejectUnknown(t, call, argument: 2, allowed: ["title", "note"])
                let (title, note) = try Self.pinTexts(t, call, argument: 2, limits: run.store.limits)
                call.push(
                    try run.use("store.edit_pin", writes: true) { store throws(StoreError) in
                        try store.editPin(Int64(id), park: run.park, title: title, note: note)
                    })
            },
            NativeFunction(
                "remove_photo", summary: "Removes a photo from one of the park's pins (act runs only); the app deletes the file.",
                parameters: [.init("pin", "integer", "the pin's id"), .init("file", "string", "the photo's name, as the pin lists it")],
                returns: [("boolean", "true when the pin had that photo")]
            ) { context, call in
                let run = try Self.run(context, "store.remove_photo")
                try Self.checkWriting(run, "store.remove_photo")
                let id = try call.integer(1), file = try call.string(2)
                guard try run.use("store.remove_photo", { store throws(StoreError) in try store.pin(Int64(id), park: run.park) }) != nil else {
                    throw call.badArgument(1, "the park has no pin \(id)")
                }
                call.push(try run.use("store.remove_photo", writes: true) { store throws(StoreError) in try store.removePhoto(file, pin: Int64(id)) })
            },
            NativeFunction(
                "add_photo",
                summary:
                    "Adds a photo to one of the park's pins (act runs only): a file name relative to the profile's photos/ folder; the app keeps the bytes.",
                parameters: [
                    .init("pin", "integer", "the pin's id"),
                    .init("file", "string", "e.g. \"2026/ferry.jpg\": .jpg, .jpeg, .png, .heic or .webp, no '..'"),
                ],
                returns: [("boolean", "true when it was added, false when the pin has that file already")]
            ) { context, call in
                let run = try Self.run(context, "store.add_photo")
                try Self.checkWriting(run, "store.add_photo")
                let id = try call.integer(1), file = try call.string(2), limits = run.store.limits
                if let problem = PhotoName.problem(file, limits: limits) { throw call.badArgument(2, problem) }
                if let found = run.store.photoFile(file), let problem = PhotoName.problem(found, file: file, limits: limits) {
                    throw call.badArgument(2, problem)
                }
                guard let pin = try run.use("store.add_photo", { store throws(StoreError) in try store.pin(Int64(id), park: run.park) }) else {
                    throw call.badArgument(1, "the park has no pin \(id)")
                }
                if pin.photos.contains(where: { $0.file == file }) {
                    call.push(false)
                    return
                }
                guard pin.photos.count < limits.photosPerPin else {
                    throw LuaCallError("store.add_photo: pin \(id) has \(limits.photosPerPin) photos, the most a pin keeps (StoreLimits.photosPerPin)")
                }
                call.push(try run.use("store.add_photo", writes: true) { store throws(StoreError) in try store.addPhoto(file, pin: Int64(id), at: run.time) })
            },
        ]
    }

    /// A pin as Lua sees it.
    static func pinValue(_ pin: StoredPin) -> LuaValue {
        var t = LuaTable(fieldCapacity: 8)
        t["id"] = .integer(pin.id)
        t["park"] = .string(pin.park)
        t["lat"] = .number(pin.latitude)
        t["lon"] = .number(pin.longitude)
        if let title = pin.title { t["title"] = .string(title) }
        if let note = pin.note { t["note"] = .string(note) }
        t["created"] = .string(pin.created)
        t["photos"] = .table(
            LuaTable(
                sequence: pin.photos.map { photo in
                    var p = LuaTable(fieldCapacity: 2)
                    p["file"] = .string(photo.file)
                    p["added"] = .string(photo.added)
                    return .table(p)
                }))
        return .table(t)
    }

    /// `store.add_pin`'s table, checked: a position on Earth and texts within the limits.
    private static func newPin(_ call: LuaCall, park: String, time: String, limits: StoreLimits) throws(LuaCallError) -> StoredPin {
        let t = try call.table(1)
        try rejectUnknown(t, call, argument: 1, allowed: ["lat", "lon", "title", "note"])
        func number(_ key: String, _ range: ClosedRange<Double>) throws(LuaCallError) -> Double {
            guard let value = t[key].doubleValue else { throw call.badArgument(1, "\(key): expected a number, got \(t[key].typeName)") }
            guard value.isFinite, range.contains(value) else {
                throw call.badArgument(
                    1, "\(key): \(NumberText.message(value)) out of range [\(NumberText.message(range.lowerBound)), \(NumberText.message(range.upperBound))]")
            }
            return value
        }
        let (title, note) = try pinTexts(t, call, argument: 1, limits: limits)
        return StoredPin(
            park: park, latitude: try number("lat", -90...90), longitude: try number("lon", -180...180), title: title, note: note, created: time)
    }

    /// Refuses a key of `t` (argument `argument`) a pin's table does not have, and a list part.
    private static func rejectUnknown(_ t: LuaTable, _ call: LuaCall, argument: Int, allowed: [String]) throws(LuaCallError) {
        var unknown: [String] = []
        t.forEachField { key, _ in
            let name = key.stringValue ?? "\(key)"
            if !allowed.contains(name) { unknown.append(name) }
        }
        if let first = unknown.sorted().first ?? (t.sequence.isEmpty ? nil : "[1]") {
            throw call.badArgument(argument, "unknown field \(Excerpt.quoted(first)); a pin has \(allowed.joined(separator: ", "))")
        }
    }

    /// A pin's title (one line) and note (lines allowed) from `t`, within the store's limits.
    private static func pinTexts(
        _ t: LuaTable, _ call: LuaCall, argument: Int, limits: StoreLimits
    ) throws(LuaCallError) -> (
        title: String?, note: String?
    ) {
        func text(_ key: String, _ limit: Int, lines: Bool) throws(LuaCallError) -> String? {
            switch t[key] {
            case .nil: return nil
            case .string(let s):
                let count = s.unicodeScalars.count
                guard count <= limit else {
                    throw call.badArgument(
                        argument, "\(key): \(Excerpt.count(count)) characters, more than the \(Excerpt.count(limit)) a pin's \(key) may have")
                }
                if let bad = s.unicodeScalars.first(where: { PhotoName.isControl($0, lines: lines) }) {
                    throw call.badArgument(argument, "\(key): control character U+\(String(bad.value, radix: 16, uppercase: true)) is not allowed")
                }
                return s
            case let other: throw call.badArgument(argument, "\(key): expected a string, got \(other.typeName)")
            }
        }
        return (try text("title", limits.titleLength, lines: false), try text("note", limits.noteLength, lines: true))
    }
}
