import Foundation
import HearthCore
import SQLKit

extension SyncStore {
    /// Gives the household's noted changes their versions: each entity noted once or more gets
    /// the next version (in the order of its latest change), and whether it is gone now. The
    /// household's head row is locked from the first statement to the commit, so stamps take turns
    /// and their versions follow commit order; a change that commits during a stamp is not among
    /// the rows it takes, and the next stamp versions it after this one's. A great many notes (an
    /// import) are stamped ``stampBatch`` at a time, each batch in a transaction of its own, so
    /// other writers wait for one batch at most.
    public func stamp(householdId: UUID) async throws {
        // Most reads find nothing noted; they neither lock nor write.
        guard try await database.sql.raw("SELECT 1 AS noted FROM sync_pending WHERE household_id = \(bind: householdId) LIMIT 1").first() != nil
        else { return }
        try await noteMarkedEverything(of: householdId)
        while try await stampBatch(householdId: householdId) == Self.stampBatch {}
    }

    /// Notes stamped in one transaction at most.
    static let stampBatch = 5_000

    /// Stamps up to ``stampBatch`` notes; answers how many it took.
    private func stampBatch(householdId: UUID) async throws -> Int {
        // The rows of a batch, by SQLite's rowid or PostgreSQL's tuple id; a mark of everything
        // made since this stamp began waits for the next.
        let notes: SQLQueryString = "FROM sync_pending WHERE household_id = \(bind: householdId) AND entity <> \(bind: Self.everything) LIMIT \(literal: Self.stampBatch)"
        let batch: SQLQueryString = database.kind == .sqlite
            ? "rowid IN (SELECT rowid \(notes))"
            : "ctid = ANY(ARRAY(SELECT ctid \(notes)))"
        return try await database.transaction { db in
            guard let headRow = try await db.raw("""
                INSERT INTO sync_heads (household_id, version, forgotten) VALUES (\(bind: householdId), 0, 0)
                ON CONFLICT (household_id) DO UPDATE SET version = sync_heads.version RETURNING version
                """).first() else { throw StoreError.missingRow("sync_heads") }
            let head = try headRow.decode(column: "version", as: Int64.self)
            let noted = try await db.raw("DELETE FROM sync_pending WHERE \(batch) RETURNING entity, entity_id, user_id, changed_at")
                .all().map(Noted.init(row:))
            let changes = Self.latest(noted)
            guard !changes.isEmpty else { return noted.count }
            let gone = try await Self.gone(changes, on: db)
            for (offset, chunk) in changes.chunks(of: 1_000).enumerated() {
                let first = head + Int64(offset * 1_000) + 1
                let values = SQLList(chunk.enumerated().map { index, change in
                    SQLGroupExpression([SQLBind(householdId), SQLBind(change.entity), SQLBind(change.id), SQLBind(change.userId),
                                        SQLBind(first + Int64(index)), SQLTimestamp(change.changedAt),
                                        SQLBind(gone.contains(Key(entity: change.entity, id: change.id)))] as [any SQLExpression])
                })
                try await db.raw("""
                    INSERT INTO sync_changes (household_id, entity, entity_id, user_id, version, changed_at, deleted) VALUES \(values)
                    ON CONFLICT (household_id, entity, entity_id) DO UPDATE SET user_id = excluded.user_id, version = excluded.version,
                    changed_at = excluded.changed_at, deleted = excluded.deleted
                    """).run()
            }
            try await db.raw("""
                UPDATE sync_heads SET version = \(bind: head + Int64(changes.count)) WHERE household_id = \(bind: householdId)
                """).run()
            return noted.count
        }
    }

    /// A noted change as its trigger wrote it.
    struct Noted {
        let entity: String
        let id: UUID
        let userId: UUID?
        let changedAt: Date

        init(row: any SQLRow) throws {
            entity = try row.decode(column: "entity", as: String.self)
            id = try row.decode(column: "entity_id", as: UUID.self)
            userId = try row.decode(column: "user_id", as: UUID?.self)
            changedAt = try row.decode(column: "changed_at", as: Date.self)
        }
    }

    struct Key: Hashable {
        let entity: String
        let id: UUID
    }

    /// Each entity once, at its latest change, in the order of those changes.
    static func latest(_ noted: [Noted]) -> [Noted] {
        var latest: [Key: Noted] = [:]
        for change in noted {
            let key = Key(entity: change.entity, id: change.id)
            if let known = latest[key], known.changedAt >= change.changedAt { continue }
            latest[key] = change
        }
        return latest.values.sorted { ($0.changedAt, $0.entity, $0.id.text) < ($1.changedAt, $1.entity, $1.id.text) }
    }

    /// The entities among `changes` that are gone: deleted, or in Recently deleted.
    static func gone(_ changes: [Noted], on db: any SQLDatabase) async throws -> Set<Key> {
        var gone = Set<Key>()
        for (entity, group) in Dictionary(grouping: changes, by: \.entity) {
            guard let known = SyncEntity(rawValue: entity) else { continue }
            let rows = Self.rows(of: known)
            var present = Set<UUID>()
            for chunk in group.map(\.id).chunks(of: 500) {
                let found = try await db.raw("""
                    SELECT \(unsafeRaw: rows.key) AS id FROM \(unsafeRaw: rows.table)
                    WHERE \(unsafeRaw: rows.key) IN (\(SQLList(chunk.map { SQLBind($0) })))\(unsafeRaw: rows.present.map { " AND " + $0 } ?? "")
                    """).all()
                for row in found { present.insert(try row.decode(column: "id", as: UUID.self)) }
            }
            gone.formUnion(group.filter { !present.contains($0.id) }.map { Key(entity: entity, id: $0.id) })
        }
        return gone
    }

    /// Where an entity's rows are, and what makes one present: not in Recently deleted, nor on a
    /// list or of an item that is. An account's settings and timer are there as long as the account
    /// is (with their defaults before it saves any).
    static func rows(of entity: SyncEntity) -> (table: String, key: String, present: String?) {
        switch entity {
        case .list: ("shopping_lists", "id", "deleted_at IS NULL")
        case .listItem: ("list_items", "id", "list_id IN (SELECT id FROM shopping_lists WHERE deleted_at IS NULL)")
        case .inventoryItem: ("inventory_items", "id", "deleted_at IS NULL")
        case .room: ("inventory_groups", "id", "kind = 'room'")
        case .category: ("inventory_groups", "id", "kind = 'category'")
        case .receipt: ("inventory_receipts", "id", nil)
        case .photo: ("inventory_photos", "id", "item_id IN (SELECT id FROM inventory_items WHERE deleted_at IS NULL)")
        case .claim: ("inventory_claims", "id", nil)
        case .focusSession: ("focus_sessions", "id", nil)
        case .focusSettings, .accountSettings, .timer: ("users", "id", nil)
        }
    }
}
