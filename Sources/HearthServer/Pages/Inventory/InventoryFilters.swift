import Foundation
import HearthCore
import HearthStore

/// The filters of the item list as they appear in the address (`/inventory?room=…&sort=value`).
struct InventoryFilters: Sendable {
    var q: String?
    var room: String?
    var category: String?
    var tag: String?
    var documented: String?
    var condition: String?
    var missing: String?
    var warranty: Bool
    /// owned (absent), gone (sold or archived) or all.
    var status: String?
    var sort: String

    init(_ parameters: [String: String]) {
        func value(_ key: String) -> String? { parameters[key]?.trimmingCharacters(in: .whitespaces).nilIfEmpty }
        q = value("q")
        room = value("room")
        category = value("category")
        tag = value("tag")
        documented = value("documented")
        condition = value("condition")
        missing = value("missing")
        warranty = value("warranty") == "1"
        status = value("status").flatMap { ItemQuery.Status(rawValue: $0) }.flatMap { $0 == .owned ? nil : $0.rawValue }
        sort = value("sort").flatMap { ItemQuery.Sort(rawValue: $0)?.rawValue } ?? "name"
    }

    /// The store's query for these filters.
    func query(today: CalendarDate, cursor: String?, limit: Int) -> ItemQuery {
        func group(_ text: String?) -> ItemQuery.GroupFilter? {
            text == "none" ? .unassigned : text.flatMap(UUID.init(uuidString:)).map { .group($0) }
        }
        return ItemQuery(
            text: q, room: group(room), category: group(category), tag: tag,
            documented: documented.map { $0 == "yes" }, condition: condition.flatMap(ItemCondition.init(rawValue:)),
            missing: missing.flatMap(DocumentationField.init(rawValue:)),
            warrantyEndsBy: warranty ? today.adding(days: InventorySummary.warrantyHorizonDays) : nil, today: today,
            status: status.flatMap(ItemQuery.Status.init(rawValue:)) ?? .owned, sort: ItemQuery.Sort(rawValue: sort) ?? .name, cursor: cursor,
            limit: limit
        )
    }

    /// The address part for these filters, to carry them into "More" and the fragment requests.
    var queryString: String {
        let pairs: [(String, String?)] = [("q", q), ("room", room), ("category", category), ("tag", tag), ("documented", documented),
                                          ("condition", condition), ("missing", missing), ("warranty", warranty ? "1" : nil),
                                          ("status", status), ("sort", sort == "name" ? nil : sort)]
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return pairs.compactMap { key, value in value.map { "\(key)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" } }
            .joined(separator: "&")
    }

    var isFiltered: Bool { !queryString.replacingOccurrences(of: "sort=\(sort)", with: "").isEmpty }
}
