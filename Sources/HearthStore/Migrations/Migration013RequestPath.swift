extension Migration {
    /// The request path. A check counts its purchase in the same statement (a trigger, so the
    /// check and the count land together without a transaction around them). A list's items are
    /// read in the order of an index, page by page, and an added name finds its line by index. On PostgreSQL, every server hears when users,
    /// sessions or tokens change (NOTIFY, see `Database.watchChanges`).
    static let requestPath = Migration(number: 13, name: "request path", statements: [
        "DROP INDEX list_items_list",
        "CREATE INDEX list_items_to_buy ON list_items(list_id, purchased, created_at, id)",
        "CREATE INDEX list_items_in_basket ON list_items(list_id, purchased, changed_at DESC, created_at, id)",
        // The unchecked line an added name joins, without reading the whole list.
        "CREATE INDEX list_items_by_name ON list_items(list_id, name_key, purchased, created_at)",
    ], sqliteOnly: [
        """
        CREATE TRIGGER list_items_count_purchase AFTER UPDATE OF purchased ON list_items
        WHEN NEW.purchased AND NOT OLD.purchased
        BEGIN
            UPDATE list_item_history SET purchased_count = purchased_count + 1, last_used_at = NEW.updated_at
            WHERE household_id = NEW.household_id AND name_key = NEW.name_key;
        END
        """,
    ], postgresOnly: [
        """
        CREATE FUNCTION list_items_count_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            UPDATE list_item_history SET purchased_count = purchased_count + 1, last_used_at = NEW.updated_at
            WHERE household_id = NEW.household_id AND name_key = NEW.name_key;
            RETURN NULL;
        END $$
        """,
        """
        CREATE TRIGGER list_items_count_purchase AFTER UPDATE OF purchased ON list_items
        FOR EACH ROW WHEN (NEW.purchased AND NOT OLD.purchased) EXECUTE FUNCTION list_items_count_purchase()
        """,
        "CREATE FUNCTION credentials_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('hearth_credentials', ''); RETURN NULL; END $$",
        "CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION credentials_changed()",
        "CREATE TRIGGER sessions_revoked AFTER DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION credentials_changed()",
        "CREATE TRIGGER api_tokens_revoked AFTER DELETE ON api_tokens FOR EACH STATEMENT EXECUTE FUNCTION credentials_changed()",
    ])
}
