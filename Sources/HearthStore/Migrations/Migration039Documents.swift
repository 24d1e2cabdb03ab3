extension Migration {
    /// Documents on an item: a manual, warranty, appraisal, receipt or other paper, as a PDF or a
    /// picture kept in the media store like photos (the sweep finds them by `sha256`). They go with
    /// their item when it is purged.
    static let documents = Migration(number: 39, name: "documents", statements: [
        """
        CREATE TABLE inventory_documents (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            item_id {uuid} NOT NULL REFERENCES inventory_items(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('manual', 'warranty', 'appraisal', 'receipt', 'other')),
            title TEXT NOT NULL,
            file_name TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            content_type TEXT NOT NULL,
            byte_size BIGINT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            page_count INTEGER NOT NULL,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL
        )
        """,
        "CREATE INDEX inventory_documents_by_item ON inventory_documents(item_id, created_at)",
        "CREATE INDEX inventory_documents_by_household ON inventory_documents(household_id)",
        "CREATE INDEX inventory_documents_file ON inventory_documents(sha256)",
    ])
}
