import Foundation
import GRDB
import HearthAPI
import HearthCore

/// A device's offline copy of what its account sees on a Hearth server, in SQLite through GRDB.
///
/// It keeps two layers: what the server last said of each entity (from the sync feed and from
/// the answers to pushes), and over it the device's own changes not yet accepted, each with its
/// mutation in the outbox. Reads see the server's entity with the device's change laid over it;
/// once the server has answered for every mutation of an entity, its own change goes and the
/// server's stands. ``SyncEngine`` moves both ways.
public final class Replica: Sendable {
    let database: DatabaseQueue

    /// A copy in the SQLite file at `path`, made or opened (its schema brought up to date), or in memory without one.
    public init(path: String? = nil) throws {
        database = try path.map { try DatabaseQueue(path: $0) } ?? DatabaseQueue()
        try Self.migrator.migrate(database)
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1") { db in
            // What the server said: each entity's data (its REST JSON) and version.
            try db.execute(sql: """
                CREATE TABLE server_entities (entity TEXT NOT NULL, id TEXT NOT NULL, version INTEGER NOT NULL, data BLOB NOT NULL,
                    PRIMARY KEY (entity, id));
                CREATE TABLE local_entities (entity TEXT NOT NULL, id TEXT NOT NULL, data BLOB, PRIMARY KEY (entity, id));
                CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, mutation_id TEXT NOT NULL UNIQUE, entity TEXT NOT NULL,
                    op TEXT NOT NULL, id TEXT NOT NULL, data BLOB);
                CREATE INDEX outbox_entity ON outbox(entity, id);
                CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                """)
        }
        return migrator
    }

    // MARK: Reading

    /// Every entity of a kind as the device shows it (the server's, with the device's changes).
    public func all<Entity: Decodable>(_ kind: SyncEntity, as type: Entity.Type = Entity.self) throws -> [Entity] {
        try database.read { db in try Self.all(kind, in: db) }
    }

    /// One entity as the device shows it; nil when there is none (or the device deleted it).
    public func entity<Entity: Decodable>(_ kind: SyncEntity, id: String, as type: Entity.Type = Entity.self) throws -> Entity? {
        try database.read { db in try Self.data(kind, id: id, in: db).map { try Self.decoder.decode(Entity.self, from: $0) } }
    }

    /// The lists, in their order.
    public func lists() throws -> [Components.Schemas.ShoppingList] {
        try all(.list, as: Components.Schemas.ShoppingList.self).sorted { ($0.position, $0.name) < ($1.position, $1.name) }
    }

    /// A list's items, unchecked first, each group in the order added.
    public func items(onList listId: String) throws -> [Components.Schemas.ListItem] {
        try all(.listItem, as: Components.Schemas.ListItem.self).filter { $0.listId == listId }
            .sorted { ($0.purchased ? 1 : 0, $0.createdAt, $0.id) < ($1.purchased ? 1 : 0, $1.createdAt, $1.id) }
    }

    /// Every entity of a kind, again each time it changes (for a SwiftUI view's `.task`).
    public func observe<Entity: Decodable & Sendable>(_ kind: SyncEntity, as type: Entity.Type = Entity.self) -> AsyncValueObservation<[Entity]> {
        ValueObservation.tracking { db in try Self.all(kind, in: db) as [Entity] }.values(in: database)
    }

    /// Mutations waiting to be pushed.
    public func pendingCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM outbox") ?? 0 }
    }

    static func all<Entity: Decodable>(_ kind: SyncEntity, in db: GRDB.Database) throws -> [Entity] {
        try Data.fetchAll(db, sql: """
            SELECT COALESCE(l.data, s.data) FROM server_entities s LEFT JOIN local_entities l ON l.entity = s.entity AND l.id = s.id
            WHERE s.entity = ? AND NOT (l.id IS NOT NULL AND l.data IS NULL)
            UNION ALL
            SELECT l.data FROM local_entities l WHERE l.entity = ? AND l.data IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM server_entities s WHERE s.entity = l.entity AND s.id = l.id)
            """, arguments: [kind.rawValue, kind.rawValue]).map { try decoder.decode(Entity.self, from: $0) }
    }

    /// The entity's JSON as the device shows it.
    static func data(_ kind: SyncEntity, id: String, in db: GRDB.Database) throws -> Data? {
        if let local = try Row.fetchOne(db, sql: "SELECT data FROM local_entities WHERE entity = ? AND id = ?", arguments: [kind.rawValue, id]) {
            return local["data"]
        }
        return try Data.fetchOne(db, sql: "SELECT data FROM server_entities WHERE entity = ? AND id = ?", arguments: [kind.rawValue, id])
    }

    // MARK: What the server says

    /// Takes an entity as the server sent it, unless the copy has a newer version of it already.
    static func take(_ change: ServerChange, in db: GRDB.Database) throws {
        let known = try Int64.fetchOne(db, sql: "SELECT version FROM server_entities WHERE entity = ? AND id = ?",
                                       arguments: [change.entity.rawValue, change.id])
        guard known.map({ $0 < change.version }) ?? true else { return }
        if let data = change.data {
            try db.execute(sql: "INSERT OR REPLACE INTO server_entities (entity, id, version, data) VALUES (?, ?, ?, ?)",
                           arguments: [change.entity.rawValue, change.id, change.version, data])
        } else {
            try db.execute(sql: "DELETE FROM server_entities WHERE entity = ? AND id = ?", arguments: [change.entity.rawValue, change.id])
        }
    }

    /// The feed's cursor, nil before the first sync.
    static func cursor(in db: GRDB.Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM sync_state WHERE key = 'cursor'")
    }

    static func setCursor(_ cursor: String?, in db: GRDB.Database) throws {
        if let cursor {
            try db.execute(sql: "INSERT OR REPLACE INTO sync_state (key, value) VALUES ('cursor', ?)", arguments: [cursor])
        } else {
            try db.execute(sql: "DELETE FROM sync_state WHERE key = 'cursor'")
        }
    }

    /// Dates as the API writes them (RFC 3339 with milliseconds).
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { try HearthDateTranscoder().decode(try $0.singleValueContainer().decode(String.self)) }
        return decoder
    }()

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(try HearthDateTranscoder().encode(date))
        }
        return encoder
    }()
}

/// An entity as the server sent it: its data as JSON, none for a deletion.
struct ServerChange {
    let entity: SyncEntity
    let id: String
    let version: Int64
    let data: Data?
}
