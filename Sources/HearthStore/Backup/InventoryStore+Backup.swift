import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// Items and receipts read at once.
    static let backupPage = 2000

    /// The household as a backup: rooms, categories, every item (Recently deleted included) with
    /// its photos and documents, every receipt and claim, the shopping lists with their items, and each member's
    /// Focus settings and sessions, read in one snapshot into `sink`; items and receipts in the
    /// order they were added.
    public func backup(householdId: UUID, appVersion: String, into sink: some BackupSink) async throws {
        try await prepare(householdId: householdId)
        let now = clock.now
        try await database.transaction { db in
            guard let household = try await db.select().columns("name", "currency", "last_checked_on", "check_in_score").from("households")
                .where("id", .equal, householdId).first() else {
                throw StoreError.missingRow("households")
            }
            let groups = try await db.select().columns(Self.groupColumns).from("inventory_groups").where("household_id", .equal, householdId)
                .orderBy("position").all().map(Self.group(from:))
            try await sink.outline(HouseholdBackup(
                appVersion: appVersion, exportDate: now,
                household: .init(name: try household.decode(column: "name", as: String.self), currency: try household.decode(column: "currency", as: String.self),
                                 lastChecked: try household.decode(column: "last_checked_on", as: String?.self).flatMap(CalendarDate.init(iso:)),
                                 checkCountsInScore: try household.decode(column: "check_in_score", as: Bool.self)),
                rooms: groups.filter { $0.kind == .room }.map(HouseholdBackup.Group.init),
                categories: groups.filter { $0.kind == .category }.map(HouseholdBackup.Group.init),
                lists: try await Self.backupLists(householdId: householdId, on: db),
                members: try await Self.backupMembers(householdId: householdId, on: db),
                claims: try await Self.backupClaims(householdId: householdId, on: db),
                stores: try await Self.backupStores(householdId: householdId, on: db),
                taughtNames: try await Self.backupTaughtNames(householdId: householdId, on: db),
                maintenance: try await Self.backupMaintenance(householdId: householdId, on: db),
                documents: try await Self.backupDocuments(householdId: householdId, on: db)
            ))
            let names = Dictionary(uniqueKeysWithValues: groups.map { ($0.id, $0.name) })
            // A page is read while the one before is written.
            let pages = try await Self.idsInOrder("inventory_items", householdId: householdId, on: db).chunks(of: Self.backupPage)
            try await Pipeline.run(pages, produce: { try await Self.backupItems($0, groupNames: names, on: db) }, consume: sink.items)
            for page in try await Self.idsInOrder("inventory_receipts", householdId: householdId, on: db).chunks(of: Self.backupPage) {
                let rows = try await db.select().columns(Self.receiptColumns).from("inventory_receipts").where("id", .in, page).all()
                let receipts = Dictionary(uniqueKeysWithValues: try await Self.receipts(from: rows, on: db).map { ($0.id, $0) })
                try await sink.receipts(page.compactMap { receipts[$0] }.map(HouseholdBackup.Receipt.init))
            }
        }
    }

    /// The household as a backup, whole in memory (for tests and small households).
    public func backup(householdId: UUID, appVersion: String) async throws -> HouseholdBackup {
        let collected = CollectedBackup()
        try await backup(householdId: householdId, appVersion: appVersion, into: collected)
        return collected.backup
    }

    /// The items of `ids`, in that order, as a backup has them.
    private static func backupItems(_ ids: [UUID], groupNames names: [UUID: String], on db: any SQLDatabase) async throws -> [HouseholdBackup.Item] {
        let rows = try await db.select().columns(itemColumns).from("inventory_items").where("id", isOneOf: ids, on: db).all()
        let items = Dictionary(uniqueKeysWithValues: try await Self.items(from: rows, on: db).map { ($0.id, $0) })
        var photos: [UUID: [ItemPhoto]] = [:]
        for row in try await db.select().columns(photoColumns).from("inventory_photos").where("item_id", isOneOf: ids, on: db).orderBy("position").all() {
            let photo = try photo(from: row)
            photos[photo.itemId, default: []].append(photo)
        }
        return ids.compactMap { items[$0] }.map { item in
            HouseholdBackup.Item(item, photos: photos[item.id] ?? [], roomName: item.roomId.flatMap { names[$0] },
                                 categoryName: item.categoryId.flatMap { names[$0] })
        }
    }

    /// The ids of the household's rows of `table` in the order they were added.
    private static func idsInOrder(_ table: String, householdId: UUID, on db: any SQLDatabase) async throws -> [UUID] {
        try await db.select().column("id").from(table).where("household_id", .equal, householdId).orderBy("created_at").orderBy("id").all()
            .map { try $0.decode(column: "id", as: UUID.self) }
    }
}

/// A backup gathered whole.
private final class CollectedBackup: BackupSink, @unchecked Sendable {
    private let lock = NSLock()
    private var collected: HouseholdBackup?

    var backup: HouseholdBackup { lock.withLock { collected! } }

    func outline(_ outline: HouseholdBackup) async throws { lock.withLock { collected = outline } }
    func items(_ items: [HouseholdBackup.Item]) async throws { lock.withLock { collected?.items += items } }
    func receipts(_ receipts: [HouseholdBackup.Receipt]) async throws { lock.withLock { collected?.receipts += receipts } }
}
