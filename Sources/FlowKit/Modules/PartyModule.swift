import Formats
import GeoKit
import LuaKit

/// `party`: the party of the run (`flowrun --party FILE [--as MEMBER_ID]`) as the member it
/// runs as may see it. Rights come from roles (``PartyRole``) and are enforced here: a flow
/// that asks for more gets a Lua error at its line.
struct PartyModule: NativeModule {
    let name = "party"
    let summary = "The party of the run (--party FILE, --as MEMBER_ID): members, safe zones, the replay and emergencies, limited by the member's role."

    static func session(_ context: ModuleContext) throws(LuaCallError) -> PartySession {
        guard let session = context.partySession else {
            throw LuaCallError("no party in this run: flowrun --park CODE FLOW --party FILE [--as MEMBER_ID]")
        }
        if let store = context.storeRun { try session.mergeStored(store) }
        return session
    }

    var functions: [NativeFunction] {
        [
            NativeFunction(
                "active", summary: "Whether the run has a party (--party FILE).",
                returns: [("boolean", "true with a party")]
            ) { context, call in
                call.push(context.partySession != nil)
            },
            NativeFunction(
                "viewer", summary: "The member the run acts as (--as; default the first guardian) and the role's rights.",
                returns: [
                    (
                        "{id: string, name: string, role: string, rights: {see_everyone: boolean, change_zones: boolean, manage_members: boolean, trigger_emergency: boolean, hear_every_alert: boolean}}",
                        "the viewer"
                    )
                ]
            ) { context, call in
                let s = try Self.session(context)
                var rights = LuaTable()
                for (k, v) in s.me.role.rights { rights[k] = .boolean(v) }
                call.push(
                    ([
                        "id": .string(s.me.id), "name": .string(s.me.name),
                        "role": .string(s.me.role.rawValue), "rights": .table(rights),
                    ] as LuaValue))
            },
            NativeFunction(
                "info",
                summary:
                    "The party's name, file, whether it is live (a live session's party: its alerts are kept, party.alerts(), and it has no replay), settings, span, members (with `visible`: whether the viewer may see their position) and safe zones.",
                returns: [
                    (
                        "table",
                        "{name, file, live, drift_m, silence_s, start, finish, members = {{id, name, role, source, fixes, visible}}, zones = {regions as geofence.monitor takes them}}"
                    )
                ]
            ) { context, call in
                let s = try Self.session(context)
                try call.charge(results: s.members.count + s.zoneSpecs.count)
                call.push(PartyValues.info(s))
            },
            NativeFunction(
                "alerts",
                summary:
                    "The alerts a live session delivered to the viewer and kept in the store, newest first: what happened while the app was closed, or before this screen opened.",
                parameters: [.init("limit", "integer?", "at most this many (default 50)")],
                returns: [
                    (
                        "table[]",
                        "{kind, entry, time, member, name, other?, other_name?, zone?, zone_name?, lat?, lon?, distance?, to = {}} as replay's events"
                    )
                ],
                example: "for _, a in ipairs(party.alerts(10)) do print(a.kind, a.name) end"
            ) { context, call in
                let s = try Self.session(context)
                let limit = call.isNil(1) ? 50 : try call.integer(1)
                guard limit >= 0 else { throw call.badArgument(1, "limit must be ≥ 0, got \(limit)") }
                try call.charge(results: Int(min(limit, 100_000)))
                let run = try StoreModule.run(context, "party.alerts")
                let kept = try run.use("party.alerts") { store throws(StoreError) in
                    try store.partyAlerts(park: context.park.code, party: s.run.party.name, recipient: s.me.id, limit: Int(min(limit, 100_000)))
                }
                call.push(LuaValue.table(LuaTable(sequence: kept.compactMap { PartyValues.alert(s, $0).map(LuaValue.table) })))
            },
            NativeFunction(
                "position", summary: "A member's latest fix at a time; an error when the viewer's role may not see it.",
                parameters: [.init("id", "string", "member id"), .init("time", "number?", "seconds (default: their last fix)")],
                returns: [("{lat: number, lon: number, time: number}?", "nil when the member has no fixes")]
            ) { context, call in
                let s = try Self.session(context)
                let id = try call.string(1)
                guard let i = s.members.firstIndex(where: { $0.id == id }) else {
                    throw call.badArgument(1, "the party has no member '\(id)'")
                }
                try s.requireSight(of: i)
                let time = call.isNil(2) ? nil : try call.number(2)
                if let fix = s.position(of: i, at: time) {
                    call.push((["lat": .number(fix.coordinate.latitude), "lon": .number(fix.coordinate.longitude), "time": .number(fix.time)] as LuaValue))
                } else {
                    call.pushNil()
                }
            },
            NativeFunction(
                "replay",
                summary:
                    "Replays every member's track together: the alerts the viewer is told of (with who else is told), with the watches that ran out without a check-in by the run's clock (kind `overdue`), and the paths the viewer may see. Under --duty-cycle the events are those of the duty-cycled fixes, each marked against the full track (duty, delay), and `duty` says what was missed and what the phones used.",
                returns: [
                    (
                        "table",
                        "{events = {{kind, entry, time, member, name, other?, other_name?, zone?, zone_name?, lat, lon, distance?, to = string[], duty?, delay?}}, paths = {{id, name, role, points = {{lon, lat}}}}, hidden = integer, duty? = {policy, summary, members = {{id, name, fixes, full_fixes, on_share}}, on_time, late, early, missed, extra, median_delay?, worst_delay?, missed_events}}"
                    )
                ]
            ) { context, call in
                let s = try Self.session(context)
                let fixes = s.members.reduce(0) { $0 + $1.fixes.count }
                try call.charge(fixes * (s.members.count + s.zones.count + 4) * Charge.perRegion)
                let events: [PartyEvent]
                let settings = SessionParty.settings(s.run.party, park: context.park)
                if let policy = s.run.dutyCycle {
                    return call.push(try PartyDutyCycle.replay(s, policy: policy, settings: settings, call: call))
                }
                do { events = try PartyReplay.run(tracks: s.members.map(\.fixes), zones: s.zones, settings: settings) } catch {
                    throw LuaCallError((error as? GeoError)?.message ?? "\(error)")
                }
                // Watches that ran out by the run's clock without a check-in, as the viewer is told of them.
                let overdue = try s.watches(in: try StoreModule.run(context, "party.replay")).filter {
                    $0.isOverdue(at: s.now) && s.watchRecipients($0.member).contains(s.me.id)
                }
                let value = PartyValues.replay(s, events: events, overdue: overdue)
                try call.charge(results: events.count + overdue.count + fixes / 8)
                call.push(value)
            },
            NativeFunction(
                "set_zone",
                summary:
                    "Adds a safe zone or replaces (moves) the one with its id; guardians only. An act run keeps it in the store for every later run; a view run's lasts for the run.",
                parameters: [
                    .init(
                        "zone", "{id: string, name: string?, lat: number?, lon: number?, radius_m: number?, rings: {lat: number, lon: number}[][]?}",
                        "a circle or a polygon")
                ],
                example: "party.set_zone({ id = \"meet\", name = \"Meeting point\", lat = 37.7326, lon = -119.5578, radius_m = 150 })"
            ) { context, call in
                let s = try Self.session(context)
                try s.requireZoneRights()
                let spec = try call.decode(RegionSpec.self, 1)
                try call.charge(Charge.sorting(spec.rings?.reduce(0) { $0 + $1.count } ?? 1) * Charge.perRegion)
                try s.setZone(spec, path: "zone")
                try s.keepZone(spec.id, spec, in: try StoreModule.run(context, "party.set_zone"), function: "party.set_zone")
            },
            NativeFunction(
                "remove_zone", summary: "Removes a safe zone by id; guardians only. An act run keeps the removal, as set_zone.",
                parameters: [.init("id", "string", "the zone's id")], returns: [("boolean", "whether there was one")]
            ) { context, call in
                let s = try Self.session(context)
                let id = try call.string(1)
                let removed = try s.removeZone(id)
                if removed { try s.keepZone(id, nil, in: try StoreModule.run(context, "party.remove_zone"), function: "party.remove_zone") }
                call.push(removed)
            },
            NativeFunction(
                "add_member",
                summary: "Adds a member (no track yet) and keeps them in the store; guardians only, in an act run.",
                parameters: [.init("member", "{id: string, name: string?, role: string}", "role: guardian, member, child or guest")],
                example: "party.add_member({ id = \"eve\", name = \"Eve\", role = \"child\" })"
            ) { context, call in
                let s = try Self.session(context)
                let t = try call.table(1)
                guard case .string(let id) = t["id"], case .string(let role) = t["role"] else {
                    throw call.badArgument(1, "a member needs an id and a role (strings)")
                }
                var name: String?
                if case .string(let n) = t["name"] { name = n }
                try s.addMember(id: id, name: name, role: role, in: try StoreModule.run(context, "party.add_member"))
            },
            NativeFunction(
                "remove_member", summary: "Removes a member and keeps that in the store; guardians only, in an act run.",
                parameters: [.init("id", "string", "the member's id")], returns: [("boolean", "whether there was one")]
            ) { context, call in
                let s = try Self.session(context)
                call.push(try s.removeMember(try call.string(1), in: try StoreModule.run(context, "party.remove_member")))
            },
            NativeFunction(
                "watch",
                summary:
                    "Watch over me: the viewer asks to be watched over until a time; if it passes before they check in, the guardians are told. Replaces the viewer's last watch; in an act run.",
                parameters: [.init("ends", "string", "until when: HH:MM on the park's clock today, or an ISO 8601 time with its offset")],
                returns: [("number", "the end, seconds since 1970")],
                example: "party.watch(\"18:00\")"
            ) { context, call in
                let s = try Self.session(context)
                let text = try call.string(1)
                let zone = ZoneRules(identifier: context.park.timezone) ?? .utc
                call.push(try s.startWatch(until: text, zone: zone, in: try StoreModule.run(context, "party.watch")))
            },
            NativeFunction(
                "check_in", summary: "Ends the viewer's watch: nobody is alerted. In an act run.",
                returns: [("boolean", "whether a watch was running")]
            ) { context, call in
                let s = try Self.session(context)
                call.push(try s.checkIn(in: try StoreModule.run(context, "party.check_in")))
            },
            NativeFunction(
                "watches",
                summary: "The watches the viewer is told of (their own; everyone's for a guardian), with whether each is overdue at the run's clock.",
                returns: [("{member: string, name: string, started: number, ends: number, checked_in: number?, overdue: boolean}[]", "by when they started")]
            ) { context, call in
                let s = try Self.session(context)
                let watches = try s.watches(in: try StoreModule.run(context, "party.watches"))
                try call.charge(results: watches.count)
                call.push(LuaValue.table(LuaTable(sequence: watches.map { PartyValues.watch(s, $0) })))
            },
            NativeFunction(
                "emergency",
                summary:
                    "Alerts the rest of the party to an emergency of the member the run acts as, with their position (nil: unknown). Only in an act run, and not as a guest (a guest may still call the park).",
                parameters: [.init("lat", "number?", "latitude, with lon; nil when the position is unknown"), .init("lon", "number?", "longitude")],
                returns: [("string[]", "ids of the members told, in the file's order")],
                example: "local told = party.emergency(ctx.at and ctx.at.lat, ctx.at and ctx.at.lon)"
            ) { context, call in
                let s = try Self.session(context)
                let at: Coordinate? = call.isNil(1) && call.isNil(2) ? nil : try call.coordinate(1)
                try call.charge(results: s.members.count)
                call.push(LuaValue.table(LuaTable(sequence: try s.raiseEmergency(at: at).map(LuaValue.string))))
            },
        ]
    }
}
