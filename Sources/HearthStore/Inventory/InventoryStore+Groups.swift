import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// The household's rooms or categories in their order.
    public func groups(_ kind: InventoryGroup.Kind, householdId: UUID) async throws -> [InventoryGroup] {
        try await sql.select().columns(Self.groupColumns).from("inventory_groups")
            .where("household_id", .equal, householdId).where("kind", .equal, kind.rawValue)
            .orderBy("position").orderBy("name_key").all().map(Self.group(from:))
    }

    /// One room or category of the household.
    public func group(_ kind: InventoryGroup.Kind, id: UUID, householdId: UUID) async throws -> InventoryGroup? {
        try await Self.group(kind, id: id, householdId: householdId, on: sql)
    }

    /// Adds a room or category at the end. The same client id again returns the first result.
    /// A category without a `depreciation` rule takes the one its name gives it.
    public func createGroup(_ kind: InventoryGroup.Kind, id: UUID?, householdId: UUID, name: String, icon: String?,
                            color: String? = nil, depreciation: Depreciation? = nil) async throws -> (group: InventoryGroup, created: Bool) {
        let name = try InventoryRules.groupName(name, kind: kind)
        let icon = try InventoryRules.icon(icon)
        let color = try InventoryRules.color(color)
        let depreciation = try Self.categoryRule(depreciation, kind: kind)
        let id = id ?? ids.next()
        let now = clock.now
        // The defaults come first, so a household's own room follows them.
        try await prepare(householdId: householdId)
        return try await database.transaction { db in
            if let owner = try await Self.owner(table: "inventory_groups", id: id, on: db) {
                guard owner == householdId, let group = try await Self.group(kind, id: id, householdId: householdId, on: db) else {
                    throw InventoryError.idConflict
                }
                return (group, false)
            }
            try await Self.checkNameFree(name, kind: kind, householdId: householdId, except: nil, on: db)
            let position = try await db.select().column(SQLRaw("COALESCE(MAX(position), 0) + 1"), as: "next").from("inventory_groups")
                .where("household_id", .equal, householdId).where("kind", .equal, kind.rawValue)
                .first()?.decode(column: "next", as: Int.self) ?? 1
            try await db.insert(into: "inventory_groups")
                .columns("id", "household_id", "kind", "name", "name_key", "icon", "color", "position", "is_default", "created_at", "updated_at",
                         "useful_life_years", "depreciation_floor")
                .values([SQLBind(id), SQLBind(householdId), SQLBind(kind.rawValue), SQLBind(name), SQLBind(InventoryRules.key(name)),
                         SQLBind(icon), SQLBind(color), SQLBind(position), SQLBind(false), SQLBind(now), SQLBind(now)]
                        + Self.depreciationBinds(kind, name: name, depreciation))
                .run()
            guard let group = try await Self.group(kind, id: id, householdId: householdId, on: db) else { throw StoreError.missingRow("inventory_groups") }
            return (group, true)
        }
    }

    /// Renames, changes the icon or colour of (`.some(nil)` removes it), or moves a room or category
    /// (1 is first; past the end means last; the others shift); sets how a category's items depreciate.
    public func updateGroup(_ kind: InventoryGroup.Kind, id: UUID, householdId: UUID, name: String?, icon: String??, color: String?? = nil,
                            position: Int?, depreciation: Depreciation? = nil) async throws -> InventoryGroup {
        let depreciation = try Self.categoryRule(depreciation, kind: kind)
        let name = try name.map { name throws(InventoryError) in try InventoryRules.groupName(name, kind: kind) }
        let icon = try icon.map { icon throws(InventoryError) in try InventoryRules.icon(icon) }
        let color = try color.map { color throws(InventoryError) in try InventoryRules.color(color) }
        if let position, !(1...InventoryRules.maximumPosition).contains(position) { throw InventoryError.invalidPosition }
        let now = clock.now
        return try await database.transaction { db in
            guard try await Self.group(kind, id: id, householdId: householdId, on: db) != nil else { throw InventoryError.groupNotFound(kind) }
            if let name { try await Self.checkNameFree(name, kind: kind, householdId: householdId, except: id, on: db) }
            let update = db.update("inventory_groups").set("updated_at", to: now)
            if let name { update.set("name", to: name).set("name_key", to: InventoryRules.key(name)) }
            if let icon { update.set("icon", to: SQLBind(icon)) }
            if let color { update.set("color", to: SQLBind(color)) }
            if let depreciation {
                update.set("useful_life_years", to: SQLBind(depreciation.usefulLifeYears)).set("depreciation_floor", to: depreciation.floorPercent)
            }
            try await update.where("id", .equal, id).run()
            if let position { try await Self.moveGroup(id, kind: kind, to: position, householdId: householdId, on: db) }
            guard let group = try await Self.group(kind, id: id, householdId: householdId, on: db) else { throw InventoryError.groupNotFound(kind) }
            return group
        }
    }

    /// Deletes a room or category. Its items stay, with no room (or category). Returns how many
    /// items were in it, deleted ones included.
    @discardableResult
    public func deleteGroup(_ kind: InventoryGroup.Kind, id: UUID, householdId: UUID) async throws -> Int {
        try await database.transaction { db in
            guard try await Self.group(kind, id: id, householdId: householdId, on: db) != nil else { throw InventoryError.groupNotFound(kind) }
            let column = kind == .room ? "room_id" : "category_id"
            let count = try await db.update("inventory_items").set(column, to: SQLLiteral.null).set("updated_at", to: clock.now)
                .where(column, .equal, id).runCounting()
            try await db.delete(from: "inventory_groups").where("id", .equal, id).run()
            return count
        }
    }

    /// How many items (outside Recently deleted) each room or category holds.
    public func itemCounts(_ kind: InventoryGroup.Kind, householdId: UUID) async throws -> [UUID: Int] {
        let column = kind == .room ? "room_id" : "category_id"
        let rows = try await sql.select().column(column, as: "group_id").column(SQLRaw("COUNT(*)"), as: "items").from("inventory_items")
            .where("household_id", .equal, householdId).where("deleted_at", .is, SQLLiteral.null).where(column, .isNot, SQLLiteral.null)
            .groupBy(column).all()
        var counts: [UUID: Int] = [:]
        for row in rows { counts[try row.decode(column: "group_id", as: UUID.self)] = try row.decode(column: "items", as: Int.self) }
        return counts
    }

    static func checkNameFree(_ name: String, kind: InventoryGroup.Kind, householdId: UUID, except id: UUID?, on db: any SQLDatabase) async throws {
        let query = db.select().column("id").from("inventory_groups").where("household_id", .equal, householdId)
            .where("kind", .equal, kind.rawValue).where("name_key", .equal, InventoryRules.key(name))
        if let id { query.where("id", .notEqual, id) }
        if try await query.first() != nil { throw InventoryError.groupNameTaken(kind, name) }
    }

    /// Numbers the household's groups of `kind` 1…n with `id` at `position`; only changed rows are written.
    static func moveGroup(_ id: UUID, kind: InventoryGroup.Kind, to position: Int, householdId: UUID, on db: any SQLDatabase) async throws {
        var order = try await db.select().columns("id", "position", "name_key").from("inventory_groups")
            .where("household_id", .equal, householdId).where("kind", .equal, kind.rawValue).for(.update).all()
            .map { (id: try $0.decode(column: "id", as: UUID.self), position: try $0.decode(column: "position", as: Int.self),
                    key: try $0.decode(column: "name_key", as: String.self)) }
            .sorted { ($0.position, $0.key) < ($1.position, $1.key) }
        guard let from = order.firstIndex(where: { $0.id == id }) else { return }
        order.move(from: from, toPosition: position)
        for (index, entry) in order.enumerated() where entry.position != index + 1 {
            try await db.update("inventory_groups").set("position", to: index + 1).where("id", .equal, entry.id).run()
        }
    }

    static let groupColumns = ["id", "household_id", "kind", "name", "icon", "color", "position", "is_default", "created_at", "updated_at",
                               "useful_life_years", "depreciation_floor"]

    /// A rule checked, and given to a category only.
    static func categoryRule(_ rule: Depreciation?, kind: InventoryGroup.Kind) throws(InventoryError) -> Depreciation? {
        guard let rule else { return nil }
        guard kind == .category else { throw .invalidDepreciation("Only a category has a useful life; a room does not.") }
        return try rule.validated()
    }

    /// A new group's `useful_life_years` and `depreciation_floor`: a category's rule, else the one
    /// its name gives it; none for a room.
    static func depreciationBinds(_ kind: InventoryGroup.Kind, name: String, _ rule: Depreciation? = nil) -> [SQLBind] {
        guard kind == .category else { return [SQLBind(Int?.none), SQLBind(Int?.none)] }
        let rule = rule ?? InventoryGroup.defaultDepreciation(forCategory: name)
        return [SQLBind(rule.usefulLifeYears), SQLBind(rule.floorPercent)]
    }

    static func group(_ kind: InventoryGroup.Kind, id: UUID, householdId: UUID, on db: any SQLDatabase) async throws -> InventoryGroup? {
        try await db.select().columns(groupColumns).from("inventory_groups")
            .where("id", .equal, id).where("household_id", .equal, householdId).where("kind", .equal, kind.rawValue)
            .first().map(group(from:))
    }

    static func group(from row: any SQLRow) throws -> InventoryGroup {
        InventoryGroup(
            id: try row.decode(column: "id", as: UUID.self), householdId: try row.decode(column: "household_id", as: UUID.self),
            kind: InventoryGroup.Kind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .room,
            name: try row.decode(column: "name", as: String.self), icon: try row.decode(column: "icon", as: String?.self),
            color: try row.decode(column: "color", as: String?.self), position: try row.decode(column: "position", as: Int.self), isDefault: try row.decode(column: "is_default", as: Bool.self),
            depreciation: try depreciation(from: row),
            createdAt: try row.decode(column: "created_at", as: Date.self), updatedAt: try row.decode(column: "updated_at", as: Date.self)
        )
    }
}

extension InventoryStore {
    /// The household's depreciation rules on `date`, to tell its items' actual cash values.
    public func valuation(householdId: UUID, on date: CalendarDate) async throws -> Valuation {
        Valuation(categories: try await groups(.category, householdId: householdId), date: date)
    }
}
