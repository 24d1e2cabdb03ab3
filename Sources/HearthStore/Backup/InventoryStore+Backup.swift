import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The household as a backup: rooms, categories, every item (Recently deleted included) with
    /// its photos, every receipt and claim, the shopping lists with their items, and each member's
    /// Focus settings and sessions, read in one snapshot.
    public func backup(householdId: UUID, appVersion: String) async throws -> HouseholdBackup {
        try await prepare(householdId: householdId)
        let now = clock.now
        return try await database.transaction { db in
            guard let household = try await db.select().columns("name", "currency").from("households").where("id", .equal, householdId).first() else {
                throw StoreError.missingRow("households")
            }
            let groups = try await db.select().columns(Self.groupColumns).from("inventory_groups").where("household_id", .equal, householdId)
                .orderBy("position").all().map(Self.group(from:))
            let names = Dictionary(uniqueKeysWithValues: groups.map { ($0.id, $0.name) })
            let itemRows = try await db.select().columns(Self.itemColumns).from("inventory_items").where("household_id", .equal, householdId)
                .orderBy("created_at").orderBy("id").all()
            var photos: [UUID: [ItemPhoto]] = [:]
            for row in try await db.select().columns(Self.photoColumns).from("inventory_photos").where("household_id", .equal, householdId)
                .orderBy("position").all() {
                let photo = try Self.photo(from: row)
                photos[photo.itemId, default: []].append(photo)
            }
            let items = try await Self.items(from: itemRows, tagsOf: householdId, on: db).map { item in
                HouseholdBackup.Item(item, photos: photos[item.id] ?? [], roomName: item.roomId.flatMap { names[$0] },
                                     categoryName: item.categoryId.flatMap { names[$0] })
            }
            let receiptRows = try await db.select().columns(Self.receiptColumns).from("inventory_receipts")
                .where("household_id", .equal, householdId).orderBy("created_at").orderBy("id").all()
            let receipts = try await Self.receipts(from: receiptRows, linksOf: householdId, on: db).map(HouseholdBackup.Receipt.init)
            return HouseholdBackup(
                appVersion: appVersion, exportDate: now,
                household: .init(name: try household.decode(column: "name", as: String.self), currency: try household.decode(column: "currency", as: String.self)),
                rooms: groups.filter { $0.kind == .room }.map(HouseholdBackup.Group.init),
                categories: groups.filter { $0.kind == .category }.map(HouseholdBackup.Group.init),
                items: items, receipts: receipts, lists: try await Self.backupLists(householdId: householdId, on: db),
                members: try await Self.backupMembers(householdId: householdId, on: db),
                claims: try await Self.backupClaims(householdId: householdId, on: db)
            )
        }
    }
}
