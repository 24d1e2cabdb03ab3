import Foundation
import HearthCore

/// The inventory as Hearth's own CSV: one line per item, every field, amounts as decimals with
/// their currency. Reading it back gives the same items (matched by the Id column); "Contained in"
/// names the Id of the item one is kept in, "Status" is sold or archived (empty: owned), "Asset ID"
/// is the item's number on its label (kept for a new item when the household has not given it),
/// "Last checked" the day of its yearly check (empty: not since it was added; not read back).
public enum InventoryCSV {
    public static let header = [
        "Name", "Description", "Room", "Category", "Quantity", "Brand", "Model", "Serial number", "Barcode", "Purchase date",
        "Purchase place", "Purchase price", "Purchase currency", "Replacement value", "Replacement currency", "Condition",
        "Warranty until", "Tags", "Notes", "Photos", "Receipts", "Documentation score", "Id", "Added", "Updated", "Status", "Contained in",
        "Asset ID", "Last checked",
    ]

    /// The lines of `items` (their rooms and categories named by `groupNames`), as they follow
    /// the header in the file that ``Pages`` writes.
    static func lines(_ items: [InventoryItem], groupNames: [UUID: String]) -> String {
        var text = ""
        for item in items {
            text += CSVTable.line([
                item.name, item.description ?? "", item.roomId.flatMap { groupNames[$0] } ?? "", item.categoryId.flatMap { groupNames[$0] } ?? "",
                String(item.quantity), item.brand ?? "", item.model ?? "", item.serialNumber ?? "", item.barcode ?? "",
                item.purchaseDate?.description ?? "", item.purchasePlace ?? "", item.purchasePrice?.decimalString ?? "",
                item.purchasePrice?.currency ?? "", item.replacementValue?.decimalString ?? "", item.replacementValue?.currency ?? "",
                item.condition?.rawValue ?? "", item.warrantyUntil?.description ?? "", ImportFields.tagList(item.tags), item.notes ?? "",
                String(item.photoCount), String(item.receiptCount), String(item.documentation.score), item.id.text.lowercased(),
                RFC3339.secondsString(from: item.createdAt), RFC3339.secondsString(from: item.updatedAt),
                item.disposition?.rawValue ?? "", item.containerId?.text.lowercased() ?? "", item.assetId?.text ?? "",
                item.verifiedOn?.description ?? "",
            ])
        }
        return text
    }

    /// Other names of a column, in the CSV other apps write: Nestory Pro's export calls the purchase
    /// price "Value" (the original app's purchase value).
    static let otherNames = ["Purchase price": ["value"]]

    /// Items from Hearth's CSV (or Nestory Pro's); amounts without a currency column are in `currency`.
    /// Columns are found by name (any order, any case); only Name is required.
    public static func items(from text: String, currency: String) throws(CSVTable.Unreadable) -> ImportedFile {
        let table = try CSVTable.read(text)
        let positions = Dictionary(table.header.enumerated().map { ($0.element.lowercased(), $0.offset) }, uniquingKeysWith: { first, _ in first })
        let columns = Dictionary(uniqueKeysWithValues: header.compactMap { name in
            (positions[name.lowercased()] ?? otherNames[name]?.lazy.compactMap { positions[$0] }.first).map { (name, $0) }
        })
        guard columns["Name"] != nil else {
            throw CSVTable.Unreadable(reason: "it has no Name column; its columns are: \(CSVTable.columnList(table.header)) (is it a HomeBox export? choose HomeBox)")
        }
        var file = ImportFields.items(of: table) { record throws(ImportFields.Bad) in
            try item(record, field: { name in columns[name].map { record.fields[$0] } ?? "" }, currency: currency)
        }
        file.hasContainers = columns["Contained in"] != nil
        file.hasDispositions = columns["Status"] != nil
        return file
    }

    private static func item(_ record: CSVTable.Record, field: (String) -> String, currency: String) throws(ImportFields.Bad) -> ImportedItem {
        func price(_ amount: String, _ code: String) throws(ImportFields.Bad) -> Money? {
            let code = field(code).trimming(.whitespacesAndNewlines).uppercased()
            return try ImportFields.money(field(amount), currency: code.isEmpty ? currency : code, field: amount.lowercased())
        }
        let warranty = try ImportFields.date(field("Warranty until"), field: "warranty date")
        let details = try ImportFields.checked(ItemDetails(
            name: field("Name"), description: ImportFields.text(field("Description")), quantity: try ImportFields.quantity(field("Quantity")),
            brand: ImportFields.text(field("Brand")), model: ImportFields.text(field("Model")),
            serialNumber: ImportFields.text(field("Serial number")), barcode: ImportFields.text(field("Barcode")),
            purchaseDate: try ImportFields.purchaseDate(field("Purchase date")),
            purchasePlace: ImportFields.text(field("Purchase place")),
            purchasePrice: try price("Purchase price", "Purchase currency"),
            replacementValue: try price("Replacement value", "Replacement currency"),
            condition: try ImportFields.condition(field("Condition")), warranty: warranty.map(Warranty.until),
            tags: ImportFields.tags(field("Tags")), notes: ImportFields.text(field("Notes")),
            containerId: try ImportFields.id(field("Contained in"), field: "contained in"), disposition: try ImportFields.disposition(field("Status"))
        ))
        let id = UUID(uuidString: field("Id").trimming(.whitespacesAndNewlines)) ?? ImportFields.stableId(record.fields.joined(separator: "\u{1F}"))
        var item = ImportedItem(line: record.line, id: id, details: details, roomName: ImportFields.text(field("Room")),
                                categoryName: ImportFields.text(field("Category")),
                                addedAt: RFC3339.date(from: field("Added").trimming(.whitespaces)),
                                updatedAt: RFC3339.date(from: field("Updated").trimming(.whitespaces)))
        ImportFields.setAssetId(field("Asset ID"), of: &item)
        return item
    }
}
