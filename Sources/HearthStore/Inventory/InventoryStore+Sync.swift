import Foundation
import HearthCore
import SQLKit

/// Several of the household's receipts, photos and claims by id (those still there; photos of
/// items outside Recently deleted), for the sync feed.
extension InventoryStore {
    public func receipts(ids: [UUID], householdId: UUID) async throws -> [UUID: Receipt] {
        var found: [UUID: Receipt] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            let rows = try await sql.select().columns(Self.receiptColumns).from("inventory_receipts").where("id", .in, chunk)
                .where(database.owner("household_id", is: householdId)).all()
            for receipt in try await Self.receipts(from: rows, on: sql) { found[receipt.id] = receipt }
        }
        return found
    }

    public func photos(ids: [UUID], householdId: UUID) async throws -> [UUID: ItemPhoto] {
        var found: [UUID: ItemPhoto] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            for row in try await sql.select().columns(Self.photoColumns).from("inventory_photos").where("id", .in, chunk)
                .where(database.owner("household_id", is: householdId))
                .where(SQLRaw("item_id IN (SELECT id FROM inventory_items WHERE deleted_at IS NULL)")).all() {
                let photo = try Self.photo(from: row)
                found[photo.id] = photo
            }
        }
        return found
    }

    public func claims(ids: [UUID], householdId: UUID) async throws -> [UUID: Claim] {
        var found: [UUID: Claim] = [:]
        for chunk in Array(Set(ids)).chunks(of: 500) {
            let rows = try await sql.select().columns(Self.claimColumns).from("inventory_claims").where("id", .in, chunk)
                .where(database.owner("household_id", is: householdId)).all()
            for claim in try await Self.claims(from: rows, on: sql) { found[claim.id] = claim }
        }
        return found
    }
}
