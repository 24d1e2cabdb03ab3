import Foundation
import HearthCore
import SQLKit

/// The rest of a household's backup beside the inventory: its shopping lists, and each member's
/// Focus settings and sessions.
extension InventoryStore {
    static func backupLists(householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdBackup.List] {
        var items: [UUID: [HouseholdBackup.List.Item]] = [:]
        for row in try await db.select().columns("id", "list_id", "name", "quantity_amount", "quantity_unit", "note", "purchased", "changed_at",
                                                 "created_at", "updated_at", "category", "position", "only_at")
            .from("list_items").where("household_id", .equal, householdId).orderBy("created_at").orderBy("id").all() {
            items[try row.decode(column: "list_id", as: UUID.self), default: []].append(.init(
                id: try row.decode(column: "id", as: UUID.self), name: try row.decode(column: "name", as: String.self),
                quantityAmount: try row.decode(column: "quantity_amount", as: String?.self), quantityUnit: try row.decode(column: "quantity_unit", as: String?.self),
                note: try row.decode(column: "note", as: String?.self), purchased: try row.decode(column: "purchased", as: Bool.self),
                changedAt: try row.decode(column: "changed_at", as: Date.self), createdAt: try row.decode(column: "created_at", as: Date.self),
                updatedAt: try row.decode(column: "updated_at", as: Date.self), category: try row.decode(column: "category", as: String?.self),
                position: try row.decode(column: "position", as: Int?.self),
                onlyAt: try row.decode(column: "only_at", as: String?.self).map(StoreIds.read)))
        }
        var orders: [UUID: [String: Int]] = [:]
        for row in try await db.raw("""
            SELECT o.list_id, o.name_key, o.position FROM list_item_order o JOIN shopping_lists l ON l.id = o.list_id
            WHERE l.household_id = \(bind: householdId)
            """).all() {
            orders[try row.decode(column: "list_id", as: UUID.self), default: [:]][try row.decode(column: "name_key", as: String.self)] =
                try row.decode(column: "position", as: Int.self)
        }
        return try await db.select().columns("id", "name", "emoji", "position", "created_at", "updated_at", "deleted_at", "store_id").from("shopping_lists")
            .where("household_id", .equal, householdId).orderBy("position").all().map { row in
                let id = try row.decode(column: "id", as: UUID.self)
                return HouseholdBackup.List(
                    id: id, name: try row.decode(column: "name", as: String.self), emoji: try row.decode(column: "emoji", as: String?.self),
                    position: try row.decode(column: "position", as: Int.self), createdAt: try row.decode(column: "created_at", as: Date.self),
                    updatedAt: try row.decode(column: "updated_at", as: Date.self), deletedAt: try row.decode(column: "deleted_at", as: Date?.self),
                    items: items[id] ?? [], storeId: try row.decode(column: "store_id", as: UUID?.self), order: orders[id])
            }
    }

    static func backupMembers(householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdBackup.Member] {
        var members: [HouseholdBackup.Member] = []
        for user in try await db.select().columns("id", "name", "email").from("users").where("household_id", .equal, householdId).orderBy("email").all() {
            let userId = try user.decode(column: "id", as: UUID.self)
            let settings = try await db.select().column("settings").from("focus_settings").where("user_id", .equal, userId).first()
                .flatMap { try JSONDecoder().decode(FocusSettings.self, from: Data($0.decode(column: "settings", as: String.self).utf8)) }
            let sessions = try await db.select().columns("id", "kind", "started_at", "ended_at", "planned_seconds", "actual_seconds", "skipped", "label")
                .from("focus_sessions").where("user_id", .equal, userId).orderBy("ended_at").all().map { row in
                    FocusSession(id: try row.decode(column: "id", as: UUID.self),
                                 kind: TimerPhase(rawValue: try row.decode(column: "kind", as: String.self)) ?? .focus,
                                 startedAt: try row.decode(column: "started_at", as: Date.self), endedAt: try row.decode(column: "ended_at", as: Date.self),
                                 plannedSeconds: try row.decode(column: "planned_seconds", as: Int.self),
                                 actualSeconds: try row.decode(column: "actual_seconds", as: Int.self),
                                 skipped: try row.decode(column: "skipped", as: Bool.self), label: try row.decode(column: "label", as: String?.self))
                }
            members.append(.init(email: try user.decode(column: "email", as: String.self), name: try user.decode(column: "name", as: String.self),
                                 focusSettings: settings, sessions: sessions))
        }
        return members
    }

    /// Lists by the inventory's rule: merge skips a list the household has (same id); replace first
    /// deletes the household's lists. Ids another household holds get new ones. `stores` turns the
    /// backup's store ids into the household's (a store it does not name is left out). Items of
    /// backups made before aisles have no category: the restore's end sorts them.
    static func restoreLists(_ lists: [HouseholdBackup.List], householdId: UUID, strategy: RestoreStrategy, stores: [UUID: UUID],
                             summary: inout RestoreSummary, write: Bool, ids: IDGenerator, on db: any SQLDatabase) async throws {
        let own = try await db.select().column("id").from("shopping_lists").where("household_id", .equal, householdId).all()
            .map { try $0.decode(column: "id", as: UUID.self) }
        if strategy == .replace {
            summary.lists.removed = own.count
            if write { try await db.delete(from: "shopping_lists").where("household_id", .equal, householdId).run() }
        }
        let wanted = lists.map(\.id) + lists.flatMap { $0.items.map(\.id) }
        var taken = Set<UUID>()
        for chunk in wanted.chunks(of: 500) {
            for table in ["shopping_lists", "list_items"] {
                for row in try await db.select().column("id").from(table).where("id", .in, chunk).all() { taken.insert(try row.decode(column: "id", as: UUID.self)) }
            }
        }
        if strategy == .replace && write { taken.subtract(own) }
        for list in lists {
            if strategy == .merge && own.contains(list.id) {
                summary.lists.skipped += 1
                continue
            }
            summary.lists.added += 1
            guard write else { continue }
            let listId = taken.contains(list.id) ? ids.next() : list.id
            try await db.insert(into: "shopping_lists")
                .columns("id", "household_id", "name", "emoji", "position", "created_at", "updated_at", "deleted_at", "store_id")
                .values(SQLBind(listId), SQLBind(householdId), SQLBind(list.name), SQLBind(list.emoji), SQLBind(list.position),
                        SQLBind(list.createdAt), SQLBind(list.updatedAt), SQLBind(list.deletedAt), SQLBind(list.storeId.flatMap { stores[$0] })).run()
            for chunk in list.items.chunks(of: 300) {
                let insert = db.insert(into: "list_items").columns("id", "list_id", "household_id", "name", "name_key", "quantity_amount", "quantity_unit",
                                                                   "note", "purchased", "changed_at", "created_at", "updated_at", "category", "position", "only_at")
                for item in chunk {
                    let quantity = Self.quantity(amount: item.quantityAmount, unit: item.quantityUnit)
                    insert.values(SQLBind(taken.contains(item.id) ? ids.next() : item.id), SQLBind(listId), SQLBind(householdId), SQLBind(item.name),
                                  SQLBind(ListRules.key(item.name)), SQLBind(quantity?.amountText), SQLBind(quantity?.unit), SQLBind(item.note),
                                  SQLBind(item.purchased), SQLBind(item.changedAt), SQLBind(item.createdAt), SQLBind(item.updatedAt),
                                  SQLBind(item.category.flatMap(ShoppingCategory.init(rawValue:))?.rawValue), SQLBind(item.position),
                                  SQLBind(StoreIds.text((item.onlyAt ?? []).compactMap { stores[$0] })))
                }
                try await insert.run()
            }
            for (name, position) in list.order ?? [:] {
                try await db.raw("""
                    INSERT INTO list_item_order (list_id, name_key, position) VALUES (\(bind: listId), \(bind: ListRules.key(name)), \(bind: position))
                    ON CONFLICT (list_id, name_key) DO NOTHING
                    """).run()
            }
        }
    }

    /// A backup's quantity as the store keeps it: "1,50" or " 2" from an edited file are read as a
    /// person's typing would be ("1.5", "2"); an amount that is no number is left out, with its unit.
    static func quantity(amount: String?, unit: String?) -> Quantity? {
        guard let amount, let read = try? Quantity(parsing: amount) else { return nil }
        return Quantity(amount: read.amount, unit: unit)
    }

    /// Each member's Focus data goes to the member of the same email: sessions they lack are added
    /// (the same id is skipped); their settings are replaced by a replace, and kept by a merge
    /// unless they have none. A member the household does not have is named in a warning.
    static func restoreMembers(_ members: [HouseholdBackup.Member], householdId: UUID, strategy: RestoreStrategy, now: Date,
                               summary: inout RestoreSummary, write: Bool, on db: any SQLDatabase) async throws {
        var users: [String: (id: UUID, zone: TimeZone)] = [:]
        for row in try await db.select().columns("id", "email_normalized", "time_zone").from("users").where("household_id", .equal, householdId).all() {
            users[try row.decode(column: "email_normalized", as: String.self)] =
                (try row.decode(column: "id", as: UUID.self), TimeZone(identifier: try row.decode(column: "time_zone", as: String.self)) ?? .gmt)
        }
        for member in members {
            guard let user = users[AccountRules.normalizedEmail(member.email)] else {
                if !member.sessions.isEmpty {
                    summary.warnings.append("The Focus history of \(member.email) was left out: no member of this household has that email.")
                }
                summary.sessions.skipped += member.sessions.count
                continue
            }
            var existing = Set<UUID>()
            for chunk in member.sessions.map(\.id).chunks(of: 500) {
                for row in try await db.select().column("id").from("focus_sessions").where("id", .in, chunk).all() {
                    existing.insert(try row.decode(column: "id", as: UUID.self))
                }
            }
            let added = member.sessions.filter { !existing.contains($0.id) }
            summary.sessions.added += added.count
            summary.sessions.skipped += member.sessions.count - added.count
            guard write else { continue }
            for session in added { try await FocusStore.insert(session, userId: user.id, timeZone: user.zone, on: db) }
            if let settings = member.focusSettings {
                let hasSettings = try await db.select().column("user_id").from("focus_settings").where("user_id", .equal, user.id).first() != nil
                guard strategy == .replace || !hasSettings else { continue }
                try await db.delete(from: "focus_settings").where("user_id", .equal, user.id).run()
                try await db.insert(into: "focus_settings").columns("user_id", "settings", "updated_at")
                    .values(SQLBind(user.id), SQLBind(String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)), SQLBind(now)).run()
            }
        }
    }
}

extension InventoryStore {
    static func backupClaims(householdId: UUID, on db: any SQLDatabase) async throws -> [HouseholdBackup.Claim] {
        let rows = try await db.select().columns(claimColumns).from("inventory_claims").where("household_id", .equal, householdId)
            .orderBy("created_at").all()
        return try await claims(from: rows, on: db).map(HouseholdBackup.Claim.init)
    }

    /// Claims by the same rule as items: merge skips a claim the household has (same id), replace
    /// first deletes the household's claims. Lines follow their items to the ids they have now; a
    /// frozen claim keeps its snapshot and hash as they are.
    static func restoreClaims(_ claims: [HouseholdBackup.Claim], householdId: UUID, strategy: RestoreStrategy, itemIds: [UUID: UUID],
                              summary: inout RestoreSummary, write: Bool, ids: IDGenerator, on db: any SQLDatabase) async throws {
        let own = Set(try await db.select().column("id").from("inventory_claims").where("household_id", .equal, householdId).all()
            .map { try $0.decode(column: "id", as: UUID.self) })
        if strategy == .replace {
            summary.claims.removed = own.count
            if write { try await db.delete(from: "inventory_claims").where("household_id", .equal, householdId).run() }
        }
        var taken = Set<UUID>()
        for chunk in claims.map(\.id).chunks(of: 500) {
            for row in try await db.select().column("id").from("inventory_claims").where("id", .in, chunk).all() {
                taken.insert(try row.decode(column: "id", as: UUID.self))
            }
        }
        for (index, claim) in claims.enumerated() {
            guard (claim.status == .frozen) == (claim.snapshot != nil && claim.sha256 != nil), claim.lines.allSatisfy({ $0.quantity >= 1 }) else {
                throw BackupError.invalidRecord("claim \(index + 1) is incomplete")
            }
            if strategy == .merge && own.contains(claim.id) {
                summary.claims.skipped += 1
                continue
            }
            summary.claims.added += 1
            guard write else { continue }
            let id = taken.contains(claim.id) ? ids.next() : claim.id
            let incident = claim.incident
            try await db.insert(into: "inventory_claims")
                .columns("id", "household_id", "incident_kind", "incident_date", "description", "reference", "status", "snapshot", "sha256",
                         "created_at", "updated_at")
                .values(SQLBind(id), SQLBind(householdId), SQLBind(incident.kind.rawValue), SQLBind(incident.date.description),
                        SQLBind(incident.description), SQLBind(incident.reference), SQLBind(claim.status.rawValue), SQLBind(claim.snapshot),
                        SQLBind(claim.sha256), SQLBind(claim.createdAt), SQLBind(claim.updatedAt))
                .run()
            var seen = Set<UUID>()
            let lines = claim.lines.map { line in ClaimLine(itemId: itemIds[line.itemId] ?? line.itemId, quantity: line.quantity, outcome: line.outcome,
                                                            paid: line.paid) }.filter { seen.insert($0.itemId).inserted }
            for chunk in Array(lines.enumerated()).chunks(of: 300) {
                let insert = db.insert(into: "inventory_claim_lines")
                    .columns("claim_id", "item_id", "position", "quantity", "outcome", "paid_amount", "paid_currency")
                for (position, line) in chunk {
                    insert.values(SQLBind(id), SQLBind(line.itemId), SQLBind(position + 1), SQLBind(line.quantity), SQLBind(line.outcome.rawValue),
                                  SQLBind(line.paid?.amount), SQLBind(line.paid?.currency))
                }
                try await insert.run()
            }
        }
    }
}
