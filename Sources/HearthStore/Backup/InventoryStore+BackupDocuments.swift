import Foundation
import HearthCore
import SQLKit

/// Documents in backups: every document of the household's items, and restoring them onto the
/// restored items (a merge adds the ones the household has not).
extension InventoryStore {
    static func backupDocuments(householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdBackup.Document] {
        try await db.select().columns(documentColumns).from("inventory_documents").where("household_id", .equal, householdId)
            .orderBy("created_at").orderBy("id").all().map { HouseholdBackup.Document(try document(from: $0)) }
    }

    /// Writes the backup's documents onto the items restored (`itemIds`: the backup's item ids to
    /// the household's). A document whose file is not `available` (in the archive or kept for the
    /// household already) is left out with a warning; one whose id another household holds gets a
    /// new id; a merge skips the ones the household has. `place` puts a document's file in place.
    static func restoreDocuments(_ backup: [HouseholdBackup.Document], householdId: UUID, itemIds: [UUID: UUID], available: Set<String>,
                                 summary: inout RestoreSummary, write: Bool, ids: IDGenerator, now: Date, on db: any SQLDatabase,
                                 place: ([String]) async throws -> Void) async throws {
        var documents: [ItemDocument] = []
        do {
            documents = try backup.map { try $0.document }
        } catch let error as InventoryError {
            throw BackupError.invalidRecord("a document: \(error.message)")
        }
        if let crowded = Dictionary(grouping: documents, by: \.itemId).first(where: { $0.value.count > DocumentRules.maximumPerItem }) {
            throw BackupError.invalidRecord("item \(crowded.key.text) has \(crowded.value.count) documents; an item may have \(DocumentRules.maximumPerItem)")
        }
        let owners = try await owners(of: [("inventory_documents", documents.map(\.id))], on: db)
        var withoutFile = 0, writes: [ItemDocument] = []
        for var document in documents {
            guard let itemId = itemIds[document.itemId] else { continue }
            guard available.contains(document.file.sha256) else {
                withoutFile += 1
                summary.documents.skipped += 1
                continue
            }
            if let owner = owners[document.id] {
                if owner == householdId {
                    summary.documents.skipped += 1
                    continue
                }
                document.id = ids.next()
            }
            document.itemId = itemId
            writes.append(document)
        }
        summary.documents.added += writes.count
        if write {
            try await place(writes.map(\.file.sha256))
            for document in writes { try await insert(document, householdId: householdId, on: db) }
            try await recountReceipts(forItems: Array(Set(writes.filter { $0.kind == .receipt }.map(\.itemId))), at: now, on: db)
        }
        if withoutFile > 0 {
            summary.warnings.append(withoutFile == 1 ? "1 document was left out: its file is not in the backup."
                                    : "\(withoutFile) documents were left out: their files are not in the backup.")
        }
    }
}
