import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// An item as it was before it was deleted or cleared, to put it back (an undo).
    public struct RestoredItem: Sendable {
        public var id: UUID
        public var name: String
        public var quantity: Quantity?
        public var note: String?
        public var purchased: Bool
        public var changedAt: Date?
        public var createdAt: Date

        public init(id: UUID, name: String, quantity: Quantity?, note: String?, purchased: Bool, changedAt: Date?, createdAt: Date) {
            self.id = id
            self.name = name
            self.quantity = quantity
            self.note = note
            self.purchased = purchased
            self.changedAt = changedAt
            self.createdAt = createdAt
        }
    }

    /// Puts back items that were deleted or cleared: each under its own id, with its check mark
    /// and times, so it returns to its place in the list. Restoring is not a new use of the name:
    /// suggestions and "most bought" do not count it again. An item that is there already (a
    /// retry) stays as it is; an unchecked one whose name was added again meanwhile is added up
    /// with that line. Times from a clock ahead of the server's are taken as now.
    public func restoreItems(_ restored: [RestoredItem], listId: UUID, householdId: UUID) async throws -> [ListItem] {
        defer { forgetPages() }
        let checked = try restored.map { item in (item, try ListRules.name(item.name), try ListRules.note(item.note)) }
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.list(id: listId, householdId: householdId, includingDeleted: false, on: db) != nil else {
                throw try await Self.missing(listId, householdId, on: db)
            }
            var result: [ListItem] = []
            for (item, name, note) in checked {
                if let owner = try await Self.existing(table: "list_items", id: item.id, on: db) {
                    guard owner == householdId, let present = try await Self.item(id: item.id, listId: listId, on: db) else {
                        throw ListError.idConflict
                    }
                    result.append(present)
                    continue
                }
                // Added again meanwhile ("Milk" deleted, "Milk 2 l" added, then Undo): one line, as adding does.
                if !item.purchased, let same = try await Self.uncheckedItem(named: name, listId: listId, on: db),
                   let merged = Self.merged(same.quantity, item.quantity) {
                    try await db.update("list_items").set("quantity_amount", to: SQLBind(merged?.amountText))
                        .set("quantity_unit", to: SQLBind(merged?.unit)).set("updated_at", to: now).where("id", .equal, same.id).run()
                    result.append(try await Self.item(id: same.id, listId: listId, on: db) ?? same)
                    continue
                }
                let createdAt = min(item.createdAt, now)
                let changedAt = max(createdAt, min(item.changedAt ?? createdAt, now))
                try await db.insert(into: "list_items")
                    .columns("id", "list_id", "household_id", "name", "name_key", "quantity_amount", "quantity_unit", "note", "purchased",
                             "changed_at", "created_at", "updated_at")
                    .values(SQLBind(item.id), SQLBind(listId), SQLBind(householdId), SQLBind(name), SQLBind(ListRules.key(name)),
                            SQLBind(item.quantity?.amountText), SQLBind(item.quantity?.unit), SQLBind(note),
                            SQLBind(item.purchased), SQLBind(changedAt), SQLBind(createdAt), SQLBind(now))
                    .run()
                guard let inserted = try await Self.item(id: item.id, listId: listId, on: db) else { throw ListError.itemNotFound }
                result.append(inserted)
            }
            return result
        }
    }
}
