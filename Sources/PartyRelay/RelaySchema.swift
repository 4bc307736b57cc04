/// The relay's tables (docs/relay.md, "Schema"). Everything is keyed by party first: a party's
/// rows sit together, every query of a request names one party, and the schema partitions by
/// hash of `party` without a change to a query.
///
/// - `parties`: one row per party; `log_seq` is its log's last entry and `epoch` moves when
///   its members or zones change. Every write of the party's log moves the row from where its
///   evaluation read it (or holds its lock), so one party's reports are evaluated one at a
///   time, by any relay.
/// - `members`: roles and the latest fix; `ordinal` is the member's index in the rules.
/// - `zones`, `invitations`, `watches`: as they read.
/// - `party_log`: every fix stored and every tick of the party's clock, in order: what the
///   rules' state is rebuilt from by a relay that did not see them.
/// - `alerts`: what the rules raised; `deliveries`: one per alert and recipient, the live
///   connections' feed (its id is the event id a phone resumes after); `outbox`: one per
///   alert, recipient and channel (push, sms, email), for a sender to drain.
enum RelaySchema {
    /// The version this relay writes; a database of another refuses to start.
    static let version = 1

    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS relay_schema (version integer NOT NULL)
        """,
        """
        CREATE TABLE IF NOT EXISTS parties (
            id text PRIMARY KEY, name text NOT NULL, park text NOT NULL,
            drift_m double precision NOT NULL, silence_s double precision NOT NULL,
            log_seq bigint NOT NULL DEFAULT 0, epoch bigint NOT NULL DEFAULT 0,
            next_tick double precision, created timestamptz NOT NULL DEFAULT now())
        """,
        "CREATE INDEX IF NOT EXISTS parties_next_tick ON parties (next_tick) WHERE next_tick IS NOT NULL",
        """
        CREATE TABLE IF NOT EXISTS members (
            party text NOT NULL REFERENCES parties ON DELETE CASCADE, id text NOT NULL,
            name text NOT NULL, role text NOT NULL, ordinal integer NOT NULL,
            notify text[] NOT NULL DEFAULT '{push}', joined boolean NOT NULL DEFAULT false,
            removed boolean NOT NULL DEFAULT false, last_seq bigint NOT NULL DEFAULT 0,
            last_time double precision, last_lat double precision, last_lon double precision,
            last_accuracy double precision, PRIMARY KEY (party, id))
        """,
        """
        CREATE TABLE IF NOT EXISTS zones (
            party text NOT NULL REFERENCES parties ON DELETE CASCADE, id text NOT NULL,
            ordinal integer NOT NULL, spec text NOT NULL, PRIMARY KEY (party, id))
        """,
        """
        CREATE TABLE IF NOT EXISTS invitations (
            code text PRIMARY KEY, party text NOT NULL REFERENCES parties ON DELETE CASCADE,
            member text NOT NULL, expires double precision NOT NULL, used boolean NOT NULL DEFAULT false)
        """,
        """
        CREATE TABLE IF NOT EXISTS party_log (
            party text NOT NULL REFERENCES parties ON DELETE CASCADE, seq bigint NOT NULL,
            member text, client_seq bigint, time double precision NOT NULL,
            lat double precision, lon double precision, accuracy double precision,
            received timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (party, seq))
        """,
        "CREATE UNIQUE INDEX IF NOT EXISTS party_log_report ON party_log (party, member, client_seq) WHERE member IS NOT NULL",
        """
        CREATE TABLE IF NOT EXISTS watches (
            party text NOT NULL REFERENCES parties ON DELETE CASCADE, member text NOT NULL,
            until double precision NOT NULL, alerted boolean NOT NULL DEFAULT false,
            PRIMARY KEY (party, member))
        """,
        "CREATE INDEX IF NOT EXISTS watches_until ON watches (until) WHERE NOT alerted",
        """
        CREATE TABLE IF NOT EXISTS alerts (
            party text NOT NULL REFERENCES parties ON DELETE CASCADE, id bigserial,
            kind text NOT NULL, time double precision NOT NULL, member text NOT NULL,
            other text, zone text, lat double precision, lon double precision,
            distance double precision, created timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (party, id))
        """,
        """
        CREATE TABLE IF NOT EXISTS deliveries (
            party text NOT NULL, id bigserial, recipient text NOT NULL, alert bigint NOT NULL,
            sees boolean NOT NULL, PRIMARY KEY (party, id),
            FOREIGN KEY (party, alert) REFERENCES alerts (party, id) ON DELETE CASCADE)
        """,
        "CREATE INDEX IF NOT EXISTS deliveries_recipient ON deliveries (party, recipient, id)",
        """
        CREATE TABLE IF NOT EXISTS outbox (
            party text NOT NULL, id bigserial, recipient text NOT NULL, alert bigint NOT NULL,
            channel text NOT NULL, created timestamptz NOT NULL DEFAULT now(), sent timestamptz,
            PRIMARY KEY (party, id), FOREIGN KEY (party, alert) REFERENCES alerts (party, id) ON DELETE CASCADE)
        """,
        "CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (id) WHERE sent IS NULL",
    ]

    /// The channel NOTIFY carries new deliveries on: the payload is the party's id.
    static let channel = "flowrun_relay"
}
