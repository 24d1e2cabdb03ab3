import Foundation
import HearthCore
import SQLKit

/// Additions to shared lists, gathered per list until its members are told (``ListAdditions``).
extension PushStore {
    /// What was added to a list since its members were last told.
    public struct ListDigest: Sendable {
        public let listId: UUID
        public let householdId: UUID
        public let listName: String
        /// The adders' names, in order of their first addition.
        public let adders: [String]
        public let adderIds: [UUID]
        public let added: Int
        public let itemNames: [String]
    }

    /// Notes that `userId` added `itemName` to a list, for the list's other members who want to know:
    /// one statement. The first addition since the list was last told starts its gathering minute
    /// (`due_at`); the quiet period after the last notification is kept when they are claimed.
    public func noteListAddition(listId: UUID, householdId: UUID, userId: UUID, itemName: String) async throws {
        let newline = "\n"
        try await database.sql.prepared("""
            INSERT INTO push_list_additions (list_id, household_id, added, adders, item_names, due_at, last_sent_at)
            VALUES (\(bind: listId), \(bind: householdId), 1, \(bind: userId.text), \(bind: itemName),
                \(bind: clock.now + ListAdditions.gathering), NULL)
            ON CONFLICT (list_id) DO UPDATE SET
                added = push_list_additions.added + 1,
                adders = CASE WHEN push_list_additions.added = 0 THEN EXCLUDED.adders
                    WHEN \(bind: newline) || push_list_additions.adders || \(bind: newline) LIKE \(bind: "%\n\(userId.text)\n%") THEN push_list_additions.adders
                    ELSE push_list_additions.adders || \(bind: newline) || EXCLUDED.adders END,
                item_names = CASE WHEN push_list_additions.added = 0 THEN EXCLUDED.item_names
                    WHEN length(push_list_additions.item_names) - length(replace(push_list_additions.item_names, \(bind: newline), '')) >= \(bind: ListAdditions.namedItems - 1)
                        THEN push_list_additions.item_names
                    ELSE push_list_additions.item_names || \(bind: newline) || EXCLUDED.item_names END,
                due_at = CASE WHEN push_list_additions.added = 0 THEN EXCLUDED.due_at ELSE push_list_additions.due_at END
            """).run()
    }

    /// Takes the lists whose additions are due to be told (their gathering minute over, and the
    /// quiet period after their last notification), within the caller's transaction (on
    /// PostgreSQL skipping those another server is taking), and starts each list's quiet period.
    /// Lists in Recently deleted are taken and not told.
    public func claimListDigests(on db: any SQLDatabase) async throws -> [ListDigest] {
        let now = clock.now
        let locking: SQLQueryString = database.kind == .postgres ? " FOR UPDATE OF a SKIP LOCKED" : ""
        let rows = try await db.raw("""
            SELECT a.list_id, a.household_id, a.added, a.adders, a.item_names, l.name, l.deleted_at
            FROM push_list_additions a JOIN shopping_lists l ON l.id = a.list_id
            WHERE a.added > 0 AND a.due_at <= \(bind: now)
                AND (a.last_sent_at IS NULL OR a.last_sent_at <= \(bind: now - ListAdditions.quietPeriod))
            ORDER BY a.due_at LIMIT 100\(locking)
            """).all()
        var digests: [ListDigest] = []
        for row in rows {
            let listId = try row.decode(column: "list_id", as: UUID.self)
            try await db.update("push_list_additions").set("added", to: 0).set("adders", to: "").set("item_names", to: "")
                .set("due_at", to: SQLLiteral.null).set("last_sent_at", to: now).where("list_id", .equal, listId).run()
            guard try row.decode(column: "deleted_at", as: Date?.self) == nil else { continue }
            let adderIds = Self.lines(try row.decode(column: "adders", as: String.self)).compactMap(UUID.init(uuidString:))
            let names = try await Self.names(of: adderIds, on: db)
            digests.append(ListDigest(
                listId: listId, householdId: try row.decode(column: "household_id", as: UUID.self),
                listName: try row.decode(column: "name", as: String.self), adders: adderIds.compactMap { names[$0] }, adderIds: adderIds,
                added: try row.decode(column: "added", as: Int.self), itemNames: Self.lines(try row.decode(column: "item_names", as: String.self))))
        }
        return digests
    }

    private static func names(of userIds: [UUID], on db: any SQLDatabase) async throws -> [UUID: String] {
        guard !userIds.isEmpty else { return [:] }
        var names: [UUID: String] = [:]
        for row in try await db.select().columns("id", "name").from("users").where("id", isOneOf: userIds, on: db).all() {
            names[try row.decode(column: "id", as: UUID.self)] = try row.decode(column: "name", as: String.self)
        }
        return names
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}
