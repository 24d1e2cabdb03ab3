import Foundation
import HearthCore
import SQLKit

/// Puts the original of a file (by SHA-256) in place when it is not there: a transaction that
/// links files to rows calls it for each, under the media lock (see ``InventoryStore/holdFiles(exclusively:on:kind:)``).
public typealias FilePlacer = @Sendable (String) throws -> Void

extension InventoryStore {
    /// The tables whose rows name files of the media store, and the column that names them.
    static let fileColumns = [("inventory_photos", "sha256"), ("inventory_receipts", "image_sha256"), ("inventory_documents", "sha256")]

    /// Removes, of `files`, those no photo, receipt or document of any household names, by calling `remove`
    /// for each. The check and the removal are one decision: they happen under the media lock held
    /// alone, which every transaction that links a file holds shared (on SQLite, transactions take
    /// turns already), so a file a row is about to name is never removed. Answers the files removed.
    @discardableResult
    public func removeUnreferencedFiles(_ files: [String], remove: @escaping @Sendable (String) -> Void) async throws -> [String] {
        let files = Array(Set(files))
        guard !files.isEmpty else { return [] }
        let kind = self.kind
        return try await database.transaction { db in
            try await Self.holdFiles(exclusively: true, on: db, kind: kind)
            let named = try await Self.namedFiles(among: files, householdId: nil, on: db)
            let removed = files.filter { !named.contains($0) }
            removed.forEach(remove)
            return removed
        }
    }

    /// Of `files`, those a photo, receipt or document of the household names (of any household when nil).
    public func namedFiles(among files: [String], householdId: UUID?) async throws -> Set<String> {
        try await Self.namedFiles(among: files, householdId: householdId, on: sql)
    }

    static func namedFiles(among files: [String], householdId: UUID?, on db: any SQLDatabase) async throws -> Set<String> {
        var named: Set<String> = []
        for chunk in Array(Set(files)).chunks(of: 1000) {
            for (table, column) in fileColumns {
                let query = db.select().distinct().column(column).from(table).where(SQLIdentifier(column), .in, chunk)
                if let householdId { query.where("household_id", .equal, householdId) }
                for row in try await query.all() { named.insert(try row.decode(column: column, as: String.self)) }
            }
        }
        return named
    }

    /// Every file a photo, receipt or document of the household names.
    static func filesNamed(householdId: UUID, on db: any SQLDatabase) async throws -> Set<String> {
        var files: Set<String> = []
        for (table, column) in fileColumns {
            for row in try await db.select().distinct().column(column).from(table).where("household_id", .equal, householdId)
                .where(SQLIdentifier(column), .isNot, SQLLiteral.null).all() {
                files.insert(try row.decode(column: column, as: String.self))
            }
        }
        return files
    }

    /// Takes the media lock for the rest of the transaction: shared to link files, alone to remove
    /// them. PostgreSQL only; SQLite's `BEGIN IMMEDIATE` makes writers take turns.
    static func holdFiles(exclusively: Bool, on db: any SQLDatabase, kind: DatabaseKind) async throws {
        guard kind == .postgres else { return }
        let function = exclusively ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared"
        try await db.raw("SELECT \(unsafeRaw: function)(\(literal: AdvisoryLock.mediaFiles.rawValue))").run()
    }

    /// Under the shared media lock, puts each of `files` in place (see ``FilePlacer``).
    static func place(_ files: [String], with placer: FilePlacer, on db: any SQLDatabase, kind: DatabaseKind) async throws {
        guard !files.isEmpty else { return }
        try await holdFiles(exclusively: false, on: db, kind: kind)
        for file in Set(files) { try placer(file) }
    }
}
