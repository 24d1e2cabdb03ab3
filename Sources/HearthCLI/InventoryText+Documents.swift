import Foundation
import HearthAPI
import HearthCore

extension InventoryText {
    /// An item's documents, one a line: "Manual: Dishwasher manual (PDF, 12 pages, 2.3 MB)".
    static func documents(_ documents: [Components.Schemas.ItemDocument], itemName: String) -> String {
        var lines = ["\(itemName): documents"]
        lines += documents.isEmpty ? ["  None. Attach one with `hearth inventory doc add \"\(itemName)\" FILE --kind manual`."]
            : documents.map { "  " + document($0) }
        return lines.joined(separator: "\n")
    }

    static func document(_ document: Components.Schemas.ItemDocument) -> String {
        let kind = ItemDocument.Kind(rawValue: document.kind.rawValue)?.title ?? document.kind.rawValue
        let form = DocumentRules.form(contentType: document.contentType, pageCount: document.pageCount)
        let size = ByteCountFormatter.string(fromByteCount: Int64(document.byteSize), countStyle: .file)
        return "\(kind): \(document.title) (\(form), \(size))"
    }
}
