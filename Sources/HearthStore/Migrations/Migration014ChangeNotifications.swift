extension Migration {
    /// On PostgreSQL, every server hears when lists or their items change (NOTIFY on `hearth_lists`)
    /// and when timers or Focus settings do (`hearth_focus`), and forgets what it read of them
    /// before (see `Database.watchChanges`).
    static let changeNotifications = Migration(number: 14, name: "change notifications", statements: [], postgresOnly: [
        "CREATE FUNCTION lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('hearth_lists', ''); RETURN NULL; END $$",
        "CREATE TRIGGER shopping_lists_changed AFTER INSERT OR UPDATE OR DELETE ON shopping_lists FOR EACH STATEMENT EXECUTE FUNCTION lists_changed()",
        "CREATE TRIGGER list_items_changed AFTER INSERT OR UPDATE OR DELETE ON list_items FOR EACH STATEMENT EXECUTE FUNCTION lists_changed()",
        "CREATE FUNCTION focus_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('hearth_focus', ''); RETURN NULL; END $$",
        "CREATE TRIGGER focus_timers_changed AFTER INSERT OR UPDATE OR DELETE ON focus_timers FOR EACH STATEMENT EXECUTE FUNCTION focus_changed()",
        "CREATE TRIGGER focus_settings_changed AFTER INSERT OR UPDATE OR DELETE ON focus_settings FOR EACH STATEMENT EXECUTE FUNCTION focus_changed()",
    ])
}
