import Foundation
import HearthCore

/// HomeBox's CSV/TSV import format (`HB.*` columns), read into items: `HB.location` "Cabin / Office"
/// is the room (its whole path; see ``commonRoot(_:)``), `HB.labels` or `HB.tags` the tags, `HB.import_ref` (else HomeBox's
/// id in `HB.url`) the identity that makes a second import update instead of duplicate. What Hearth has no field for (asset id,
/// insurance, warranty details, sale, `HB.field.*`) goes into the notes, one line each.
public enum HomeBoxCSV {
    /// Newer HomeBox versions export locations as rows too (their `HB.url` ends in
    /// `/location/<id>`): those become rooms, the rest items. An item inside another
    /// (`HB.parent_import_ref`) is kept in it.
    public static func items(from text: String, currency: String) throws(CSVTable.Unreadable) -> ImportedFile {
        let read = try CSVTable.read(text)
        let columns = Dictionary(read.header.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        guard columns["HB.name"] != nil else {
            throw CSVTable.Unreadable(reason: "it has no HB.name column; its columns are: \(CSVTable.columnList(read.header)) (is it Hearth's own CSV? choose Hearth)")
        }
        func value(_ record: CSVTable.Record, _ name: String) -> String {
            columns[name].flatMap { record.fields.indices.contains($0) ? record.fields[$0] : nil }?.trimming(.whitespacesAndNewlines) ?? ""
        }
        let isLocation = { (record: CSVTable.Record) in value(record, "HB.url").contains("/location/") }
        let locations = read.records.filter(isLocation).map { path(value($0, "HB.location")) + path(value($0, "HB.name")) }
        let items = read.records.filter { !isLocation($0) }
        let house = commonRoot(items.map { path(value($0, "HB.location")) } + locations)
        let customFields = read.header.enumerated().filter { $0.element.hasPrefix("HB.field.") }
        var file = ImportFields.items(of: (read.header, items)) { record throws(ImportFields.Bad) in
            try item(record, columns: columns, customFields: customFields, currency: currency, house: house)
        }
        for location in locations {
            // The house itself is no room: its rooms are named without it.
            if let house, location.count == 1, InventoryRules.key(location[0]) == InventoryRules.key(house) { continue }
            if let room = roomName(location.joined(separator: " / "), house: house), !file.rooms.contains(room) { file.rooms.append(room) }
        }
        return file
    }

    /// A location's parts: "Home / Kitchen / Pantry" is Home, Kitchen, Pantry.
    static func path(_ location: String) -> [String] {
        location.split(separator: "/").map { $0.trimming(.whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The place every location of the file is in, when there is one (a single house): rooms are
    /// named without it ("Home / Office" is the room "Office", as Hearth's own rooms are named).
    /// With two houses, "Cabin / Living Room" and "Home / Living Room" keep their whole paths.
    static func commonRoot(_ paths: [[String]]) -> String? {
        let placed = paths.filter { !$0.isEmpty }
        guard let root = placed.first?.first, placed.contains(where: { $0.count > 1 }),
              placed.allSatisfy({ InventoryRules.key($0[0]) == InventoryRules.key(root) }) else { return nil }
        return root
    }

    /// The room of a location: its whole path, without the file's one house.
    static func roomName(_ location: String, house: String?) -> String? {
        var parts = path(location)
        if let house, parts.count > 1, InventoryRules.key(parts[0]) == InventoryRules.key(house) { parts.removeFirst() }
        return parts.isEmpty ? nil : parts.joined(separator: " / ")
    }

    private static func item(_ record: CSVTable.Record, columns: [String: Int], customFields: [(offset: Int, element: String)],
                             currency: String, house: String?) throws(ImportFields.Bad) -> ImportedItem {
        func field(_ names: String...) -> String {
            names.lazy.compactMap { columns[$0] }.map { record.fields[$0].trimming(.whitespacesAndNewlines) }.first { !$0.isEmpty } ?? ""
        }
        var notes = [field("HB.notes")]
        let pieces = try ImportFields.pieces(field("HB.quantity"))
        if pieces.note != nil { notes.append("HomeBox quantity: " + field("HB.quantity")) }
        notes += extraNotes(field)
        let sold = !field("HB.sold_to").isEmpty || !field("HB.sold_time", "HB.sold_date").isEmpty || !["", "0"].contains(field("HB.sold_price"))
        let parent = field("HB.parent_import_ref")
        notes += customFields.compactMap { column in
            let value = record.fields[column.offset].trimming(.whitespacesAndNewlines)
            return value.isEmpty ? nil : "\(column.element.dropFirst("HB.field.".count)): \(value)"
        }
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
            disposition: sold ? .sold : isTrue(field("HB.archived")) ? .archived : nil
        ))
        let reference = field("HB.import_ref"), homeBoxId = homeBoxId(field("HB.url"))
        let byContent = ImportFields.stableId("homebox-row\u{0}" + record.fields.joined(separator: "\u{1F}"))
        var item = ImportedItem(line: record.line, id: byContent, details: details, roomName: roomName(field("HB.location"), house: house), categoryName: nil)
        if !reference.isEmpty {
            item.id = ImportFields.stableId("homebox-ref\u{0}" + reference)
        } else if let homeBoxId {
            // Earlier releases knew such a row by its content: an unchanged row imported then is found too.
            item.id = ImportFields.stableId("homebox-id\u{0}" + homeBoxId)
            item.formerIds = [byContent]
        }
        item.note = pieces.note
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

    /// The HomeBox fields without a Hearth field, as lines of notes.
    /// A HomeBox boolean (Go's `ParseBool`, and "yes").
    static func isTrue(_ text: String) -> Bool { ["1", "t", "true", "yes"].contains(text.lowercased()) }

    private static func extraNotes(_ field: (String...) -> String) -> [String] {
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
        if !field("HB.url").isEmpty { lines.append("URL: " + field("HB.url")) }
        return lines
    }
}
