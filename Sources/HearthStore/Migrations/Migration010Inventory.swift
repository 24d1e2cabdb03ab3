extension Migration {
    /// The home inventory: rooms and categories (one table, told apart by `kind`), items with their
    /// tags, photos and receipts, and full-text search (FTS5 on SQLite, a GIN index on PostgreSQL).
    /// Money is minor units in BIGINT beside its currency; dates without a time are `YYYY-MM-DD` text.
    static let inventory = Migration(
        number: 10, name: "inventory",
        statements: [
            "ALTER TABLE households ADD COLUMN currency TEXT NOT NULL DEFAULT 'USD'",
            "ALTER TABLE households ADD COLUMN inventory_ready {bool} NOT NULL DEFAULT FALSE",
            """
            CREATE TABLE inventory_groups (
                id {uuid} PRIMARY KEY,
                household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                kind TEXT NOT NULL CHECK (kind IN ('room', 'category')),
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                icon TEXT,
                position INTEGER NOT NULL,
                is_default {bool} NOT NULL,
                created_at {timestamp} NOT NULL,
                updated_at {timestamp} NOT NULL,
                UNIQUE (household_id, kind, name_key)
            )
            """,
            """
            CREATE TABLE inventory_items (
                id {uuid} PRIMARY KEY,
                household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                description TEXT,
                room_id {uuid} REFERENCES inventory_groups(id) ON DELETE SET NULL,
                category_id {uuid} REFERENCES inventory_groups(id) ON DELETE SET NULL,
                quantity INTEGER NOT NULL CHECK (quantity >= 1),
                brand TEXT,
                model TEXT,
                serial_number TEXT,
                barcode TEXT,
                purchase_date TEXT,
                purchase_place TEXT,
                purchase_price BIGINT CHECK (purchase_price >= 0),
                purchase_currency TEXT,
                replacement_value BIGINT CHECK (replacement_value >= 0),
                replacement_currency TEXT,
                condition TEXT,
                warranty_until TEXT,
                notes TEXT,
                photo_count INTEGER NOT NULL DEFAULT 0,
                receipt_count INTEGER NOT NULL DEFAULT 0,
                primary_photo_id {uuid},
                search_text TEXT NOT NULL DEFAULT '',
                created_at {timestamp} NOT NULL,
                updated_at {timestamp} NOT NULL,
                deleted_at {timestamp},
                CHECK ((purchase_price IS NULL) = (purchase_currency IS NULL)),
                CHECK ((replacement_value IS NULL) = (replacement_currency IS NULL))
            )
            """,
            // Partial indexes: PostgreSQL uses an index for the list's order only when the index
            // itself leaves the deleted items out (with deleted_at as a column it sorted the table).
            "CREATE INDEX inventory_items_by_name ON inventory_items(household_id, name_key, id) WHERE deleted_at IS NULL",
            "CREATE INDEX inventory_items_by_added ON inventory_items(household_id, created_at, id) WHERE deleted_at IS NULL",
            "CREATE INDEX inventory_items_deleted ON inventory_items(household_id, deleted_at) WHERE deleted_at IS NOT NULL",
            "CREATE INDEX inventory_items_by_barcode ON inventory_items(household_id, barcode)",
            "CREATE INDEX inventory_items_room ON inventory_items(room_id)",
            "CREATE INDEX inventory_items_category ON inventory_items(category_id)",
            """
            CREATE TABLE inventory_item_tags (
                item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
                household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                tag_key TEXT NOT NULL,
                PRIMARY KEY (item_id, tag_key)
            )
            """,
            "CREATE INDEX inventory_item_tags_by_tag ON inventory_item_tags(household_id, tag_key)",
            """
            CREATE TABLE inventory_photos (
                id {uuid} PRIMARY KEY,
                item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
                household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                sha256 TEXT NOT NULL,
                content_type TEXT NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                byte_size BIGINT NOT NULL,
                position INTEGER NOT NULL,
                created_at {timestamp} NOT NULL
            )
            """,
            "CREATE INDEX inventory_photos_item ON inventory_photos(item_id, position)",
            "CREATE INDEX inventory_photos_file ON inventory_photos(sha256)",
            """
            CREATE TABLE inventory_receipts (
                id {uuid} PRIMARY KEY,
                household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                status TEXT NOT NULL,
                vendor TEXT,
                receipt_date TEXT,
                total BIGINT,
                total_currency TEXT,
                tax BIGINT,
                tax_currency TEXT,
                receipt_number TEXT,
                lines TEXT NOT NULL DEFAULT '[]',
                ocr_text TEXT,
                proposal TEXT,
                image_sha256 TEXT,
                image_type TEXT,
                image_size BIGINT,
                image_width INTEGER,
                image_height INTEGER,
                created_at {timestamp} NOT NULL,
                updated_at {timestamp} NOT NULL
            )
            """,
            "CREATE INDEX inventory_receipts_household ON inventory_receipts(household_id, created_at)",
            "CREATE INDEX inventory_receipts_file ON inventory_receipts(image_sha256)",
            """
            CREATE TABLE inventory_receipt_items (
                receipt_id {uuid} NOT NULL REFERENCES inventory_receipts(id) ON DELETE CASCADE,
                item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
                household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                PRIMARY KEY (receipt_id, item_id)
            )
            """,
            "CREATE INDEX inventory_receipt_items_item ON inventory_receipt_items(item_id)",
        ],
        sqliteOnly: [
            // FTS5 rows are numbered; `inventory_search_rows` gives each item a number that VACUUM keeps
            // (an INTEGER PRIMARY KEY), and its trigger removes the text when the item goes.
            """
            CREATE TABLE inventory_search_rows (
                row INTEGER PRIMARY KEY,
                item_id TEXT NOT NULL UNIQUE REFERENCES inventory_items(id) ON DELETE CASCADE
            )
            """,
            "CREATE VIRTUAL TABLE inventory_search USING fts5(body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')",
            """
            CREATE TRIGGER inventory_search_rows_deleted AFTER DELETE ON inventory_search_rows
            BEGIN DELETE FROM inventory_search WHERE rowid = OLD.row; END
            """,
        ],
        postgresOnly: [
            "CREATE INDEX inventory_items_search ON inventory_items USING GIN (to_tsvector('simple', search_text))",
        ]
    )
}
