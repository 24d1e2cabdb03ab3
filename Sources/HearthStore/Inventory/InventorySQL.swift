import HearthCore
import SQLKit

/// SQL for the inventory's rules, built from the rules in HearthCore so the two cannot disagree.
enum InventorySQL {
    /// The condition under which an item (columns of `inventory_items`, optionally behind `alias.`) has `field`.
    static func has(_ field: DocumentationField, _ alias: String = "") -> String {
        let p = alias.isEmpty ? "" : alias + "."
        return switch field {
        case .photo: "\(p)photo_count > 0"
        case .value: "(\(p)replacement_value IS NOT NULL OR \(p)purchase_price IS NOT NULL)"
        case .room: "\(p)room_id IS NOT NULL"
        case .category: "\(p)category_id IS NOT NULL"
        case .receipt: "\(p)receipt_count > 0"
        case .serialNumber: "\(p)serial_number IS NOT NULL"
        }
    }

    /// The documentation score 0…100, as ``Documentation/score`` computes it.
    static func score(_ alias: String = "") -> String {
        "(" + DocumentationField.allCases.map { "CASE WHEN \(has($0, alias)) THEN \($0.weight) ELSE 0 END" }.joined(separator: " + ") + ")"
    }

    /// Whether an item was last seen (checked, else added) before `cutoff`, as ``InventoryItem/lastSeen`` says.
    static func unchecked(cutoff: CalendarDate) -> SQLQueryString {
        "((verified_on IS NOT NULL AND verified_on < \(bind: cutoff.description)) OR (verified_on IS NULL AND created_at < \(bind: cutoff.startInUTC)))"
    }

    /// Whether an item is documented, as ``Documentation/isDocumented`` says.
    static func documented(_ alias: String = "") -> String {
        "(" + DocumentationField.allCases.filter(\.isCore).map { has($0, alias) }.joined(separator: " AND ") + ")"
    }

    /// An item's value in minor units (replacement value, else purchase price, times quantity), or NULL.
    static func value(_ alias: String = "") -> String {
        let p = alias.isEmpty ? "" : alias + "."
        return "(COALESCE(\(p)replacement_value, \(p)purchase_price) * \(p)quantity)"
    }

    /// The currency of ``value(_:)``.
    static func valueCurrency(_ alias: String = "") -> String {
        let p = alias.isEmpty ? "" : alias + "."
        return "(CASE WHEN \(p)replacement_value IS NOT NULL THEN \(p)replacement_currency ELSE \(p)purchase_currency END)"
    }
}
