import FlowKit
import Formats
import GeoKit
import PostgresNIO

/// Parties, members and zones: made, joined, read and changed, rights by role.
extension RelayService {
    /// Members a party may have, invited or joined.
    static let maxMembers = 50
    /// Safe zones a party may have.
    static let maxZones = 100

    /// `POST /v1/parties`: a party with its first guardian (the caller, who gets a token) and
    /// invitations for the members named.
    func createParty(_ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        let body = try RelayBody(bytes, keys: ["name", "park", "settings", "zones", "guardian", "invite"])
        let name = try body.string("name") ?? ""
        let park = try parks.check(try body.string("park") ?? "")
        let settings: PartySettings
        do { settings = try PartyFile.settings(body["settings"]) } catch { throw Refusal(.badRequest, error.description) }
        let zones = try Self.zones(body["zones"])
        guard let guardianJSON = body["guardian"] else { throw Refusal(.badRequest, "guardian: missing (required): {id, name}") }
        let guardian = try RelayBody(guardianJSON, path: "guardian", keys: ["id", "name"])
        var members: [(id: String, name: String, role: PartyRole)] = [(try guardian.id("id"), try guardian.string("name") ?? "", .guardian)]
        if let list = body["invite"] {
            guard let items = list.arrayValue else { throw Refusal(.badRequest, "invite: expected a list of {id, name, role}") }
            for (i, item) in items.enumerated() {
                let m = try RelayBody(item, path: "invite[\(i + 1)]", keys: ["id", "name", "role"])
                let id = try m.id("id")
                guard !members.contains(where: { $0.id == id }) else { throw Refusal(.badRequest, "invite[\(i + 1)].id: '\(id)' is named twice") }
                members.append((id, try m.string("name") ?? id, try m.role("role")))
            }
        }
        guard members.count <= Self.maxMembers else { throw Refusal(.badRequest, "invite: a party has at most \(Self.maxMembers) members") }
        let party = Self.randomID()
        let expires = clock() + configuration.invitationSeconds
        let codes = members.dropFirst().map { _ in Self.invitationCode() }
        let guardianID = members[0].id
        let invited = members
        try await database.transaction { [self] connection in
            try await connection.query(
                """
                INSERT INTO parties (id, name, park, drift_m, silence_s)
                VALUES (\(party), \(name), \(park), \(settings.driftDistance), \(settings.silenceTimeout))
                """, logger: logger)
            for (i, m) in invited.enumerated() {
                try await connection.query(
                    """
                    INSERT INTO members (party, id, name, role, ordinal, joined)
                    VALUES (\(party), \(m.id), \(m.name), \(m.role.rawValue), \(i), \(i == 0))
                    """, logger: logger)
            }
            for (i, code) in codes.enumerated() {
                try await connection.query(
                    "INSERT INTO invitations (code, party, member, expires) VALUES (\(code), \(party), \(invited[i + 1].id), \(expires))",
                    logger: logger)
            }
            for (i, zone) in zones.enumerated() {
                try await connection.query(
                    "INSERT INTO zones (party, id, ordinal, spec) VALUES (\(party), \(zone.id), \(i), \(zone.json.description))", logger: logger)
            }
        }
        let invitations: [JSONValue] = codes.enumerated().map { i, code in
            ["member": .string(members[i + 1].id), "role": .string(members[i + 1].role.rawValue), "code": .string(code)]
        }
        return [
            "party": .string(party), "member": .string(guardianID), "role": "guardian",
            "token": .string(try issue(party: party, member: guardianID)), "invitations": .array(invitations),
        ]
    }

    /// `POST /v1/join`: an invitation code for a member's token. A code works once.
    func join(_ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        let body = try RelayBody(bytes, keys: ["code", "notify"])
        let code = (try body.string("code") ?? "").uppercased()
        var notify = ["push"]
        if let list = body["notify"] {
            guard let items = list.arrayValue?.compactMap(\.stringValue), items.count == list.arrayValue?.count,
                items.allSatisfy({ ["push", "sms", "email"].contains($0) }), Set(items).count == items.count
            else { throw Refusal(.badRequest, "notify: expected a list of push, sms or email, each once") }
            notify = items
        }
        let now = clock(), channels = notify
        let (party, member, role) = try await database.transaction { [self] connection -> (String, String, String) in
            let rows = try await connection.query(
                """
                SELECT i.party, i.member, i.expires, i.used, m.role FROM invitations i
                JOIN members m ON m.party = i.party AND m.id = i.member AND NOT m.removed
                WHERE i.code = \(code) FOR UPDATE OF i
                """, logger: logger)
            for try await (party, member, expires, used, role) in rows.decode((String, String, Double, Bool, String).self) {
                guard !used else { throw Refusal(.codeUsed, "this invitation was used already; ask a guardian for a new one") }
                guard now < expires else { throw Refusal(.codeExpired, "this invitation expired; ask a guardian for a new one") }
                try await connection.query("UPDATE invitations SET used = true WHERE code = \(code)", logger: logger)
                // The member's channels are part of the party's state: every relay makes it
                // again. The party's row first, as every writer of a member's row takes it.
                try await connection.query("UPDATE parties SET epoch = epoch + 1 WHERE id = \(party)", logger: logger)
                try await connection.query(
                    "UPDATE members SET joined = true, notify = \(channels)::text[] WHERE party = \(party) AND id = \(member)", logger: logger)
                return (party, member, role)
            }
            throw Refusal(.codeUnknown, "no invitation '\(Excerpt.text(code))' (codes look like ABCD-EFGH-JKLM)")
        }
        return ["party": .string(party), "member": .string(member), "role": .string(role), "token": .string(try issue(party: party, member: member))]
    }

    /// `GET /v1/parties/{party}`: the party as the caller may know it.
    func partyInfo(_ token: RelayToken) async throws(Refusal) -> JSONValue {
        try await database.connection { [self] connection in
            let me = try await caller(token, on: connection)
            var name = "", park = "", drift = 0.0, silence = 0.0
            for try await row in try await connection.query(
                "SELECT name, park, drift_m, silence_s FROM parties WHERE id = \(token.party)", logger: logger
            ).decode((String, String, Double, Double).self) { (name, park, drift, silence) = row }
            var members: [JSONValue] = []
            for try await (id, n, role, joined) in try await connection.query(
                "SELECT id, name, role, joined FROM members WHERE party = \(token.party) AND NOT removed ORDER BY ordinal", logger: logger
            ).decode((String, String, String, Bool).self) {
                members.append(["id": .string(id), "name": .string(n), "role": .string(role), "joined": .bool(joined)])
            }
            var zones: [JSONValue] = []
            for try await spec in try await connection.query(
                "SELECT spec FROM zones WHERE party = \(token.party) ORDER BY ordinal", logger: logger
            ).decode(String.self) { if let z = try? JSONValue.parse(spec) { zones.append(z) } }
            var rights: [String: JSONValue] = [:]
            for (k, v) in me.role.rights { rights[k] = .bool(v) }
            return [
                "party": .string(token.party), "name": .string(name), "park": .string(park),
                "settings": ["drift_m": .number(drift), "silence_s": .number(silence)],
                "me": [
                    "id": .string(me.member), "name": .string(me.name), "role": .string(me.role.rawValue), "rights": .object(rights),
                    // A phone that lost its queue (a new install) numbers its reports on from here.
                    "last_seq": .number(Double(me.lastSeq)),
                ],
                "members": .array(members), "zones": .array(zones),
            ]
        }
    }

    /// `POST /v1/parties/{party}/invitations`: a new member and their code (manage_members).
    func invite(_ token: RelayToken, _ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        let body = try RelayBody(bytes, keys: ["id", "name", "role"])
        let (id, role) = (try body.id("id"), try body.role("role"))
        let name = try body.string("name", optional: true) ?? id
        let code = Self.invitationCode(), expires = clock() + configuration.invitationSeconds
        try await database.transaction { [self] connection in
            _ = try await lock(token.party, on: connection)
            let me = try await caller(token, on: connection)
            try Self.require(me.role.managesMembers, me, "add members")
            var count = 0, taken = false
            for try await (other, _) in try await connection.query(
                "SELECT id, removed FROM members WHERE party = \(token.party)", logger: logger
            ).decode((String, Bool).self) {
                count += 1
                if other == id { taken = true }
            }
            guard !taken else { throw Refusal(.conflict, "id: the party has (or had) a member '\(id)'") }
            guard count < Self.maxMembers else { throw Refusal(.conflict, "the party has \(Self.maxMembers) members, the most it may") }
            try await connection.query(
                "INSERT INTO members (party, id, name, role, ordinal) VALUES (\(token.party), \(id), \(name), \(role.rawValue), \(count))",
                logger: logger)
            try await connection.query(
                "INSERT INTO invitations (code, party, member, expires) VALUES (\(code), \(token.party), \(id), \(expires))", logger: logger)
            try await connection.query("UPDATE parties SET epoch = epoch + 1 WHERE id = \(token.party)", logger: logger)
        }
        rules.forget(token.party)
        return ["member": .string(id), "role": .string(role.rawValue), "code": .string(code)]
    }

    /// `DELETE /v1/parties/{party}/members/{member}` (manage_members): their token stops working at once.
    func removeMember(_ token: RelayToken, _ member: String) async throws(Refusal) -> JSONValue {
        try await database.transaction { [self] connection in
            _ = try await lock(token.party, on: connection)
            let me = try await caller(token, on: connection)
            try Self.require(me.role.managesMembers, me, "remove members")
            var guardians: [String] = [], found = false
            for try await (id, role) in try await connection.query(
                "SELECT id, role FROM members WHERE party = \(token.party) AND NOT removed", logger: logger
            ).decode((String, String).self) {
                if id == member { found = true }
                if role == PartyRole.guardian.rawValue { guardians.append(id) }
            }
            guard found else { throw Refusal(.notFound, "the party has no member '\(Excerpt.text(member))'") }
            guard guardians != [member] else { throw Refusal(.conflict, "'\(member)' is the party's only guardian; a party needs one") }
            try await connection.query("UPDATE members SET removed = true WHERE party = \(token.party) AND id = \(member)", logger: logger)
            try await connection.query("DELETE FROM invitations WHERE party = \(token.party) AND member = \(member)", logger: logger)
            try await connection.query("DELETE FROM watches WHERE party = \(token.party) AND member = \(member)", logger: logger)
            try await connection.query("UPDATE parties SET epoch = epoch + 1 WHERE id = \(token.party)", logger: logger)
        }
        rules.forget(token.party)
        return ["removed": .string(member)]
    }

    /// `PUT /v1/parties/{party}/zones/{zone}` (change_zones): a zone as a party file writes it.
    func setZone(_ token: RelayToken, _ id: String, _ bytes: [UInt8]) async throws(Refusal) -> JSONValue {
        try RelayBody.checkID(id, field: "the zone's id")
        var json: JSONValue
        do { json = try JSONValue.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            throw Refusal(.badRequest, "the body is not JSON: \(error.description)")
        }
        if case .object(var o) = json, o["id"] == nil {
            o["id"] = .string(id)
            json = .object(o)
        }
        let zone = try Self.zone(json, path: "zone")
        guard zone.id == id else { throw Refusal(.badRequest, "zone.id: '\(zone.id)' is not the path's '\(id)'") }
        try await database.transaction { [self] connection in
            _ = try await lock(token.party, on: connection)
            let me = try await caller(token, on: connection)
            try Self.require(me.role.changesZones, me, "change safe zones")
            var ordinal: Int?, count = 0
            for try await (other, n) in try await connection.query(
                "SELECT id, ordinal FROM zones WHERE party = \(token.party)", logger: logger
            ).decode((String, Int).self) {
                count += 1
                if other == id { ordinal = n }
            }
            if let ordinal {
                try await connection.query(
                    "UPDATE zones SET spec = \(zone.json.description) WHERE party = \(token.party) AND id = \(id) AND ordinal = \(ordinal)",
                    logger: logger)
            } else {
                guard count < Self.maxZones else { throw Refusal(.conflict, "the party has \(Self.maxZones) zones, the most it may") }
                try await connection.query(
                    "INSERT INTO zones (party, id, ordinal, spec) VALUES (\(token.party), \(id), \(count), \(zone.json.description))", logger: logger)
            }
            try await connection.query("UPDATE parties SET epoch = epoch + 1 WHERE id = \(token.party)", logger: logger)
        }
        rules.forget(token.party)
        return zone.json
    }

    /// `DELETE /v1/parties/{party}/zones/{zone}` (change_zones).
    func removeZone(_ token: RelayToken, _ id: String) async throws(Refusal) -> JSONValue {
        try await database.transaction { [self] connection in
            _ = try await lock(token.party, on: connection)
            let me = try await caller(token, on: connection)
            try Self.require(me.role.changesZones, me, "change safe zones")
            var found = false
            for try await _ in try await connection.query(
                "DELETE FROM zones WHERE party = \(token.party) AND id = \(id) RETURNING id", logger: logger
            ).decode(String.self) { found = true }
            guard found else { throw Refusal(.notFound, "the party has no zone '\(Excerpt.text(id))'") }
            try await connection.query("UPDATE parties SET epoch = epoch + 1 WHERE id = \(token.party)", logger: logger)
        }
        rules.forget(token.party)
        return ["removed": .string(id)]
    }

    /// A zone's JSON checked by the party file's rules, kept as given.
    static func zone(_ json: JSONValue, path: String) throws(Refusal) -> (id: String, json: JSONValue) {
        do {
            let zone = try PartyFile.zone(json, path: path)
            return (zone.spec.id, json)
        } catch {
            throw Refusal(.badRequest, error.description)
        }
    }

    static func zones(_ json: JSONValue?) throws(Refusal) -> [(id: String, json: JSONValue)] {
        guard let json else { return [] }
        guard let list = json.arrayValue else { throw Refusal(.badRequest, "zones: expected a list") }
        guard list.count <= maxZones else { throw Refusal(.badRequest, "zones: at most \(maxZones)") }
        var out: [(id: String, json: JSONValue)] = []
        for (i, item) in list.enumerated() {
            let zone = try zone(item, path: "zones[\(i + 1)]")
            try RelayBody.checkID(zone.id, field: "zones[\(i + 1)].id")
            guard !out.contains(where: { $0.id == zone.id }) else { throw Refusal(.badRequest, "zones[\(i + 1)].id: '\(zone.id)' is named twice") }
            out.append(zone)
        }
        return out
    }
}
