extension Migration {
    /// Insurance claims: the incident, the items lost (by id: a frozen claim keeps its snapshot
    /// when an item is later deleted), and the frozen snapshot with its SHA-256.
    static let claims = Migration(number: 12, name: "claims", statements: [
        """
        CREATE TABLE inventory_claims (
            id {uuid} PRIMARY KEY,
            household_id {uuid} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
            incident_kind TEXT NOT NULL,
            incident_date TEXT NOT NULL,
            description TEXT,
            reference TEXT,
            status TEXT NOT NULL CHECK (status IN ('draft', 'frozen')),
            snapshot TEXT,
            sha256 TEXT,
            created_at {timestamp} NOT NULL,
            updated_at {timestamp} NOT NULL,
            CHECK ((status = 'frozen') = (snapshot IS NOT NULL AND sha256 IS NOT NULL))
        )
        """,
        "CREATE INDEX inventory_claims_household ON inventory_claims(household_id, created_at)",
        """
        CREATE TABLE inventory_claim_lines (
            claim_id {uuid} NOT NULL REFERENCES inventory_claims(id) ON DELETE CASCADE,
            item_id {uuid} NOT NULL,
            position INTEGER NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity >= 1),
            outcome TEXT NOT NULL DEFAULT 'open',
            paid_amount BIGINT CHECK (paid_amount >= 0),
            paid_currency TEXT,
            PRIMARY KEY (claim_id, item_id),
            CHECK ((paid_amount IS NULL) = (paid_currency IS NULL))
        )
        """,
    ])
}
