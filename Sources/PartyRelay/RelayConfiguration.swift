/// How a relay runs: every limit and default of the service in one place, each documented
/// beside its field (docs/relay.md, "Limits"). `flowrun relay`'s options set a few of them.
public struct RelayConfiguration: Sendable {
    /// The PostgreSQL database (`--db`): `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|require]`.
    public var database: RelayDatabaseURL
    /// The address to listen on (`--host`): 127.0.0.1, behind a proxy on the same machine.
    public var host = "127.0.0.1"
    /// The port (`--port`); 0 for any free one.
    public var port = 8470
    /// Connections open at once (`--max-connections`): every member's phone holds one for its
    /// alerts (Server-Sent Events), so it is a relay's members, not its requests.
    public var connections = 8_192
    /// PostgreSQL connections the relay's pool may open.
    public var databaseConnections = 16
    /// Batches of reports stored at once: reports that arrive while these run wait for the
    /// next batch, and go together (group commit, one statement for many; docs/relay.md).
    public var reportLanes = 4
    /// Requests in one batch of reports at most.
    public var reportsPerBatch = 100
    /// Seconds a request waits for the database before it is answered 503 (`Retry-After: 1`).
    public var databaseSeconds = 5.0

    /// The largest request body: a batch of reports, a party with its zones.
    public var maxBodyBytes = 64 << 10
    /// Reports in one request at most (a phone's offline queue is sent in batches of this).
    public var maxReportsPerRequest = 100
    /// Seconds a report's time may be ahead of the relay's clock (phones' clocks drift a little).
    public var futureSkew = 60.0
    /// Seconds a report may be old: a phone offline longer than this has its older fixes refused.
    public var pastWindow = 86_400.0
    /// Requests one member may make in a minute, on one relay, before 429 (a phone sends one
    /// every few seconds at most; its offline queue goes in batches).
    public var requestsPerMinute = 120
    /// Seconds an invitation code may be used for.
    public var invitationSeconds = 7 * 86_400.0
    /// Seconds a member's token is valid for (then the app joins again... or asks a guardian).
    public var tokenSeconds = 30 * 86_400.0
    /// Seconds between comments on an idle event stream, so proxies keep it open.
    public var keepAliveSeconds = 15.0
    /// Seconds between the relay's looks for silences and watches that ran out.
    public var sweepSeconds = 1.0
    /// Seconds the relay's clock waits before calling a member silent, for reports in flight.
    public var silenceGrace = 5.0
    /// Parties whose rules state a relay keeps in memory (rebuilt from the log when evicted).
    public var cachedParties = 20_000

    /// A relay of `database` with the defaults above.
    public init(database: RelayDatabaseURL) { self.database = database }
}
