import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The household's claims, newest first.
    public func claims(householdId: UUID) async throws -> [Claim] {
        let rows = try await sql.select().columns(Self.claimColumns).from("inventory_claims").where("household_id", .equal, householdId)
            .orderBy("created_at", .descending).limit(500).all()
        return try await Self.claims(from: rows, on: sql)
    }

    public func claim(id: UUID, householdId: UUID) async throws -> Claim? {
        try await Self.claim(id: id, householdId: householdId, on: sql)
    }

    /// Starts a claim for items of the household (each once, at most as many pieces as it has).
    /// The same client id again returns the claim made the first time, once its lines pass the
    /// same checks: a request sent again never succeeds where it would fail the first time.
    public func createClaim(id: UUID?, householdId: UUID, incident: Incident, lines: [ClaimLine]) async throws -> (claim: Claim, created: Bool) {
        let incident = try incident.validated()
        let id = id ?? ids.next()
        let now = clock.now
        return try await database.transaction { db in
            try await Self.checkLines(lines, householdId: householdId, on: db)
            if let owner = try await Self.owner(table: "inventory_claims", id: id, on: db) {
                guard owner == householdId, let claim = try await Self.claim(id: id, householdId: householdId, on: db) else {
                    throw InventoryError.idConflict
                }
                return (claim, false)
            }
            try await db.insert(into: "inventory_claims")
                .columns("id", "household_id", "incident_kind", "incident_date", "description", "reference", "status", "created_at", "updated_at")
                .values(SQLBind(id), SQLBind(householdId), SQLBind(incident.kind.rawValue), SQLBind(incident.date.description),
                        SQLBind(incident.description), SQLBind(incident.reference), SQLBind(Claim.Status.draft.rawValue), SQLBind(now), SQLBind(now))
                .run()
            try await Self.saveLines(lines, claimId: id, on: db)
            guard let claim = try await Self.claim(id: id, householdId: householdId, on: db) else { throw StoreError.missingRow("inventory_claims") }
            return (claim, true)
        }
    }

    /// Changes a draft's incident or items; a frozen claim stays as it is (``InventoryError/claimFrozen``).
    public func updateClaim(id: UUID, householdId: UUID, incident: Incident?, lines: [ClaimLine]?) async throws -> Claim {
        let incident = try incident?.validated()
        let now = clock.now
        return try await database.transaction { db in
            guard let claim = try await Self.claim(id: id, householdId: householdId, on: db, locking: true) else { throw InventoryError.claimNotFound }
            guard claim.status == .draft else { throw InventoryError.claimFrozen }
            if let incident {
                try await db.update("inventory_claims").set("incident_kind", to: incident.kind.rawValue)
                    .set("incident_date", to: incident.date.description).set("description", to: SQLBind(incident.description))
                    .set("reference", to: SQLBind(incident.reference)).where("id", .equal, id).run()
            }
            if let lines {
                try await Self.checkLines(lines, householdId: householdId, on: db)
                try await db.delete(from: "inventory_claim_lines").where("claim_id", .equal, id).run()
                try await Self.saveLines(lines, claimId: id, on: db)
            }
            try await db.update("inventory_claims").set("updated_at", to: now).where("id", .equal, id).run()
            guard let saved = try await Self.claim(id: id, householdId: householdId, on: db) else { throw StoreError.missingRow("inventory_claims") }
            return saved
        }
    }

    /// Freezes a draft: a snapshot of its items as they are now (Recently deleted included), kept
    /// unchanged from then on, with `hash` of its JSON. Freezing a frozen claim returns it as it is.
    public func freezeClaim(id: UUID, householdId: UUID, householdName: String, hash: @escaping @Sendable (Data) -> String) async throws -> Claim {
        let now = clock.now
        return try await database.transaction { db in
            guard let claim = try await Self.claim(id: id, householdId: householdId, on: db, locking: true) else { throw InventoryError.claimNotFound }
            guard claim.status == .draft else { return claim }
            let itemIds = claim.lines.map(\.itemId)
            let itemRows = try await db.select().columns(Self.itemColumns).from("inventory_items").where("id", .in, itemIds)
                .where("household_id", .equal, householdId).all()
            let items = Dictionary(uniqueKeysWithValues: try await Self.items(from: itemRows, on: db).map { ($0.id, $0) })
            let groups = try await db.select().columns(Self.groupColumns).from("inventory_groups").where("household_id", .equal, householdId)
                .all().map(Self.group(from:))
            let photos = Dictionary(grouping: try await db.select().columns(Self.photoColumns).from("inventory_photos").where("item_id", .in, itemIds)
                .orderBy("position").orderBy("created_at").all().map(Self.photo(from:)), by: \.itemId)
            let receiptRows = try await db.select().columns(Self.receiptColumns.map { SQLColumn(SQLIdentifier($0), table: SQLIdentifier("r")) })
                .from(SQLAlias(SQLIdentifier("inventory_receipts"), as: SQLIdentifier("r")))
                .join(SQLAlias(SQLIdentifier("inventory_receipt_items"), as: SQLIdentifier("l")),
                      on: SQLColumn("receipt_id", table: "l"), .equal, SQLColumn("id", table: "r"))
                .where(SQLColumn("item_id", table: "l"), .in, SQLBind.group(itemIds)).orderBy(SQLColumn("created_at", table: "r")).all()
            var receipts: [UUID: [Receipt]] = [:]
            for receipt in try await Self.receipts(from: receiptRows, on: db) {
                for itemId in receipt.itemIds where items[itemId] != nil && !(receipts[itemId]?.contains { $0.id == receipt.id } ?? false) {
                    receipts[itemId, default: []].append(receipt)
                }
            }
            let snapshot = ClaimSnapshot(claim: claim, householdName: householdName, items: items,
                                         groupNames: Dictionary(uniqueKeysWithValues: groups.map { ($0.id, $0.name) }),
                                         categoryRules: Valuation.rules(of: groups),
                                         photos: photos,
                                         receipts: receipts, documents: try await Self.documents(ofItems: itemIds, on: db), frozenAt: now)
            let json = try snapshot.canonicalJSON()
            try await db.update("inventory_claims").set("status", to: Claim.Status.frozen.rawValue)
                .set("snapshot", to: String(decoding: json, as: UTF8.self)).set("sha256", to: hash(json)).set("updated_at", to: now)
                .where("id", .equal, id).run()
            guard let frozen = try await Self.claim(id: id, householdId: householdId, on: db) else { throw StoreError.missingRow("inventory_claims") }
            return frozen
        }
    }

    /// Records what the insurer did with one line of a frozen claim.
    public func setOutcome(claimId: UUID, itemId: UUID, householdId: UUID, outcome: ClaimLine.Outcome, paid: Money?) async throws -> Claim {
        guard (outcome == .paid) == (paid != nil) else { throw InventoryError.invalidOutcome }
        try InventoryRules.money(paid, field: "amount paid")
        let now = clock.now
        return try await database.transaction { db in
            guard let claim = try await Self.claim(id: claimId, householdId: householdId, on: db, locking: true) else { throw InventoryError.claimNotFound }
            guard claim.status == .frozen else { throw InventoryError.claimNotFrozen }
            guard claim.lines.contains(where: { $0.itemId == itemId }) else { throw InventoryError.itemNotFound }
            try await db.update("inventory_claim_lines").set("outcome", to: outcome.rawValue).set("paid_amount", to: SQLBind(paid?.amount))
                .set("paid_currency", to: SQLBind(paid?.currency)).where("claim_id", .equal, claimId).where("item_id", .equal, itemId).run()
            try await db.update("inventory_claims").set("updated_at", to: now).where("id", .equal, claimId).run()
            guard let saved = try await Self.claim(id: claimId, householdId: householdId, on: db) else { throw StoreError.missingRow("inventory_claims") }
            return saved
        }
    }

    /// Deletes a claim (its items stay).
    public func deleteClaim(id: UUID, householdId: UUID) async throws {
        let count = try await sql.delete(from: "inventory_claims").where("id", .equal, id).where("household_id", .equal, householdId).runCounting()
        if count == 0 { throw InventoryError.claimNotFound }
    }
}
