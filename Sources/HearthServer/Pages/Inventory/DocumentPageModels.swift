import Foundation
import HearthCore

/// The item page's Documents card: each document with its first page, what it is, and a download.
struct DocumentsSection: Sendable {
    struct Row: Sendable {
        let id: String
        let title: String
        /// "Manual · PDF, 12 pages · 2.3 MB".
        let detail: String
        let thumb: String
        let file: String
        let kinds: [SelectOption]
    }

    let documents: [Row]
    let hasDocuments: Bool
    /// The kinds to choose from for a new document, "Manual" first.
    let kinds: [SelectOption]

    init(_ documents: [ItemDocument]) {
        self.documents = documents.map { document in
            let path = "/api/v1/inventory/items/\(document.itemId.text)/documents/\(document.id.text)/file"
            return Row(id: document.id.text, title: document.title, detail: Self.detail(document), thumb: path + "?size=thumb", file: path,
                       kinds: Self.kinds(selected: document.kind))
        }
        hasDocuments = !documents.isEmpty
        kinds = Self.kinds(selected: .manual)
    }

    static func kinds(selected: ItemDocument.Kind) -> [SelectOption] {
        SelectOption.list(ItemDocument.Kind.allCases.map { ($0.rawValue, $0.title) }, selected: selected.rawValue)
    }

    static func detail(_ document: ItemDocument) -> String {
        let form = DocumentRules.form(contentType: document.file.contentType, pageCount: document.pageCount)
        let size = ByteCountFormatter.string(fromByteCount: Int64(document.file.byteSize), countStyle: .file)
        return "\(document.kind.title) · \(form) · \(size)"
    }
}
