import Foundation

/// A paper that belongs to an item: its manual, warranty card, an appraisal, a receipt kept as a
/// file, or anything else. The file (a PDF or a picture) is kept as uploaded, found by its SHA-256
/// in the same store as photos; its first page is shown as a thumbnail.
public struct ItemDocument: Sendable, Equatable, Identifiable {
    /// HomeBox's attachment types, and the appraisal an insurer asks for.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case manual, warranty, appraisal, receipt, other

        /// How the pages call it.
        public var title: String {
            switch self {
            case .manual: "Manual"
            case .warranty: "Warranty"
            case .appraisal: "Appraisal"
            case .receipt: "Receipt"
            case .other: "Other"
            }
        }

        /// The kinds an adjuster asks for, which a claim pack carries.
        public var belongsInClaim: Bool { self == .appraisal || self == .warranty || self == .receipt }
    }

    public var id: UUID
    public var itemId: UUID
    public var kind: Kind
    /// What people call it ("Dishwasher manual"); the file's name when none is given.
    public var title: String
    /// The name the file had when it was uploaded, for downloads (`manual.pdf`).
    public var fileName: String
    public var file: StoredFile
    /// How many pages a PDF has; 1 for a picture.
    public var pageCount: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, itemId: UUID, kind: Kind, title: String, fileName: String, file: StoredFile, pageCount: Int,
                createdAt: Date, updatedAt: Date) {
        self.id = id
        self.itemId = itemId
        self.kind = kind
        self.title = title
        self.fileName = fileName
        self.file = file
        self.pageCount = pageCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var isPDF: Bool { file.contentType == "application/pdf" }
}

/// The rules a document's fields follow, for the API, imports and restores alike.
public enum DocumentRules {
    public static let maximumPerItem = 50
    public static let maximumTitleLength = 200

    /// A title trimmed and checked; nil or blank takes the file's name without its extension.
    public static func title(_ raw: String?, fileName: String) throws(InventoryError) -> String {
        if let title = try InventoryRules.text(raw, field: "document title", maximumLength: maximumTitleLength) { return title }
        let stem = (fileName as NSString).deletingPathExtension
        return String((stem.isEmpty ? fileName : stem).prefix(maximumTitleLength))
    }

    /// The name a file is downloaded under: the uploaded name's last path part, without control
    /// characters, quotes or slashes, with the extension its type has; `document.pdf` when nothing is left.
    public static func fileName(_ raw: String?, contentType: String) -> String {
        let last = (raw ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) && $0 != "\"" }
            .map(Character.init)).trimmingCharacters(in: .whitespaces)
        let wanted = fileExtension(of: contentType)
        let stem = (cleaned as NSString).deletingPathExtension.trimmingCharacters(in: .whitespaces)
        let name = String((stem.isEmpty || stem.hasPrefix(".") ? "document" : stem).prefix(120))
        return "\(name).\(wanted)"
    }

    /// What a file is to look at: "PDF, 12 pages", "PDF, 1 page", "PNG".
    public static func form(contentType: String, pageCount: Int) -> String {
        guard contentType == "application/pdf" else { return fileExtension(of: contentType).uppercased() }
        return "PDF, \(pageCount.counted(Noun("page")))"
    }

    static func fileExtension(of contentType: String) -> String {
        switch contentType {
        case "application/pdf": "pdf"
        case "image/png": "png"
        case "image/webp": "webp"
        case "image/heic": "heic"
        default: "jpg"
        }
    }
}
