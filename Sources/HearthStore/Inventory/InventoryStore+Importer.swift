import Foundation
import HearthCore
import SQLKit

/// What an import knows of the household while it works through the rows.
struct Importer {
    let householdId: UUID
    let now: Date
    let ids: IDGenerator
    let dryRun: Bool
    let db: any SQLDatabase
    var groups: [InventoryGroup.Kind: [String: UUID]] = [:]
    var positions: [InventoryGroup.Kind: Int] = [:]
    /// The household's items among the ids of the file and of its containers (Recently deleted included).
    var existing: [UUID: InventoryItem] = [:]
    /// Rows' ids under which the household knows an item of another id (its `source_id`: an item an
    /// earlier release imported under the id the row had then), and that item's id.
    var aliases: [UUID: UUID] = [:]
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
        let fileIds = Set(items.flatMap { [$0.id] + $0.formerIds + [$0.details.containerId].compactMap { $0 } })
        var owners = try await InventoryStore.owners(of: [("inventory_items", Array(fileIds))], on: db)
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
        // Rows that had another id in an earlier release (HomeBox rows known by their content then):
        // the items that took the row's id as their source.
        guard items.contains(where: { !$0.formerIds.isEmpty }) else { return }
        let unknown = Array(Set(items.map(\.id)).subtracting(existing.keys))
        for chunk in unknown.chunks(of: 1000) {
            let rows = try await db.select().columns(InventoryStore.itemColumns + ["source_id"]).from("inventory_items")
                .where("household_id", .equal, householdId).where("source_id", isOneOf: chunk, on: db).all()
            for (row, item) in zip(rows, try await InventoryStore.items(from: rows, on: db)) {
                existing[item.id] = item
                aliases[try row.decode(column: "source_id", as: UUID.self)] = item.id
            }
        }
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
        for item in items { if let container = item.details.containerId { inFile[id(for: item)] = aliases[container] ?? id(for: container) } }
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
        if let alias = aliases[item.id] { return alias }
        let id = id(for: item.id)
        guard existing[id] == nil else { return id }
        return item.formerIds.lazy.map(self.id(for:)).first { existing[$0] != nil } ?? id
    }

    /// Whether the row's item was found by an id the row had in an earlier release (so it should be
    /// known by the row's id from now on).
    func isKnownByFormerId(_ item: ImportedItem, as id: UUID) -> Bool {
        aliases[item.id] == nil && id != self.id(for: item.id) && existing[id] != nil
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
            .columns("id", "household_id", "kind", "name", "name_key", "icon", "position", "is_default", "created_at", "updated_at",
                     "useful_life_years", "depreciation_floor")
            .values([SQLBind(id), SQLBind(householdId), SQLBind(kind.rawValue), SQLBind(clean), SQLBind(key), SQLBind(String?.none),
                     SQLBind(position), SQLBind(false), SQLBind(now), SQLBind(now)] + InventoryStore.depreciationBinds(kind, name: clean))
            .run()
        return id
    }
}
