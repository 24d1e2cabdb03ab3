import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// Imports items read from a file, in one transaction: an item the household has (same id) is
    /// updated when the row differs and skipped when it does not, so importing a file twice changes
    /// nothing the second time; rooms and categories are found by name and made when missing. With
    /// `dryRun` it only says what it would do. The file's problems (rows that could not be read) are
    /// reported; its rooms are made when missing, like its items' rooms. An item kept in another
    /// keeps the link when the other is the household's or in the file (else the row says so).
    public func importItems(_ file: ImportedFile, householdId: UUID, dryRun: Bool) async throws -> ImportReport {
        try await prepare(householdId: householdId)
        let now = clock.now, kind = self.kind, ids = self.ids, items = file.items
        @Sendable func run(on db: any SQLDatabase) async throws -> ImportReport {
            var importer = try await Importer(householdId: householdId, items: items, now: now, ids: ids, dryRun: dryRun, on: db, kind: kind)
            var report = ImportReport(problems: file.problems)
            for room in file.rooms {
                do { _ = try await importer.group(.room, named: room.name, report: &report) } catch let error as InventoryError {
                    report.problems.append(.init(line: room.line, reason: "the room “\(room.name)”: \(error.message)"))
                }
            }
            var created: [NewItem] = [], touched: [UUID] = [], moved: [(box: UUID, room: UUID?)] = []
            var numbering = try await Self.assetNumbering(householdId: householdId, on: db)
            let containers = importer.containers(of: items)
            var adopted: [(item: UUID, sourceId: UUID)] = []
            for var item in items {
                let id = importer.id(for: item)
                guard importer.seen.insert(id).inserted else {
                    report.record(item, .skip, reason: "the same item as an earlier row")
                    continue
                }
                if importer.isKnownByFormerId(item, as: id) { adopted.append((id, item.id)) }
                if item.details.containerId != nil && containers[id] == nil {
                    item.note = [item.note, "the item it was kept in is in neither the file nor the inventory, or is kept in it; it is kept in nothing now"].compactMap { $0 }.joined(separator: "; ")
                }
                var details = item.details
                details.containerId = file.hasContainers ? containers[id] : importer.existing[id]?.containerId
                if !file.hasDispositions { details.disposition = importer.existing[id]?.disposition }
                // No spreadsheet carries an item's own depreciation: importing it again keeps it.
                details.depreciation = importer.existing[id]?.depreciation
                do {
                    details.roomId = try await importer.group(.room, named: item.roomName, report: &report)
                    details.categoryId = try await importer.group(.category, named: item.categoryName, report: &report)
                    // Kept in a box the file does not know of, it stays where the box is.
                    if !file.hasContainers, let current = importer.existing[id], current.containerId != nil { details.roomId = current.roomId }
                } catch let error as InventoryError {
                    report.problems.append(.init(line: item.line, reason: error.message))
                    continue
                }
                let warrantyUntil = try? details.warranty?.endDate(purchasedOn: details.purchaseDate)
                guard let current = importer.existing[id] else {
                    let addedAt = item.addedAt.flatMap { $0 <= now ? $0 : nil } ?? now
                    let updatedAt = item.updatedAt.flatMap { (addedAt...now).contains($0) ? $0 : nil } ?? now
                    created.append(NewItem(id: id, assetId: numbering.next(requested: item.assetId), details: details, warrantyUntil: warrantyUntil, createdAt: addedAt, updatedAt: updatedAt))
                    report.record(item, .create)
                    continue
                }
                // The file's asset id, when it is another the household has not given (HomeBox's, imported again).
                let newAssetId = item.assetId.flatMap { $0 != current.assetId && numbering.isFree($0) ? $0 : nil }
                if current.deletedAt != nil {
                    report.record(item, .skip, reason: "it is in Recently deleted; restore it to import it again")
                } else if ItemDetails(current) == details && newAssetId == nil {
                    report.record(item, .skip, reason: "unchanged")
                } else {
                    report.record(item, .update)
                    touched.append(id)
                    if current.roomId != details.roomId { moved.append((id, details.roomId)) }
                    guard !dryRun else { continue }
                    let update = db.update("inventory_items").set("updated_at", to: now)
                    for value in Self.detailColumns(details, warrantyUntil: warrantyUntil) { update.set(SQLIdentifier(value.column), to: value.value.bind) }
                    if let newAssetId, numbering.take(newAssetId) { update.set("asset_id", to: newAssetId.number) }
                    try await update.where("id", .equal, id).run()
                    try await Self.saveTags(details.tags, itemId: id, householdId: householdId, on: db)
                }
            }
            guard !dryRun else { return report }
            // An item found by the id its row had in an earlier release is found by the row's id from now on.
            for pair in adopted {
                try await db.update("inventory_items").set("source_id", to: pair.sourceId).where("id", .equal, pair.item)
                    .where("household_id", .equal, householdId).run()
            }
            try await Self.insertNewItems(created, householdId: householdId, on: db)
            // A box the file puts in another room takes what it holds with it, as a move on its page does.
            for (room, boxes) in Dictionary(grouping: moved, by: \.room) {
                try await Self.moveContents(of: boxes.map(\.box), to: room, householdId: householdId, now: now, on: db)
            }
            try await Self.saveAssetNumbering(numbering, householdId: householdId, on: db)
            try await Self.finishAdding(householdId: householdId, kind: kind, on: db)
            for chunk in touched.chunks(of: 500) { try await Self.refreshSearch(chunk, on: db, kind: kind) }
            return report
        }
        guard !dryRun else { return try await run(on: sql) }
        let report = try await database.transaction { db in
            try await Self.startAdding(kind: kind, on: db)
            return try await SyncStore.quietly(householdId: householdId, kind: kind, on: db) { try await run(on: db) }
        }
        settleAdding(report.created + report.updated)
        return report
    }
}
