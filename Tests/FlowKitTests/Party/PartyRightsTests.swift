import Testing
@testable import FlowKit

/// Roles and rights, enforced by the runtime (the `party` module): what a member may see,
/// change or trigger, and a Lua error at the flow's line when a flow asks for more. The
/// valley family: Ana (guardian), Ben (child), Cal (member), Dee (guest).
@Suite struct PartyRightsTests {
    let probe: PartyProbe

    init() throws { probe = try PartyProbe() }

    /// The message of the error `body` ends with when run as `member`.
    func error(_ body: String, as member: String?) throws -> String {
        try probe.run(body, as: member).error?.description ?? "no error"
    }

    @Test(
        arguments: [
            (nil, "ana guardian: change_zones=true hear_every_alert=true manage_members=true see_everyone=true trigger_emergency=true"),
            ("cal", "cal member: change_zones=false hear_every_alert=false manage_members=false see_everyone=true trigger_emergency=true"),
            ("ben", "ben child: change_zones=false hear_every_alert=false manage_members=false see_everyone=false trigger_emergency=true"),
            ("dee", "dee guest: change_zones=false hear_every_alert=false manage_members=false see_everyone=false trigger_emergency=false"),
        ] as [(String?, String)])
    func theViewerIsTheFirstGuardianOrTheMemberAskedFor(member: String?, rights: String) throws {
        let title = try probe.run(
            """
            local me, names = party.viewer(), {}
            for name, allowed in pairs(me.rights) do names[#names + 1] = name .. "=" .. tostring(allowed) end
            table.sort(names)
            return { title = me.id .. " " .. me.role .. ": " .. table.concat(names, " "), sections = {} }
            """, as: member
        ).title
        #expect(title == rights)
    }

    @Test(
        arguments: [
            (nil, "ana ben cal dee"), ("cal", "ana ben cal dee"), ("ben", "ana ben"), ("dee", "ana dee"),
        ] as [(String?, String)])
    func eachRoleSeesThePositionsItMay(member: String?, visible: String) throws {
        let body = """
            local seen = {}
            for _, m in ipairs(party.info().members) do
              if m.visible then seen[#seen + 1] = m.id; assert(party.position(m.id, 1783180800).lat) end
            end
            local paths = {}
            for _, p in ipairs(party.replay().paths) do paths[#paths + 1] = p.id end
            assert(table.concat(paths, " ") == table.concat(seen, " "), "paths " .. table.concat(paths, " "))
            return { title = table.concat(seen, " "), sections = {} }
            """
        let result = try probe.run(body, as: member)
        #expect(result.title == visible, "\(result.error?.description ?? "")")
    }

    @Test(arguments: [
        ("ben", "cal", "member 'ben' (child) may not see the position of 'cal' (member): a child sees only guardians"),
        ("dee", "ben", "member 'dee' (guest) may not see the position of 'ben' (child): a guest sees only guardians"),
    ])
    func readingAnotherMembersPositionBeyondTheRoleIsAnErrorAtItsLine(member: String, other: String, message: String) throws {
        let text = try error("local ok = 1\nlocal p = party.position('\(other)')\nreturn { title = 'seen', sections = {} }", as: member)
        #expect(text.contains("flows/probe.lua:3: \(message)"), "\(text)")
    }

    static let setZone = "party.set_zone({ id = 'meet', name = 'Meeting point', lat = 37.7405, lon = -119.566, radius_m = 100 })"

    @Test func onlyAGuardianChangesSafeZones() throws {
        let title = try probe.run(
            """
            \(Self.setZone)
            local removed = party.remove_zone('meadow')
            local ids = {}
            for _, z in ipairs(party.info().zones) do ids[#ids + 1] = z.id end
            return { title = tostring(removed) .. " " .. table.concat(ids, " "), sections = {} }
            """
        ).title
        #expect(title == "true camp meet")
        for member in ["cal", "ben", "dee"] {
            let role = ["cal": "member", "ben": "child", "dee": "guest"][member] ?? ""
            #expect(
                try error("local x = 1\n\(Self.setZone)\nreturn { title = 'x', sections = {} }", as: member)
                    .contains("flows/probe.lua:3: member '\(member)' (\(role)) may not change safe zones: only guardians may"))
            #expect(
                try error("party.remove_zone('camp')\nreturn { title = 'x', sections = {} }", as: member)
                    .contains("flows/probe.lua:2: member '\(member)' (\(role)) may not change safe zones"))
        }
    }

    /// Members and watches are kept in the store, so only an act run changes them; a zone set
    /// in a view run lasts for that run.
    @Test(arguments: [
        ("party.add_member({ id = 'eve', role = 'child' })", "party.add_member"), ("party.remove_member('cal')", "party.remove_member"),
        // An hour from the run's clock, whenever the test runs.
        ("party.watch(os.date('!%Y-%m-%dT%H:%M:%SZ', ctx.time.epoch + 3600))", "party.watch"),
    ])
    func aKeptChangeInAViewRunIsAnErrorAtItsLine(call: String, function: String) throws {
        let text = try error("\(call)\nreturn { title = 'x', sections = {} }", as: nil)
        #expect(text.contains("flows/probe.lua:2: \(function): the store is read-only in a view run; change it from an act action"), "\(text)")
        #expect(try probe.run("\(call)\nreturn { title = 'ok', sections = {} }", acting: true).title == "ok")
    }

    @Test func aGuardianCannotRemoveThemselvesNorTheLastGuardian() throws {
        #expect(
            try probe.run("party.remove_member('ana')\nreturn { title = 'x', sections = {} }", acting: true).error?.description.contains(
                "party.remove_member: member 'ana' (guardian) may not remove themselves: another guardian may") == true)
        #expect(
            try probe.run("party.add_member({ id = 'ana', role = 'child' })\nreturn { title = 'x', sections = {} }", acting: true).error?.description
                .contains("party.add_member: the party has a member 'ana' already") == true)
    }

    @Test func aZoneAGuardianSetsIsCheckedLikeTheFilesZones() throws {
        let text = try error(
            "party.set_zone({ id = 'x', lat = 37.74, lon = -119.56, radius_m = -5 })\nreturn { title = 'x', sections = {} }",
            as: nil)
        #expect(text.contains("flows/probe.lua:2: zone.radius_m: -5 must be a positive number of metres"), "\(text)")
    }

    @Test func aGuestCannotRaiseAPartyEmergency() throws {
        let text = try error("party.emergency(37.74, -119.565)\nreturn { title = 'x', sections = {} }", as: "dee")
        #expect(text.contains("flows/probe.lua:2: member 'dee' (guest) may not raise a party emergency"), "\(text)")
    }

    @Test func withoutAPartyTheModuleSaysHowToGiveOne() throws {
        let p = try TestProject(
            copyingRepository: false,
            files: [
                "flows/probe.lua":
                    "flow.register('probe', function() return { title = tostring(party.active()) .. ' ' .. party.viewer().id, sections = {} } end)"
            ])
        for path in ["parks/defaults.lua", "parks/YOSE/park.lua"] {
            try p.write(path, try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8))
        }
        let text = flowError { try p.runtime("YOSE").run(FlowRequest(flow: "probe")) }?.description ?? "no error"
        #expect(text.contains("flows/probe.lua:1: no party in this run: flowrun --park CODE FLOW --party FILE [--as MEMBER_ID]"), "\(text)")
    }
}
