import Foundation
import HearthCore
import SQLKit

extension ListStore {
    /// Several of the household's list items by id, for the sync feed: those still there, on a list
    /// outside Recently deleted.
    public func items(ids: [UUID], householdId: UUID) async throws -> [UUID: ListItem] {
        var found: [UUID: ListItem] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            for row in try await sql.select().columns(Self.itemColumns).from("list_items").where("id", .in, chunk)
                .where(database.owner("household_id", is: householdId))
                .where(SQLRaw("list_id IN (SELECT id FROM shopping_lists WHERE deleted_at IS NULL)")).all() {
                let item = try Self.item(from: row)
                found[item.id] = item
            }
        }
        return found
    }
}
