extension Migration {
    /// Events that every server of a cluster hears, kept for a while so that a stream reopened on
    /// any server replays what it missed (PostgreSQL only: one SQLite server keeps them in memory).
    /// Each household numbers its events in commit order: the counter's row stays locked until the
    /// event's statement commits. Every new event is announced with a NOTIFY naming it.
    static let events = Migration(number: 16, name: "events", statements: [], postgresOnly: [
        "CREATE TABLE event_counters (household_id UUID PRIMARY KEY, seq BIGINT NOT NULL)",
        """
        CREATE TABLE events (
            household_id UUID NOT NULL,
            seq BIGINT NOT NULL,
            user_id UUID,
            name TEXT NOT NULL,
            data TEXT NOT NULL,
            created_at TIMESTAMPTZ NOT NULL,
            PRIMARY KEY (household_id, seq)
        )
        """,
        "CREATE INDEX events_created ON events(created_at)",
        """
        CREATE FUNCTION event_appended() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('hearth_events', NEW.household_id::text || ' ' || NEW.seq::text); RETURN NULL; END $$
        """,
        "CREATE TRIGGER events_appended AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION event_appended()",
    ])
}
