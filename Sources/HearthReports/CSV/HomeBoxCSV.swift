import Foundation
import HearthCore

/// HomeBox's CSV/TSV import format (`HB.*` columns), read into items: `HB.location` "Cabin / Office"
/// is the room (its whole path; see ``commonRoot(_:)``), `HB.labels` or `HB.tags` the tags,
/// `HB.import_ref` (else HomeBox's id in `HB.url`) the identity that makes a second import update
/// instead of duplicate. What Hearth has no field for (asset id, insurance, warranty details, the
/// sale, `HB.field.*`) goes into the notes, one line each.
public enum HomeBoxCSV {
    /// One row, its fields found by column name.
    struct Row {
        let record: CSVTable.Record
        let columns: [String: Int]

        /// The first of the columns `names` that the file has and that is not empty, trimmed.
        func field(_ names: String...) -> String {
            names.lazy.compactMap { columns[$0] }.compactMap { record.fields.indices.contains($0) ? record.fields[$0] : nil }
                .map { $0.trimming(.whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
        }

        /// Newer HomeBox versions export locations as rows too: their `HB.url` is `…/location/<id>`.
        var isLocation: Bool { field("HB.url").contains("/location/") }
    }

    /// The items of a HomeBox export, and its location rows as rooms. An item inside another
    /// (`HB.parent_import_ref`) is kept in it; a file without that column (or without the archived
    /// and sale columns) leaves those as the inventory has them.
    public static func items(from text: String, currency: String) throws(CSVTable.Unreadable) -> ImportedFile {
        let read = try CSVTable.read(text)
        let columns = Dictionary(read.header.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        guard columns["HB.name"] != nil else {
            throw CSVTable.Unreadable(reason: "it has no HB.name column; its columns are: \(CSVTable.columnList(read.header)) (is it Hearth's own CSV? choose Hearth)")
        }
        let rows = read.records.map { Row(record: $0, columns: columns) }
        let locations = rows.filter(\.isLocation)
        let items = rows.filter { !$0.isLocation }
        let house = commonRoot(items.map { path($0.field("HB.location")) } + locations.map(locationPath))
        let customFields = read.header.enumerated().filter { $0.element.hasPrefix("HB.field.") }
        var file = ImportFields.items(of: (read.header, items.map(\.record))) { record throws(ImportFields.Bad) in
            try item(Row(record: record, columns: columns), customFields: customFields, currency: currency, house: house)
        }
        file.rooms = rooms(locations, house: house)
        file.hasContainers = columns["HB.parent_import_ref"] != nil
        file.hasDispositions = ["HB.archived", "HB.sold_to", "HB.sold_time", "HB.sold_date", "HB.sold_price"].contains { columns[$0] != nil }
        return file
    }

    private static func item(_ row: Row, customFields: [(offset: Int, element: String)], currency: String,
                             house: String?) throws(ImportFields.Bad) -> ImportedItem {
        let field = row.field
        let pieces = try ImportFields.pieces(field("HB.quantity"))
        let sale = sale(row)
        var notes = [field("HB.notes")]
        if pieces.note != nil { notes.append("HomeBox quantity: " + field("HB.quantity")) }
        notes += extraNotes(row) + [sale].compactMap { $0 }
        if !field("HB.url").isEmpty { notes.append("URL: " + field("HB.url")) }
        notes += customFields.compactMap { column in
            let value = row.record.fields[column.offset].trimming(.whitespacesAndNewlines)
            return value.isEmpty ? nil : "\(column.element.dropFirst("HB.field.".count)): \(value)"
        }
        let parent = field("HB.parent_import_ref")
        let warranty = try ImportFields.date(field("HB.warranty_expires"), field: "warranty date")
        let details = try ImportFields.checked(ItemDetails(
            name: field("HB.name"), description: ImportFields.text(field("HB.description")),
            quantity: pieces.quantity, brand: ImportFields.text(field("HB.manufacturer")),
            model: ImportFields.text(field("HB.model_number")), serialNumber: ImportFields.text(field("HB.serial_number")),
            purchaseDate: try ImportFields.purchaseDate(field("HB.purchase_time", "HB.purchase_date")),
            purchasePlace: ImportFields.text(field("HB.purchase_from")),
            purchasePrice: try zeroIsNone(ImportFields.money(field("HB.purchase_price"), currency: currency, field: "purchase price")),
            warranty: warranty.map(Warranty.until), tags: ImportFields.labels(field("HB.labels", "HB.tags")),
            notes: ImportFields.text(notes.filter { !$0.isEmpty }.joined(separator: "\n")),
            containerId: parent.isEmpty ? nil : ImportFields.stableId("homebox-ref\u{0}" + parent),
            disposition: sale != nil ? .sold : isTrue(field("HB.archived")) ? .archived : nil
        ))
        let byContent = ImportFields.stableId("homebox-row\u{0}" + row.record.fields.joined(separator: "\u{1F}"))
        var item = ImportedItem(line: row.record.line, id: byContent, details: details, roomName: roomName(field("HB.location"), house: house),
                                categoryName: nil)
        if !field("HB.import_ref").isEmpty {
            item.id = ImportFields.stableId("homebox-ref\u{0}" + field("HB.import_ref"))
        } else if let homeBoxId = homeBoxId(field("HB.url")) {
            // Earlier releases knew such a row by its content: an unchanged row imported then is found too.
            item.id = ImportFields.stableId("homebox-id\u{0}" + homeBoxId)
            item.formerIds = [byContent]
        }
        item.note = pieces.note
        ImportFields.setAssetId(field("HB.asset_id"), of: &item)
        return item
    }

    /// HomeBox's own id of a row, from its `HB.url` (`…/item/<uuid>`), lower-cased.
    static func homeBoxId(_ url: String) -> String? {
        url.split(separator: "/").reversed().lazy.map { String($0.prefix { $0 != "?" && $0 != "#" }) }
            .first { UUID(uuidString: $0) != nil }?.lowercased()
    }

    /// HomeBox writes 0 for "no price".
    private static func zeroIsNone(_ money: Money?) -> Money? {
        money?.amount == 0 ? nil : money
    }

    /// A HomeBox boolean (Go's `ParseBool`, and "yes").
    static func isTrue(_ text: String) -> Bool { ["1", "t", "true", "yes"].contains(text.lowercased()) }

    /// "Sold to Sam on 2025-05-01 for 180: Sold with lock" for a sold item; nil for one still owned.
    static func sale(_ row: Row) -> String? {
        let field = row.field
        let parts = [field("HB.sold_to").isEmpty ? "" : "to " + field("HB.sold_to"),
                     field("HB.sold_time", "HB.sold_date").isEmpty ? "" : "on " + field("HB.sold_time", "HB.sold_date"),
                     ["", "0"].contains(field("HB.sold_price")) ? "" : "for " + field("HB.sold_price")].filter { !$0.isEmpty }
        guard !parts.isEmpty || !field("HB.sold_notes").isEmpty else { return nil }
        return (["Sold"] + parts).joined(separator: " ") + (field("HB.sold_notes").isEmpty ? "" : ": " + field("HB.sold_notes"))
    }

    /// The HomeBox fields without a Hearth field, as lines of notes.
    private static func extraNotes(_ row: Row) -> [String] {
        let field = row.field
        var lines: [String] = []
        if isTrue(field("HB.insured")) { lines.append("Insured") }
        if isTrue(field("HB.lifetime_warranty")) { lines.append("Lifetime warranty") }
        if !field("HB.warranty_details").isEmpty { lines.append("Warranty: " + field("HB.warranty_details")) }
        return lines
    }
}
