import Foundation
import HearthCore

/// The inventory as Hearth's own CSV: one line per item, every field, amounts as decimals with
/// their currency. Reading it back gives the same items (matched by the Id column).
public enum InventoryCSV {
    public static let header = [
        "Name", "Description", "Room", "Category", "Quantity", "Brand", "Model", "Serial number", "Barcode", "Purchase date",
        "Purchase place", "Purchase price", "Purchase currency", "Replacement value", "Replacement currency", "Condition",
        "Warranty until", "Tags", "Notes", "Photos", "Receipts", "Documentation score", "Id", "Added", "Updated",
    ]

    /// The items as CSV; `groupNames` names their rooms and categories.
    public static func render(_ items: [InventoryItem], groupNames: [UUID: String]) throws -> String {
        let added = Date.ISO8601FormatStyle()
        let rows = items.map { item in
            [
                item.name, item.description ?? "", item.roomId.flatMap { groupNames[$0] } ?? "", item.categoryId.flatMap { groupNames[$0] } ?? "",
                String(item.quantity), item.brand ?? "", item.model ?? "", item.serialNumber ?? "", item.barcode ?? "",
                item.purchaseDate?.description ?? "", item.purchasePlace ?? "", item.purchasePrice?.decimalString ?? "",
                item.purchasePrice?.currency ?? "", item.replacementValue?.decimalString ?? "", item.replacementValue?.currency ?? "",
                item.condition?.rawValue ?? "", item.warrantyUntil?.description ?? "", item.tags.joined(separator: "; "), item.notes ?? "",
                String(item.photoCount), String(item.receiptCount), String(item.documentation.score), item.id.text.lowercased(),
                item.createdAt.formatted(added), item.updatedAt.formatted(added),
            ]
        }
        return try CSVTable.render(header: header, rows: rows)
    }

    /// Items from Hearth's CSV; amounts without a currency column are in `currency`. Columns are
    /// found by name (any order, any case); only Name is required.
    public static func items(from text: String, currency: String) throws(CSVTable.Unreadable) -> (items: [ImportedItem], problems: [ImportProblem]) {
        let table = try CSVTable.read(text)
        let columns = Dictionary(table.header.enumerated().map { ($0.element.lowercased(), $0.offset) }, uniquingKeysWith: { first, _ in first })
        guard columns["name"] != nil else { throw CSVTable.Unreadable(reason: "it has no Name column (is it a HomeBox export? choose HomeBox)") }
        var items: [ImportedItem] = [], problems: [ImportProblem] = []
        for record in table.records {
            guard record.fields.count == table.header.count else {
                problems.append(.init(line: record.line, reason: "it has \(record.fields.count) fields, the header \(table.header.count)"))
                continue
            }
            func field(_ name: String) -> String { columns[name.lowercased()].map { record.fields[$0] } ?? "" }
            do {
                items.append(try item(record, field: field, currency: currency))
            } catch {
                problems.append(.init(line: record.line, reason: error.reason))
            }
        }
        return (items, problems)
    }

    private static func item(_ record: CSVTable.Record, field: (String) -> String, currency: String) throws(ImportFields.Bad) -> ImportedItem {
        func price(_ amount: String, _ code: String) throws(ImportFields.Bad) -> Money? {
            let code = field(code).trimmingCharacters(in: .whitespaces).uppercased()
            return try ImportFields.money(field(amount), currency: code.isEmpty ? currency : code, field: amount.lowercased())
        }
        let warranty = try ImportFields.date(field("Warranty until"), field: "warranty date")
        let details = try ImportFields.checked(ItemDetails(
            name: field("Name"), description: ImportFields.text(field("Description")), quantity: try ImportFields.quantity(field("Quantity")),
            brand: ImportFields.text(field("Brand")), model: ImportFields.text(field("Model")),
            serialNumber: ImportFields.text(field("Serial number")), barcode: ImportFields.text(field("Barcode")),
            purchaseDate: try ImportFields.date(field("Purchase date"), field: "purchase date"),
            purchasePlace: ImportFields.text(field("Purchase place")),
            purchasePrice: try price("Purchase price", "Purchase currency"),
            replacementValue: try price("Replacement value", "Replacement currency"),
            condition: try ImportFields.condition(field("Condition")), warranty: warranty.map(Warranty.until),
            tags: ImportFields.tags(field("Tags")), notes: ImportFields.text(field("Notes"))
        ))
        let id = UUID(uuidString: field("Id").trimmingCharacters(in: .whitespaces)) ?? ImportFields.stableId(record.fields.joined(separator: "\u{1F}"))
        return ImportedItem(line: record.line, id: id, details: details, roomName: ImportFields.text(field("Room")),
                            categoryName: ImportFields.text(field("Category")))
    }
}
