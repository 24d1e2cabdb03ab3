import Foundation
import HearthAPI
import HearthCore
import Hummingbird

/// A PATCH of an item: the fields it sets and the fields it clears, read and checked before the
/// store applies it to the item as stored.
struct InventoryItemChange: Sendable {
    private var edits: [@Sendable (inout ItemDetails) -> Void] = []

    init(_ body: Components.Schemas.InventoryItemChange) throws {
        let cleared = Set((body.clear ?? []).map(\.rawValue))
        func set<Value: Sendable>(_ name: String, _ value: Value?, _ edit: @escaping @Sendable (inout ItemDetails, Value) -> Void) throws {
            guard let value else { return }
            if cleared.contains(name) { throw HTTPError(.unprocessableContent, message: "“\(name)” is both set and cleared.") }
            edits.append { edit(&$0, value) }
        }
        try set("name", body.name) { $0.name = $1 }
        try set("description", body.description) { $0.description = $1 }
        try set("roomId", try HearthAPIService.uuid(body.roomId)) { $0.roomId = $1 }
        try set("categoryId", try HearthAPIService.uuid(body.categoryId)) { $0.categoryId = $1 }
        try set("quantity", body.quantity) { $0.quantity = $1 }
        try set("brand", body.brand) { $0.brand = $1 }
        try set("model", body.model) { $0.model = $1 }
        try set("serialNumber", body.serialNumber) { $0.serialNumber = $1 }
        try set("barcode", body.barcode) { $0.barcode = $1 }
        try set("purchaseDate", try InventoryRules.purchaseDate(InventoryInput.date(body.purchaseDate, field: "purchaseDate"))) {
            $0.purchaseDate = $1
        }
        try set("purchasePlace", body.purchasePlace) { $0.purchasePlace = $1 }
        try set("purchasePrice", body.purchasePrice?.domain) { $0.purchasePrice = $1 }
        try set("replacementValue", body.replacementValue?.domain) { $0.replacementValue = $1 }
        try set("condition", body.condition.flatMap { ItemCondition(rawValue: $0.rawValue) }) { $0.condition = $1 }
        try set("warranty", try InventoryInput.warranty(until: body.warrantyUntil, months: body.warrantyMonths)) { $0.warranty = $1 }
        try set("tags", body.tags) { $0.tags = $1 }
        try set("notes", body.notes) { $0.notes = $1 }
        try set("containerId", try HearthAPIService.uuid(body.containerId)) { $0.containerId = $1 }
        try set("disposition", body.disposition.flatMap { ItemDisposition(rawValue: $0.rawValue) }) { $0.disposition = $1 }
        try set("depreciation", body.depreciation?.domain) { $0.depreciation = $1 }
        for field in cleared {
            edits.append { details in
                switch field {
                case "description": details.description = nil
                case "roomId": details.roomId = nil
                case "categoryId": details.categoryId = nil
                case "brand": details.brand = nil
                case "model": details.model = nil
                case "serialNumber": details.serialNumber = nil
                case "barcode": details.barcode = nil
                case "purchaseDate": details.purchaseDate = nil
                case "purchasePlace": details.purchasePlace = nil
                case "purchasePrice": details.purchasePrice = nil
                case "replacementValue": details.replacementValue = nil
                case "condition": details.condition = nil
                case "warranty": details.warranty = nil
                case "tags": details.tags = []
                case "notes": details.notes = nil
                case "containerId": details.containerId = nil
                case "disposition": details.disposition = nil
                case "depreciation": details.depreciation = nil
                default: break
                }
            }
        }
    }

    /// Applies the change to the details as stored.
    func apply(to details: inout ItemDetails) {
        for edit in edits { edit(&details) }
    }
}
