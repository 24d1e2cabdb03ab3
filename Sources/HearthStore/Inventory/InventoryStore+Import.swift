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
                do { _ = try await importer.group(.room, named: room, report: &report) } catch let error as InventoryError {
                    report.problems.append(.init(line: 0, reason: "the room “\(room)”: \(error.message)"))
                }
            }
            var created: [NewItem] = [], touched: [UUID] = []
            let containers = importer.containers(of: items)
            for var item in items {
                let id = importer.id(for: item)
                guard importer.seen.insert(id).inserted else {
                    report.record(item, .skip, reason: "the same item as an earlier row")
                    continue
                }
                if item.details.containerId != nil && containers[id] == nil {
                    item.note = [item.note, "the item it is kept in is not in the file or the inventory"].compactMap { $0 }.joined(separator: "; ")
                }
                var details = item.details
                details.containerId = file.hasContainers ? containers[id] : importer.existing[id]?.containerId
                if !file.hasDispositions { details.disposition = importer.existing[id]?.disposition }
                do {
                    details.roomId = try await importer.group(.room, named: item.roomName, report: &report)
                    details.categoryId = try await importer.group(.category, named: item.categoryName, report: &report)
                } catch let error as InventoryError {
                    report.problems.append(.init(line: item.line, reason: error.message))
                    continue
                }
                let warrantyUntil = try? details.warranty?.endDate(purchasedOn: details.purchaseDate)
                guard let current = importer.existing[id] else {
                    let addedAt = item.addedAt.flatMap { $0 <= now ? $0 : nil } ?? now
                    let updatedAt = item.updatedAt.flatMap { (addedAt...now).contains($0) ? $0 : nil } ?? now
                    created.append(NewItem(id: id, details: details, warrantyUntil: warrantyUntil, createdAt: addedAt, updatedAt: updatedAt))
                    report.record(item, .create)
                    continue
                }
                if current.deletedAt != nil {
                    report.record(item, .skip, reason: "it is in Recently deleted; restore it to import it again")
                } else if ItemDetails(current) == details {
                    report.record(item, .skip, reason: "unchanged")
                } else {
                    report.record(item, .update)
                    touched.append(id)
                    guard !dryRun else { continue }
                    let update = db.update("inventory_items").set("updated_at", to: now)
                    for value in Self.detailColumns(details, warrantyUntil: warrantyUntil) { update.set(SQLIdentifier(value.column), to: value.value.bind) }
                    try await update.where("id", .equal, id).run()
                    try await Self.saveTags(details.tags, itemId: id, householdId: householdId, on: db)
                }
            }
            guard !dryRun else { return report }
            try await Self.insertNewItems(created, householdId: householdId, on: db)
            try await Self.finishAdding(created.count, householdId: householdId, kind: kind, on: db)
            for chunk in touched.chunks(of: 500) { try await Self.refreshSearch(chunk, on: db, kind: kind) }
            return report
        }
        return dryRun ? try await run(on: sql) : try await database.transaction(run)
    }
}

/// What an import knows of the household while it works through the rows.
private struct Importer {
    let householdId: UUID
    let now: Date
    let ids: IDGenerator
    let dryRun: Bool
    let db: any SQLDatabase
    var groups: [InventoryGroup.Kind: [String: UUID]] = [:]
    var positions: [InventoryGroup.Kind: Int] = [:]
    /// The household's items among the ids of the file (Recently deleted included).
    var existing: [UUID: InventoryItem] = [:]
    /// Ids of the file that another household holds.
    var takenElsewhere: Set<UUID> = []
    var seen: Set<UUID> = []

    init(householdId: UUID, items: [ImportedItem], now: Date, ids: IDGenerator, dryRun: Bool, on db: any SQLDatabase, kind: DatabaseKind) async throws {
        (self.householdId, self.now, self.ids, self.dryRun, self.db) = (householdId, now, ids, dryRun, db)
        for group in try await db.select().columns(InventoryStore.groupColumns).from("inventory_groups")
            .where("household_id", .equal, householdId).all().map(InventoryStore.group(from:)) {
            groups[group.kind, default: [:]][InventoryRules.key(group.name)] = group.id
            positions[group.kind] = max(positions[group.kind] ?? 0, group.position)
        }
        // First only who holds each id (a new file's ids are mostly nobody's), and for an id another
        // household holds, the one made from it for this household; then the household's own items in full.
        var owners = try await InventoryStore.owners(of: [("inventory_items", Array(Set(items.flatMap { [$0.id] + $0.formerIds })))], on: db)
        let scoped = owners.filter { $0.value != householdId }.keys.map { Self.scoped($0, householdId) }
        owners.merge(try await InventoryStore.owners(of: [("inventory_items", scoped)], on: db)) { $1 }
        var own: [UUID] = []
        for (id, owner) in owners {
            if owner == householdId { own.append(id) } else { takenElsewhere.insert(id) }
        }
        let found = try await own.chunks(of: 1000).concurrentlyMapped(width: kind.statementsInFlight) { chunk in
            try await InventoryStore.items(from: db.select().columns(InventoryStore.itemColumns).from("inventory_items").where("id", isOneOf: chunk, on: db).all(), on: db)
        }
        for item in found.joined() { existing[item.id] = item }
    }

    /// The id a row's item has in this household: its own, or (when another household holds that
    /// one, e.g. both imported the same file) one made from it and this household, the same each time.
    func id(for id: UUID) -> UUID {
        takenElsewhere.contains(id) ? Self.scoped(id, householdId) : id
    }

    /// The container of each row's item (by its household id) that has one it can keep: the
    /// household's item or another row's, not itself and not one it holds.
    func containers(of items: [ImportedItem]) -> [UUID: UUID] {
        let fileIds = Set(items.map { id(for: $0) })
        var inFile: [UUID: UUID] = [:]
        for item in items { if let container = item.details.containerId { inFile[id(for: item)] = id(for: container) } }
        var containers: [UUID: UUID] = [:]
        for (item, container) in inFile where fileIds.contains(container) || existing[container] != nil {
            var next: UUID? = container, steps = 0
            while let current = next, current != item, steps < InventoryRules.maximumNesting {
                next = fileIds.contains(current) ? inFile[current] : existing[current]?.containerId
                steps += 1
            }
            if next == nil { containers[item] = container }
        }
        return containers
    }

    /// The id of a row's item: the household's item of the row's id, else of an id the same row had
    /// in an earlier release, else the row's id (a new item).
    func id(for item: ImportedItem) -> UUID {
        let id = id(for: item.id)
        guard existing[id] == nil else { return id }
        return item.formerIds.lazy.map(self.id(for:)).first { existing[$0] != nil } ?? id
    }

    static func scoped(_ id: UUID, _ householdId: UUID) -> UUID {
        var bytes = id.uuid, household = householdId.uuid
        withUnsafeMutableBytes(of: &bytes) { target in
            withUnsafeBytes(of: &household) { source in for index in 0..<16 { target[index] ^= source[index] } }
            target[6] = (target[6] & 0x0F) | 0x50
            target[8] = (target[8] & 0x3F) | 0x80
        }
        return UUID(uuid: bytes)
    }

    /// The room or category of that name, made (and reported) when the household has none.
    mutating func group(_ kind: InventoryGroup.Kind, named name: String?, report: inout ImportReport) async throws -> UUID? {
        guard let name else { return nil }
        let clean = try InventoryRules.groupName(name, kind: kind), key = InventoryRules.key(clean)
        if let id = groups[kind]?[key] { return id }
        let id = ids.next(), position = (positions[kind] ?? 0) + 1
        groups[kind, default: [:]][key] = id
        positions[kind] = position
        if kind == .room { report.roomsCreated.append(clean) } else { report.categoriesCreated.append(clean) }
        guard !dryRun else { return id }
        try await db.insert(into: "inventory_groups")
            .columns("id", "household_id", "kind", "name", "name_key", "icon", "position", "is_default", "created_at", "updated_at")
            .values(SQLBind(id), SQLBind(householdId), SQLBind(kind.rawValue), SQLBind(clean), SQLBind(key), SQLBind(String?.none),
                    SQLBind(position), SQLBind(false), SQLBind(now), SQLBind(now))
            .run()
        return id
    }
}
