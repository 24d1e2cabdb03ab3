import Foundation

extension HouseholdBackup {
    /// A document of an item: its file is `media/<sha256>` in the archive.
    public struct Document: Codable, Sendable, Equatable {
        public var id: UUID
        public var itemId: UUID
        public var kind: ItemDocument.Kind
        public var title: String
        public var fileName: String
        public var file: File
        public var pageCount: Int
        public var createdAt: Date
        public var updatedAt: Date

        public init(_ document: ItemDocument) {
            id = document.id
            itemId = document.itemId
            kind = document.kind
            title = document.title
            fileName = document.fileName
            file = document.file
            pageCount = document.pageCount
            createdAt = document.createdAt
            updatedAt = document.updatedAt
        }

        /// The document, checked by the rules of the API.
        public var document: ItemDocument {
            get throws(InventoryError) {
                let name = DocumentRules.fileName(fileName, contentType: file.contentType)
                return ItemDocument(id: id, itemId: itemId, kind: kind, title: try DocumentRules.title(title, fileName: name), fileName: name,
                                    file: file, pageCount: max(1, pageCount), createdAt: createdAt, updatedAt: updatedAt)
            }
        }
    }
}
