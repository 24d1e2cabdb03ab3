import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    static let claimColumns = ["id", "household_id", "incident_kind", "incident_date", "description", "reference", "status", "snapshot", "sha256",
                               "created_at", "updated_at"]

    static func claim(id: UUID, householdId: UUID, on db: any SQLDatabase, locking: Bool = false) async throws -> Claim? {
        let query = db.select().columns(claimColumns).from("inventory_claims").where("id", .equal, id).where("household_id", .equal, householdId)
        if locking { query.for(.update) }
        guard let row = try await query.first() else { return nil }
        return try await claims(from: [row], on: db).first
    }

    /// Claims from rows of ``claimColumns``, with their lines (one query for all).
    static func claims(from rows: [any SQLRow], on db: any SQLDatabase) async throws -> [Claim] {
        var claims = try rows.map(claim(from:))
        guard !claims.isEmpty else { return claims }
        var lines: [UUID: [ClaimLine]] = [:]
        for row in try await db.select().columns("claim_id", "item_id", "quantity", "outcome", "paid_amount", "paid_currency")
            .from("inventory_claim_lines").where("claim_id", .in, claims.map(\.id)).orderBy("position").all() {
            var paid: Money?
            if let amount = try row.decode(column: "paid_amount", as: Int?.self), let currency = try row.decode(column: "paid_currency", as: String?.self) {
                paid = Money(amount: amount, currency: currency)
            }
            lines[try row.decode(column: "claim_id", as: UUID.self), default: []].append(ClaimLine(
                itemId: try row.decode(column: "item_id", as: UUID.self), quantity: try row.decode(column: "quantity", as: Int.self),
                outcome: ClaimLine.Outcome(rawValue: try row.decode(column: "outcome", as: String.self)) ?? .open, paid: paid))
        }
        for index in claims.indices { claims[index].lines = lines[claims[index].id] ?? [] }
        return claims
    }

    static func claim(from row: any SQLRow) throws -> Claim {
        let json = try row.decode(column: "snapshot", as: String?.self)
        let snapshot = json.flatMap { text -> ClaimSnapshot? in
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard let date = RFC3339.date(from: text) else { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text)) }
                return date
            }
            return try? decoder.decode(ClaimSnapshot.self, from: Data(text.utf8))
        }
        return Claim(
            id: try row.decode(column: "id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
            incident: Incident(kind: Incident.Kind(rawValue: try row.decode(column: "incident_kind", as: String.self)) ?? .other,
                               date: CalendarDate(iso: try row.decode(column: "incident_date", as: String.self)) ?? CalendarDate(year: 1970, month: 1, day: 1)!,
                               description: try row.decode(column: "description", as: String?.self),
                               reference: try row.decode(column: "reference", as: String?.self)),
            status: Claim.Status(rawValue: try row.decode(column: "status", as: String.self)) ?? .draft, lines: [], snapshot: snapshot,
            snapshotJSON: json.map { Data($0.utf8) },
            sha256: try row.decode(column: "sha256", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }

    /// A claim's items must be the household's own (not in Recently deleted), each once, with at
    /// most the pieces each has.
    static func checkLines(_ lines: [ClaimLine], householdId: UUID, on db: any SQLDatabase) async throws {
        let ids = lines.map(\.itemId)
        guard (1...InventoryRules.maximumSelection).contains(ids.count), Set(ids).count == ids.count else { throw InventoryError.invalidClaimItems }
        let rows = try await db.select().columns("id", "name", "quantity").from("inventory_items").where("id", .in, ids)
            .where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null).all()
        var owned: [UUID: (name: String, quantity: Int)] = [:]
        for row in rows {
            owned[try row.decode(column: "id", as: UUID.self)] = (try row.decode(column: "name", as: String.self), try row.decode(column: "quantity", as: Int.self))
        }
        for line in lines {
            guard let item = owned[line.itemId] else { throw InventoryError.itemNotFound }
            guard line.quantity >= 1 else { throw InventoryError.invalidQuantity }
            guard line.quantity <= item.quantity else { throw InventoryError.claimQuantityTooLarge(name: item.name, owned: item.quantity) }
        }
    }

    static func saveLines(_ lines: [ClaimLine], claimId: UUID, on db: any SQLDatabase) async throws {
        for chunk in Array(lines.enumerated()).chunks(of: 500) {
            let insert = db.insert(into: "inventory_claim_lines").columns("claim_id", "item_id", "position", "quantity")
            for (index, line) in chunk { insert.values(SQLBind(claimId), SQLBind(line.itemId), SQLBind(index + 1), SQLBind(line.quantity)) }
            try await insert.run()
        }
    }
}
