import Foundation
import HearthCore

extension InventoryStore {
    /// Reads the filters written in `query.text` (``ItemSearch``) into the query: rooms and
    /// categories found by name, amounts in the household's currency, warranties counted from
    /// `today`. `query.text` keeps the free words. Throws ``InventoryError/invalidSearch(_:)`` for an
    /// unknown filter, a bad value or a room or category the household does not have.
    public func applySearchFilters(to query: inout ItemQuery, householdId: UUID, today: CalendarDate) async throws {
        guard let text = query.text, text.contains(where: { ":<>=≤≥-#".contains($0) }) else { return }
        let search = try ItemSearch(parsing: text, currency: try await currency(householdId: householdId))
        query.text = search.words.isEmpty ? nil : search.words
        for filter in search.filters {
            switch filter {
            case .room(let name): query.filters.append(.room(try await groups(named: name, .room, householdId: householdId)))
            case .category(let name): query.filters.append(.category(try await groups(named: name, .category, householdId: householdId)))
            case .tag(let tag): query.filters.append(.tag(tag))
            case .value(let comparison, let money): query.filters.append(.value(comparison, money))
            case .missing(let field): query.filters.append(.missing(field))
            case .warrantyWithin(let days): query.filters.append(.warranty(endsBy: today.adding(days: days) ?? today, from: today))
            case .condition(let condition): query.filters.append(.condition(condition))
            case .asset(let asset): query.filters.append(.asset(asset))
            }
        }
    }

    /// The rooms or categories a search names: the one of exactly that name (ignoring case and
    /// accents), else those whose name starts with it; "none" for the items without one.
    private func groups(named name: String, _ kind: InventoryGroup.Kind, householdId: UUID) async throws -> [ItemQuery.GroupFilter] {
        let key = Self.nameKey(name)
        let what = kind == .room ? "room" : "category"
        guard !key.isEmpty else { throw InventoryError.invalidSearch("“\(what):\(name)”: a name has letters or digits. \(ItemSearch.help)") }
        if key == "none" { return [.unassigned] }
        let groups = try await groups(kind, householdId: householdId)
        if let exact = groups.first(where: { Self.nameKey($0.name) == key }) { return [.group(exact.id)] }
        let starting = groups.filter { Self.nameKey($0.name).hasPrefix(key) }
        guard starting.isEmpty else { return starting.map { .group($0.id) } }
        let names = groups.prefix(12).map { "“\($0.name)”" }.joined(separator: ", ") + (groups.count > 12 ? ", …" : "")
        throw InventoryError.invalidSearch("“\(what):\(name)”: the household has no \(what) called “\(name)”."
            + (groups.isEmpty ? "" : " \(kind == .room ? "Rooms" : "Categories"): \(names)."))
    }

    private static func nameKey(_ name: String) -> String {
        ItemQuery.words(of: name).joined(separator: " ")
    }
}
