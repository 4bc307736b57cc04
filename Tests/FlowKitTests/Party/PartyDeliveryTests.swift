import Testing
@testable import FlowKit

/// Who is told of what (the valley family): a guardian of every alert, a member and a child
/// of their own (never of their own silence: their phone is the silent one), a guest of none; a position the viewer may not see stays out of an alert
/// they hear; and tracks shifted by `offset_s` line up in time.
@Suite struct PartyDeliveryTests {
    let probe: PartyProbe

    init() throws { probe = try PartyProbe() }

    /// `kind member[-other] > told` for each alert the member hears, in order, and the count hidden.
    static let alerts = """
        local out, replay = {}, party.replay()
        for _, e in ipairs(replay.events) do
          if e.kind ~= "in_zone" then
            out[#out + 1] = e.kind .. " " .. e.member .. (e.other and "-" .. e.other or "") .. " > " .. table.concat(e.to, ",")
                .. (e.lat and "" or " (position hidden)")
          end
        end
        return { title = table.concat(out, "; ") .. " | hidden " .. replay.hidden, sections = {} }
        """

    func alerts(as member: String?) throws -> [String] {
        let result = try probe.run(Self.alerts, as: member)
        return (result.title ?? result.error?.description ?? "").components(separatedBy: "; ")
    }

    @Test func theGuardianHearsEveryAlertAndWhoElseIsTold() throws {
        #expect(
            try alerts(as: nil) == [
                "left_zones ben > ana,ben", "left_zones dee > ana", "drift ana-ben > ana,ben", "drift ben-cal > ana,ben,cal",
                "returned ben > ana,ben", "drift ana-dee > ana", "drift cal-dee > ana,cal", "returned dee > ana",
                "silent cal > ana", "reporting cal > ana,cal", "left_zones ben > ana,ben", "together ben-cal > ana,ben,cal",
                "together ana-ben > ana,ben", "left_zones dee > ana", "together cal-dee > ana,cal", "together ana-dee > ana",
                "returned ben > ana,ben", "returned dee > ana | hidden 0",
            ])
    }

    @Test func aChildHearsOnlyAlertsAboutThemselves() throws {
        #expect(
            try alerts(as: "ben") == [
                "left_zones ben > ana,ben", "drift ana-ben > ana,ben", "drift ben-cal > ana,ben,cal", "returned ben > ana,ben",
                "left_zones ben > ana,ben", "together ben-cal > ana,ben,cal", "together ana-ben > ana,ben",
                "returned ben > ana,ben | hidden 12",
            ])
    }

    @Test func aMemberHearsTheirOwnAndSeesEveryonesPosition() throws {
        #expect(
            try alerts(as: "cal") == [
                "drift ben-cal > ana,ben,cal", "drift cal-dee > ana,cal", "reporting cal > ana,cal",
                "together ben-cal > ana,ben,cal", "together cal-dee > ana,cal | hidden 13",
            ])
    }

    @Test func aGuestHearsNoAlerts() throws {
        // Of the 22 events, the guest sees the two "in a zone" of the members it may see (Ana and itself).
        #expect(try alerts(as: "dee") == [" | hidden 20"])
    }

    @Test func offsetsLineTracksUpInTime() throws {
        // Dee walks Ben's track 300 s later (`offset_s`), so every alert of hers comes 300 s after his.
        let title = try probe.run(
            """
            local t = {}
            for _, e in ipairs(party.replay().events) do
              if e.kind == "left_zones" or e.kind == "returned" then
                t[e.member] = t[e.member] or {}
                table.insert(t[e.member], e.time)
              end
            end
            local gaps = {}
            for i, time in ipairs(t.ben) do gaps[i] = string.format("%d", t.dee[i] - time) end
            return { title = table.concat(gaps, " "), sections = {} }
            """
        ).title
        #expect(title == "300 300 300 300")
    }
}
