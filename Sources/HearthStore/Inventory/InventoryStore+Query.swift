import Foundation
import HearthCore
import SQLKit

extension InventoryStore {
    /// A page of the household's items (outside Recently deleted) that match `query`, in its order.
    /// Pages follow a cursor (the sort key and id of the last item), so they stay fast and stable
    /// deep into a large inventory while items are added.
    public func items(householdId: UUID, _ query: ItemQuery) async throws -> ItemPage {
        let found = try await page(householdId: householdId, query, limit: min(max(query.limit, 1), ItemQuery.maximumLimit))
        let count = sql.select().column(SQLRaw("COUNT(*)"), as: "total").from(SQLAlias(SQLIdentifier("inventory_items"), as: SQLIdentifier("i")))
        filter(count, householdId: householdId, query)
        let total = try await count.first()?.decode(column: "total", as: Int.self) ?? 0
        return ItemPage(items: found.items, nextCursor: found.nextCursor, total: total)
    }

    /// Up to ``ItemQuery/exportPageSize`` items that match `query` after its cursor, and the cursor
    /// of the next page, without counting them all: for files written page by page.
    public func exportPage(householdId: UUID, _ query: ItemQuery) async throws -> (items: [InventoryItem], nextCursor: String?) {
        try await page(householdId: householdId, query, limit: ItemQuery.exportPageSize)
    }

    private func page(householdId: UUID, _ query: ItemQuery, limit: Int) async throws -> (items: [InventoryItem], nextCursor: String?) {
        let order = Self.sortKey(query.sort)
        let select = sql.select().columns(Self.itemColumns.map { SQLColumn(SQLIdentifier($0), table: SQLIdentifier("i")) })
            .column(SQLRaw(order.expression), as: "sort_key")
            .from(SQLAlias(SQLIdentifier("inventory_items"), as: SQLIdentifier("i")))
        filter(select, householdId: householdId, query)
        if let cursor = query.cursor {
            let position = try Self.decodeCursor(cursor, sort: query.sort)
            let comparison = order.ascending ? ">" : "<"
            // A row value, which both databases use as where to start in the sort's index (the
            // same condition written with OR made PostgreSQL read every row before the cursor).
            select.where(SQLQueryString("(\(unsafeRaw: order.expression), i.id) \(unsafeRaw: comparison) (\(position.key), \(bind: position.id))"))
        }
        let direction: SQLDirection = order.ascending ? .ascending : .descending
        select.orderBy(SQLRaw(order.expression), direction).orderBy(SQLColumn("id", table: "i"), direction).limit(limit + 1)
        let rows = try await select.all()
        let items = try await Self.items(from: Array(rows.prefix(limit)), on: sql)
        var next: String?
        if rows.count > limit, let last = rows.prefix(limit).last {
            next = try Self.encodeCursor(sort: query.sort, row: last)
        }
        return (items, next)
    }

    /// Every tag the household uses, A–Z.
    public func tags(householdId: UUID) async throws -> [String] {
        try await sql.select().column(SQLRaw("MIN(tag)"), as: "tag").from("inventory_item_tags")
            .where("household_id", .equal, householdId).groupBy("tag_key").orderBy("tag_key").limit(500).all()
            .map { try $0.decode(column: "tag", as: String.self) }
    }

    /// Adds the conditions of `query` (and the household) to a select over `inventory_items i`.
    func filter(_ select: SQLSelectBuilder, householdId: UUID, _ query: ItemQuery) {
        select.where(SQLColumn("household_id", table: "i"), .equal, SQLBind(householdId))
            .where(SQLColumn("deleted_at", table: "i"), .is, SQLLiteral.null)
        switch query.status {
        case .owned: select.where(SQLColumn("disposition", table: "i"), .is, SQLLiteral.null)
        case .gone: select.where(SQLColumn("disposition", table: "i"), .isNot, SQLLiteral.null)
        case .all: break
        }
        for filter in query.filters { select.where(Self.condition(filter, householdId: householdId)) }
        let words = query.searchWords
        if !words.isEmpty { select.where(Self.matching(words, kind: kind)) }
    }

    /// The SQL condition of one filter over `inventory_items i`.
    static func condition(_ filter: ItemQuery.Filter, householdId: UUID) -> any SQLExpression {
        switch filter {
        case .room(let groups): return group(groups, column: "room_id")
        case .category(let groups): return group(groups, column: "category_id")
        case .tag(let tag):
            return SQLQueryString("""
                i.id IN (SELECT item_id FROM inventory_item_tags WHERE household_id = \(bind: householdId) AND tag_key = \(bind: tag.lowercased()))
                """)
        case .documented(let documented):
            return SQLRaw(documented ? InventorySQL.documented("i") : "NOT \(InventorySQL.documented("i"))")
        case .condition(let condition): return SQLBinaryExpression(SQLColumn("condition", table: "i"), .equal, SQLBind(condition.rawValue))
        case .missing(let field): return SQLRaw("NOT (\(InventorySQL.has(field, "i")))")
        case .warranty(let endsBy, let from):
            let until = SQLColumn("warranty_until", table: "i")
            let before = SQLBinaryExpression(until, .lessThanOrEqual, SQLBind(endsBy.description))
            guard let from else { return before }
            return SQLBinaryExpression(before, .and, SQLBinaryExpression(until, .greaterThanOrEqual, SQLBind(from.description)))
        case .barcode(let barcode): return SQLBinaryExpression(SQLColumn("barcode", table: "i"), .equal, SQLBind(barcode))
        case .asset(let asset): return SQLBinaryExpression(SQLColumn("asset_id", table: "i"), .equal, SQLBind(asset.number))
        case .value(let comparison, let money):
            return SQLQueryString("""
                (\(unsafeRaw: InventorySQL.value("i")) \(unsafeRaw: comparison == .above ? ">" : "<") \(bind: money.amount) \
                AND \(unsafeRaw: InventorySQL.valueCurrency("i")) = \(bind: money.currency))
                """)
        }
    }

    /// In one of the rooms or categories (`column`), or without one for ``ItemQuery/GroupFilter/unassigned``.
    private static func group(_ groups: [ItemQuery.GroupFilter], column: String) -> any SQLExpression {
        let ids = groups.compactMap { if case .group(let id) = $0 { id } else { nil } }
        var parts: [any SQLExpression] = []
        if !ids.isEmpty { parts.append(SQLBinaryExpression(SQLColumn(column, table: "i"), .in, SQLGroupExpression(ids.map { SQLBind($0) }))) }
        if groups.contains(.unassigned) { parts.append(SQLBinaryExpression(SQLColumn(column, table: "i"), .is, SQLLiteral.null)) }
        guard !parts.isEmpty else { return SQLRaw("1 = 0") } // in none of no groups: nothing (an empty OR)
        return SQLGroupExpression(SQLList(parts, separator: SQLRaw(" OR ")))
    }

    /// Items whose search text has every word as the start of one of its words.
    static func matching(_ words: [String], kind: DatabaseKind) -> SQLQueryString {
        switch kind {
        case .sqlite:
            let expression = words.map { "\"\($0)\"*" }.joined(separator: " ")
            return "i.id IN (SELECT r.item_id FROM inventory_search s JOIN inventory_search_rows r ON r.row = s.rowid WHERE inventory_search MATCH \(bind: expression))"
        case .postgres:
            let expression = words.map { "\($0):*" }.joined(separator: " & ")
            return "to_tsvector('simple', i.search_text) @@ to_tsquery('simple', \(bind: expression))"
        }
    }

    /// The expression a sort orders by (never NULL) and its direction.
    static func sortKey(_ sort: ItemQuery.Sort) -> (expression: String, ascending: Bool) {
        switch sort {
        case .name: ("i.name_key", true)
        case .value: ("COALESCE(\(InventorySQL.value("i")), -1)", false)
        case .added: ("i.created_at", false)
        case .purchased: ("COALESCE(i.purchase_date, '')", false)
        }
    }

    private struct Cursor: Codable {
        /// The sort it was made for.
        var s: String
        /// The last item's sort key: text, number or time.
        var t: String?
        var n: Int?
        var d: Double?
        /// The last item's id.
        var i: UUID
    }

    static func encodeCursor(sort: ItemQuery.Sort, row: any SQLRow) throws -> String {
        var cursor = Cursor(s: sort.rawValue, i: try row.decode(column: "id", as: UUID.self))
        switch sort {
        case .name, .purchased: cursor.t = try row.decode(column: "sort_key", as: String.self)
        case .value: cursor.n = try row.decode(column: "sort_key", as: Int.self)
        case .added: cursor.d = try row.decode(column: "sort_key", as: Date.self).timeIntervalSince1970
        }
        return try JSONEncoder().encode(cursor).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decodeCursor(_ text: String, sort: ItemQuery.Sort) throws -> (key: any SQLExpression, id: UUID) {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard text.count <= 1000, let data = Data(base64Encoded: base64), let cursor = try? JSONDecoder().decode(Cursor.self, from: data),
              cursor.s == sort.rawValue
        else { throw InventoryError.invalidCursor }
        switch sort {
        case .name, .purchased:
            guard let text = cursor.t, !TextRules.containsControl(text) else { throw InventoryError.invalidCursor }
            return (SQLBind(text), cursor.i)
        case .value:
            guard let number = cursor.n else { throw InventoryError.invalidCursor }
            return (SQLBind(number), cursor.i)
        case .added:
            guard let seconds = cursor.d, seconds.isFinite, abs(seconds) < 1e11 else { throw InventoryError.invalidCursor }
            return (SQLTimestamp(Date(timeIntervalSince1970: seconds)), cursor.i)
        }
    }
}

extension InventoryStore {
    /// Every item the query finds (outside Recently deleted), page by page: for exports and reports.
    public func allItems(householdId: UUID, _ query: ItemQuery) async throws -> [InventoryItem] {
        var query = query, items: [InventoryItem] = []
        query.cursor = nil
        repeat {
            let page = try await exportPage(householdId: householdId, query)
            items += page.items
            query.cursor = page.nextCursor
        } while query.cursor != nil
        return items
    }
}
