import Foundation
import HearthCore
import SQLKit

extension SyncStore {
    /// The entity's change as the feed has it now (nil before the feed has it), after stamping
    /// what was noted.
    public func entry(of entity: SyncEntity, id: UUID, householdId: UUID) async throws -> Entry? {
        try await stamp(householdId: householdId)
        return try await database.sql.raw("""
            SELECT entity, entity_id, user_id, version, changed_at, deleted FROM sync_changes
            WHERE household_id = \(bind: householdId) AND entity = \(bind: entity.rawValue) AND entity_id = \(bind: id)
            """).first().flatMap(Self.entry(from:))
    }

    /// What the account's push answered to a mutation the first time (JSON), if it came before.
    public func mutationResult(userId: UUID, mutationId: UUID) async throws -> String? {
        try await database.sql.raw("""
            SELECT result FROM sync_mutations WHERE user_id = \(bind: userId) AND mutation_id = \(bind: mutationId)
            """).first()?.decode(column: "result", as: String.self)
    }

    /// Keeps a mutation's result for a replay (``SyncRules/mutationsKept``); the first one stays.
    public func recordMutation(userId: UUID, mutationId: UUID, result: String, at now: Date) async throws {
        try await database.sql.raw("""
            INSERT INTO sync_mutations (user_id, mutation_id, result, created_at)
            VALUES (\(bind: userId), \(bind: mutationId), \(bind: result), \(SQLTimestamp(now)))
            ON CONFLICT (user_id, mutation_id) DO NOTHING
            """).run()
    }
}
