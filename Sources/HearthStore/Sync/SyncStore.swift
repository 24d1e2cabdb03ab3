import Foundation
import HearthCore
import SQLKit

/// The sync feed's versions (migration 41). The database's triggers note each change of what the
/// feed carries; ``stamp(householdId:)`` gives the noted entities the household's next versions,
/// and ``page(householdId:userId:after:limit:)`` reads them in version order.
public struct SyncStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// A page of the feed: what changed after the position, in version order.
    public struct Page: Sendable, Equatable {
        public let changes: [Entry]
        /// Where to go on from: after the page's last change, or at the household's latest
        /// version when the page reached it.
        public let next: SyncPosition
        public let hasMore: Bool
    }

    /// One change, and whether the entity was gone when it was stamped.
    public struct Entry: Sendable, Equatable {
        public let change: SyncChange
        public let deleted: Bool
        public let userId: UUID?
    }

    /// The household's changes after `position` that the account sees (the household's, and its
    /// own), at most `limit`. Without a position, a full snapshot from the start, which leaves out
    /// the deletions made before it began. Stamps what was noted first. Throws
    /// ``SyncError/startOver(_:)`` when deletions the position still needs were forgotten, or it
    /// is newer than anything in the database.
    public func page(householdId: UUID, userId: UUID, after position: SyncPosition?, limit: Int) async throws -> Page {
        try await stamp(householdId: householdId)
        let head = try await head(householdId: householdId)
        let position = position ?? SyncPosition(version: 0, snapshotThrough: head.version)
        guard max(position.version, position.snapshotThrough) >= head.forgotten else {
            throw SyncError.startOver("The deletions since this cursor are no longer kept.")
        }
        guard position.version <= head.version, position.snapshotThrough <= head.version else {
            throw SyncError.startOver("This cursor is newer than the server's data.")
        }
        let rows = try await database.sql.raw("""
            SELECT entity, entity_id, user_id, version, changed_at, deleted FROM sync_changes
            WHERE household_id = \(bind: householdId) AND version > \(bind: position.version) AND version <= \(bind: head.version)
            AND (user_id IS NULL OR user_id = \(bind: userId)) AND NOT (deleted AND version <= \(bind: position.snapshotThrough))
            ORDER BY version LIMIT \(literal: limit + 1)
            """).all()
        let page = rows.prefix(limit)
        let hasMore = rows.count > limit
        let last = hasMore ? try page.last?.decode(column: "version", as: Int64.self) : nil
        return Page(changes: try page.compactMap(Self.entry(from:)),
                    next: SyncPosition(version: last ?? head.version, snapshotThrough: position.snapshotThrough), hasMore: hasMore)
    }

    /// The household's latest version and the newest deletion forgotten (0 and 0 before any).
    func head(householdId: UUID) async throws -> (version: Int64, forgotten: Int64) {
        guard let row = try await database.sql.raw("SELECT version, forgotten FROM sync_heads WHERE household_id = \(bind: householdId)").first()
        else { return (0, 0) }
        return (try row.decode(column: "version", as: Int64.self), try row.decode(column: "forgotten", as: Int64.self))
    }

    static func entry(from row: any SQLRow) throws -> Entry? {
        // An entity this server does not know (written by a newer one) is left out.
        guard let entity = SyncEntity(rawValue: try row.decode(column: "entity", as: String.self)) else { return nil }
        return Entry(
            change: SyncChange(entity: entity, id: try row.decode(column: "entity_id", as: UUID.self),
                               version: try row.decode(column: "version", as: Int64.self),
                               changedAt: try row.decode(column: "changed_at", as: Date.self)),
            deleted: try row.decode(column: "deleted", as: Bool.self), userId: try row.decode(column: "user_id", as: UUID?.self))
    }
}
