import Foundation
import HearthCore

/// HomeBox's CSV/TSV import format (`HB.*` columns), read into items: `HB.location` "Home / Office"
/// gives the room (its last part), `HB.labels` or `HB.tags` the tags, `HB.import_ref` the identity
/// that makes a second import update instead of duplicate. What Hearth has no field for (asset id,
/// insurance, warranty details, sale, `HB.field.*`) goes into the notes, one line each.
public enum HomeBoxCSV {
    public static func items(from text: String, currency: String) throws(CSVTable.Unreadable) -> (items: [ImportedItem], problems: [ImportProblem]) {
        let table = try CSVTable.read(text)
        let columns = Dictionary(table.header.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        guard columns["HB.name"] != nil else {
            throw CSVTable.Unreadable(reason: "it has no HB.name column; its columns are: \(CSVTable.columnList(table.header)) (is it Hearth's own CSV? choose Hearth)")
        }
        let customFields = table.header.enumerated().filter { $0.element.hasPrefix("HB.field.") }
        return ImportFields.items(of: table) { record throws(ImportFields.Bad) in
            try item(record, columns: columns, customFields: customFields, currency: currency)
        }
    }

    private static func item(_ record: CSVTable.Record, columns: [String: Int], customFields: [(offset: Int, element: String)],
                             currency: String) throws(ImportFields.Bad) -> ImportedItem {
        func field(_ names: String...) -> String {
            names.lazy.compactMap { columns[$0] }.map { record.fields[$0].trimming(.whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
        }
        var notes = [field("HB.notes")]
        let path = field("HB.location").split(separator: "/").map { $0.trimming(.whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if path.count > 1 { notes.append("HomeBox location: " + path.joined(separator: " / ")) }
        notes += extraNotes(field)
        notes += customFields.compactMap { column in
            let value = record.fields[column.offset].trimming(.whitespacesAndNewlines)
            return value.isEmpty ? nil : "\(column.element.dropFirst("HB.field.".count)): \(value)"
        }
        let warranty = try ImportFields.date(field("HB.warranty_expires"), field: "warranty date")
        let details = try ImportFields.checked(ItemDetails(
            name: field("HB.name"), description: ImportFields.text(field("HB.description")),
            quantity: try ImportFields.quantity(field("HB.quantity")), brand: ImportFields.text(field("HB.manufacturer")),
            model: ImportFields.text(field("HB.model_number")), serialNumber: ImportFields.text(field("HB.serial_number")),
            purchaseDate: try ImportFields.purchaseDate(field("HB.purchase_time", "HB.purchase_date")),
            purchasePlace: ImportFields.text(field("HB.purchase_from")),
            purchasePrice: try zeroIsNone(ImportFields.money(field("HB.purchase_price"), currency: currency, field: "purchase price")),
            warranty: warranty.map(Warranty.until), tags: ImportFields.labels(field("HB.labels", "HB.tags")),
            notes: ImportFields.text(notes.filter { !$0.isEmpty }.joined(separator: "\n"))
        ))
        let reference = field("HB.import_ref")
        let id = ImportFields.stableId(reference.isEmpty ? "homebox-row\u{0}" + record.fields.joined(separator: "\u{1F}") : "homebox-ref\u{0}" + reference)
        return ImportedItem(line: record.line, id: id, details: details, roomName: path.last, categoryName: nil)
    }

    /// HomeBox writes 0 for "no price".
    private static func zeroIsNone(_ money: Money?) -> Money? {
        money?.amount == 0 ? nil : money
    }

    /// The HomeBox fields without a Hearth field, as lines of notes.
    private static func extraNotes(_ field: (String...) -> String) -> [String] {
        func isTrue(_ text: String) -> Bool { ["1", "t", "true", "yes"].contains(text.lowercased()) }
        var lines: [String] = []
        if !field("HB.asset_id").isEmpty { lines.append("Asset ID: " + field("HB.asset_id")) }
        if isTrue(field("HB.insured")) { lines.append("Insured") }
        if isTrue(field("HB.lifetime_warranty")) { lines.append("Lifetime warranty") }
        if !field("HB.warranty_details").isEmpty { lines.append("Warranty: " + field("HB.warranty_details")) }
        let sold = [field("HB.sold_to").isEmpty ? "" : "to " + field("HB.sold_to"),
                    field("HB.sold_time", "HB.sold_date").isEmpty ? "" : "on " + field("HB.sold_time", "HB.sold_date"),
                    ["", "0"].contains(field("HB.sold_price")) ? "" : "for " + field("HB.sold_price")].filter { !$0.isEmpty }
        if !sold.isEmpty || !field("HB.sold_notes").isEmpty {
            lines.append((["Sold"] + sold).joined(separator: " ") + (field("HB.sold_notes").isEmpty ? "" : ": " + field("HB.sold_notes")))
        }
        if isTrue(field("HB.archived")) { lines.append("Archived in HomeBox") }
        if !field("HB.url").isEmpty { lines.append("URL: " + field("HB.url")) }
        return lines
    }
}
