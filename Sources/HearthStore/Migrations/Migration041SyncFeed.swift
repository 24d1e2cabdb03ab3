extension Migration {
    /// The sync feed (``SyncStore``). Triggers note every change of what the feed carries in
    /// `sync_pending`, in the changing transaction, whatever code made it (the API, pages, imports,
    /// restores, the timer's scheduler). A stamp later gives each noted entity the household's next
    /// version, with the household's head row locked, so versions follow the order stamps commit
    /// and a change that commits late is stamped later, never behind a cursor. A bulk writer (a
    /// restore, an import) makes its transaction quiet instead and notes its household's entities
    /// in a few statements (``SyncStore/quietly(householdId:kind:on:_:)``). `sync_changes`
    /// keeps each entity's latest version (and deletions, as tombstones), `sync_heads` each
    /// household's latest version and the newest tombstone forgotten, and `sync_mutations` what a
    /// push answered to each mutation (a replay gets the same answer).
    ///
    /// What is there already is noted as changed, so the first stamp versions all of it.
    static let syncFeed = Migration(
        number: 41, name: "sync feed",
        statements: [
            """
            CREATE TABLE sync_changes (
                household_id {uuid} NOT NULL,
                entity TEXT NOT NULL,
                entity_id {uuid} NOT NULL,
                user_id {uuid},
                version BIGINT NOT NULL,
                changed_at {timestamp} NOT NULL,
                deleted {bool} NOT NULL,
                PRIMARY KEY (household_id, entity, entity_id)
            )
            """,
            "CREATE UNIQUE INDEX sync_changes_version ON sync_changes(household_id, version)",
            "CREATE INDEX sync_changes_tombstones ON sync_changes(changed_at) WHERE deleted",
            """
            CREATE TABLE sync_heads (
                household_id {uuid} PRIMARY KEY,
                version BIGINT NOT NULL,
                forgotten BIGINT NOT NULL
            )
            """,
            // What a push answered to each mutation, for a replay.
            """
            CREATE TABLE sync_mutations (
                user_id {uuid} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                mutation_id {uuid} NOT NULL,
                result TEXT NOT NULL,
                created_at {timestamp} NOT NULL,
                PRIMARY KEY (user_id, mutation_id)
            )
            """,
            "CREATE INDEX sync_mutations_created ON sync_mutations(created_at)",
            // A changed item finds the draft claims that show it.
            "CREATE INDEX inventory_claim_lines_item ON inventory_claim_lines(item_id)",
        ],
        sqliteOnly: SyncMark.pendingTable(now: "unixepoch('subsec')") + SyncMark.backfill
            // A bulk writer's transaction is quiet while it holds a row here (PostgreSQL: `hearth.sync_quiet`).
            + ["CREATE TABLE sync_quiet (household_id {uuid} NOT NULL)"] + SyncMark.sqliteTriggers,
        postgresOnly: SyncMark.pendingTable(now: "now()") + SyncMark.backfill + SyncMark.postgresFunctionsAndTriggers
    )
}

/// One rule of migration 41: a change of a row of `table` notes an entity as changed. Written
/// once for both databases: `{r}` is the row the rule reads (SQLite's `NEW`/`OLD`, a PostgreSQL
/// statement's transition table), `{n}` and `{o}` the row after and before an update.
private struct SyncMark {
    enum Event: String, CaseIterable { case insert, update, delete }

    let table: String
    /// The table's key, to pair an update's rows before and after on PostgreSQL.
    var key = "id"
    let events: Set<Event>
    /// On an update, whether the rule reads the row as it was rather than as it is.
    var readsOldRow = false
    let entity: String
    var id = "{r}.id"
    var household = "{r}.household_id"
    /// Whose the entity is, for an account's own things; NULL for the household's.
    var user = "CAST(NULL AS {uuid})"
    /// Another table the rule reads (`focus_sessions s`), and how it joins the row.
    var join: (table: String, on: String)?
    /// On an update, when the rule applies; always when nil.
    var when: String?

    /// The table's own (`users`) household of an account's things. A row of a deleted account
    /// finds none and is not noted: nobody sees it any more.
    static let ownersHousehold = "(SELECT household_id FROM users WHERE id = {r}.user_id)"

    /// The noted changes, each at the time its transaction wrote it (`now`). A queue that stamps empty
    /// within the hour, so without an index: a note is an append, and a restore of 100,000 items
    /// writes 300,000 of them. (An item's tags are written with the item's row, which notes it.)
    static func pendingTable(now: String) -> [String] {
        [
            """
            CREATE TABLE sync_pending (
                household_id {uuid} NOT NULL,
                entity TEXT NOT NULL,
                entity_id {uuid} NOT NULL,
                user_id {uuid},
                changed_at {timestamp} NOT NULL DEFAULT (\(now))
            )
            """,
        ]
    }

    static let all: [SyncMark] = [
        SyncMark(table: "shopping_lists", events: [.insert, .update, .delete], entity: "'list'"),
        // A list's items go with it into Recently deleted, and come back with it.
        SyncMark(table: "shopping_lists", events: [.update], entity: "'listItem'", id: "li.id", household: "li.household_id",
                 join: ("list_items li", "li.list_id = {r}.id"), when: "{o}.deleted_at IS DISTINCT FROM {n}.deleted_at"),
        // A list's counts of items and of checked items.
        SyncMark(table: "list_items", events: [.insert, .update, .delete], entity: "'listItem'"),
        SyncMark(table: "list_items", events: [.insert, .delete, .update], entity: "'list'", id: "{r}.list_id",
                 when: "{o}.purchased IS DISTINCT FROM {n}.purchased OR {o}.list_id IS DISTINCT FROM {n}.list_id"),
        SyncMark(table: "list_items", events: [.update], readsOldRow: true, entity: "'list'", id: "{r}.list_id",
                 when: "{o}.list_id IS DISTINCT FROM {n}.list_id"),

        SyncMark(table: "inventory_items", events: [.insert, .update, .delete], entity: "'inventoryItem'"),
        // An item's photos go with it into Recently deleted, and come back with it.
        SyncMark(table: "inventory_items", events: [.update], entity: "'photo'", id: "p.id", household: "p.household_id",
                 join: ("inventory_photos p", "p.item_id = {r}.id"), when: "{o}.deleted_at IS DISTINCT FROM {n}.deleted_at"),
        // A room's and a category's counts of items outside Recently deleted.
        SyncMark(table: "inventory_items", events: [.insert, .delete, .update], entity: "'room'", id: "{r}.room_id",
                 when: "{o}.room_id IS DISTINCT FROM {n}.room_id OR {o}.deleted_at IS DISTINCT FROM {n}.deleted_at"),
        SyncMark(table: "inventory_items", events: [.update], readsOldRow: true, entity: "'room'", id: "{r}.room_id",
                 when: "{o}.room_id IS DISTINCT FROM {n}.room_id"),
        SyncMark(table: "inventory_items", events: [.insert, .delete, .update], entity: "'category'", id: "{r}.category_id",
                 when: "{o}.category_id IS DISTINCT FROM {n}.category_id OR {o}.deleted_at IS DISTINCT FROM {n}.deleted_at"),
        SyncMark(table: "inventory_items", events: [.update], readsOldRow: true, entity: "'category'", id: "{r}.category_id",
                 when: "{o}.category_id IS DISTINCT FROM {n}.category_id"),
        // A draft claim shows its items as they are now.
        SyncMark(table: "inventory_items", events: [.update, .delete], entity: "'claim'", id: "c.id", household: "c.household_id",
                 join: ("inventory_claim_lines l JOIN inventory_claims c ON c.id = l.claim_id", "l.item_id = {r}.id AND c.status = 'draft'")),
        SyncMark(table: "inventory_photos", events: [.insert, .update, .delete], entity: "'photo'"),

        SyncMark(table: "inventory_groups", events: [.insert, .update, .delete], entity: "{r}.kind"),
        // An item's actual cash value follows its category's depreciation.
        SyncMark(table: "inventory_groups", events: [.update], entity: "'inventoryItem'", id: "i.id", household: "i.household_id",
                 join: ("inventory_items i", "i.category_id = {r}.id"),
                 when: "{o}.useful_life_years IS DISTINCT FROM {n}.useful_life_years OR {o}.depreciation_floor IS DISTINCT FROM {n}.depreciation_floor"),

        SyncMark(table: "inventory_receipts", events: [.insert, .update, .delete], entity: "'receipt'"),
        SyncMark(table: "inventory_receipt_items", key: "receipt_id", events: [.insert, .update, .delete], entity: "'receipt'", id: "{r}.receipt_id"),
        SyncMark(table: "inventory_claims", events: [.insert, .update, .delete], entity: "'claim'"),
        SyncMark(table: "inventory_claim_lines", key: "claim_id", events: [.insert, .update, .delete], entity: "'claim'", id: "{r}.claim_id",
                 household: "(SELECT household_id FROM inventory_claims WHERE id = {r}.claim_id)"),

        // An account's own things, in the household it is in.
        SyncMark(table: "focus_settings", key: "user_id", events: [.insert, .update], entity: "'focusSettings'", id: "{r}.user_id",
                 household: ownersHousehold, user: "{r}.user_id"),
        // The timer tells how many focus sessions until a long break, and how many today.
        SyncMark(table: "focus_settings", key: "user_id", events: [.insert, .update], entity: "'timer'", id: "{r}.user_id",
                 household: ownersHousehold, user: "{r}.user_id"),
        SyncMark(table: "focus_timers", key: "user_id", events: [.insert, .update], entity: "'timer'", id: "{r}.user_id",
                 household: ownersHousehold, user: "{r}.user_id"),
        SyncMark(table: "focus_sessions", events: [.insert, .update, .delete], entity: "'focusSession'",
                 household: ownersHousehold, user: "{r}.user_id"),
        SyncMark(table: "focus_sessions", events: [.insert, .delete], entity: "'timer'", id: "{r}.user_id",
                 household: ownersHousehold, user: "{r}.user_id"),
        // A new account has settings and a timer (their defaults) from the start; an account that
        // moves takes its things into its new household.
        SyncMark(table: "users", events: [.insert, .update], entity: "'accountSettings'", user: "{r}.id",
                 when: "{o}.theme IS DISTINCT FROM {n}.theme OR {o}.accent IS DISTINCT FROM {n}.accent OR {o}.household_id IS DISTINCT FROM {n}.household_id"),
        SyncMark(table: "users", events: [.insert, .update], entity: "'focusSettings'", user: "{r}.id",
                 when: "{o}.household_id IS DISTINCT FROM {n}.household_id"),
        SyncMark(table: "users", events: [.insert, .update], entity: "'timer'", user: "{r}.id",
                 when: "{o}.household_id IS DISTINCT FROM {n}.household_id OR {o}.time_zone IS DISTINCT FROM {n}.time_zone"),
        SyncMark(table: "users", events: [.update], entity: "'focusSession'", id: "s.id", user: "{r}.id",
                 join: ("focus_sessions s", "s.user_id = {r}.id"), when: "{o}.household_id IS DISTINCT FROM {n}.household_id"),
    ]

    /// The rule's INSERT, with `{r}`, `{n}` and `{o}` written as `row`, `new` and `old`; over many rows
    /// (`from`), each entity once (a COPY of 20,000 items notes their few rooms a few times, not 20,000).
    /// An update's rows before and after are paired only for a rule that reads both.
    func insert(row: String, new: String, old: String, from: String?) -> String {
        func written(_ text: String) -> String {
            text.replacingOccurrences(of: "{r}", with: row).replacingOccurrences(of: "{n}", with: new).replacingOccurrences(of: "{o}", with: old)
        }
        let household = written(self.household)
        var conditions = ["\(household) IS NOT NULL", "\(written(id)) IS NOT NULL"]
        var tables = [from].compactMap { $0 }
        if let join {
            tables.append(join.table)
            conditions.append(written(join.on))
        }
        return """
            INSERT INTO sync_pending (household_id, entity, entity_id, user_id) \
            SELECT \(from == nil || id == "{r}.\(key)" && join == nil ? "" : "DISTINCT ")\(household), \(written(entity)), \(written(id)), \(written(user))\
            \(tables.isEmpty ? "" : " FROM " + tables.joined(separator: " CROSS JOIN ")) WHERE \(conditions.joined(separator: " AND "))
            """
    }

    /// Notes what is there already: each rule that applies when a row is inserted, over the rows.
    static var backfill: [String] {
        all.filter { $0.events.contains(.insert) }.map { $0.insert(row: "r", new: "r", old: "r", from: "\($0.table) r") }
    }

    func applies(to event: Event) -> Bool {
        events.contains(event) && !(readsOldRow && event != .update)
    }

    static var sqliteTriggers: [String] {
        tablesAndEvents.map { table, event in
            let statements = all.filter { $0.table == table && $0.applies(to: event) }.map { mark in
                let row = event == .delete || mark.readsOldRow ? "OLD" : "NEW"
                var statement = mark.insert(row: row, new: "NEW", old: "OLD", from: nil)
                if event == .update, let when = mark.when {
                    statement += " AND (\(when.replacingOccurrences(of: "{n}", with: "NEW").replacingOccurrences(of: "{o}", with: "OLD")))"
                }
                return statement + ";"
            }
            return "CREATE TRIGGER sync_\(table)_\(event.rawValue) AFTER \(event.rawValue.uppercased()) ON \(table) "
                + "WHEN NOT EXISTS (SELECT 1 FROM sync_quiet) BEGIN\n"
                + statements.joined(separator: "\n") + "\nEND"
        }
    }

    static var postgresFunctionsAndTriggers: [String] {
        tablesAndEvents.flatMap { table, event -> [String] in
            let name = "sync_\(table)_\(event.rawValue)"
            let statements = all.filter { $0.table == table && $0.applies(to: event) }.map { mark in
                let from: String
                switch event {
                case .insert: from = "new_rows n"
                case .delete: from = "old_rows o"
                case .update where mark.when == nil && !mark.readsOldRow: from = "new_rows n"
                case .update: from = "new_rows n JOIN old_rows o ON o.\(mark.key) = n.\(mark.key)"
                }
                let row = event == .delete || mark.readsOldRow ? "o" : "n"
                var statement = mark.insert(row: row, new: "n", old: "o", from: from)
                if event == .update, let when = mark.when {
                    statement += " AND (\(when.replacingOccurrences(of: "{n}", with: "n").replacingOccurrences(of: "{o}", with: "o")))"
                }
                return statement + ";"
            }
            let transition = switch event {
            case .insert: "NEW TABLE AS new_rows"
            case .delete: "OLD TABLE AS old_rows"
            case .update: "OLD TABLE AS old_rows NEW TABLE AS new_rows"
            }
            return [
                """
                CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                IF current_setting('hearth.sync_quiet', true) = 'on' THEN RETURN NULL; END IF;
                \(statements.joined(separator: "\n"))
                RETURN NULL;
                END $$
                """,
                "CREATE TRIGGER \(name) AFTER \(event.rawValue.uppercased()) ON \(table) REFERENCING \(transition) FOR EACH STATEMENT EXECUTE FUNCTION \(name)()",
            ]
        }
    }

    /// Every table and event some rule applies to, in the rules' order.
    private static var tablesAndEvents: [(String, Event)] {
        var seen: [(String, Event)] = []
        for mark in all {
            for event in Event.allCases where mark.applies(to: event) && !seen.contains(where: { $0 == (mark.table, event) }) {
                seen.append((mark.table, event))
            }
        }
        return seen
    }
}
