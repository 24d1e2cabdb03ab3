import Foundation

/// A photo of an item. The original file is kept as uploaded, found by its SHA-256; what is served
/// are JPEGs made from it (orientation applied, metadata such as GPS removed).
public struct ItemPhoto: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var itemId: UUID
    /// Hex SHA-256 of the original file: its name in the media folder.
    public var sha256: String
    /// The original's type, e.g. `image/heic`.
    public var contentType: String
    /// Size after orientation.
    public var width: Int
    public var height: Int
    public var byteSize: Int
    /// 1 is the primary photo, shown in lists and grids.
    public var position: Int
    public var createdAt: Date

    public init(id: UUID, itemId: UUID, sha256: String, contentType: String, width: Int, height: Int, byteSize: Int, position: Int,
                createdAt: Date) {
        self.id = id
        self.itemId = itemId
        self.sha256 = sha256
        self.contentType = contentType
        self.width = width
        self.height = height
        self.byteSize = byteSize
        self.position = position
        self.createdAt = createdAt
    }
}

/// A stored original: what the media folder and the database know of an uploaded file.
public struct StoredFile: Sendable, Equatable, Codable {
    public var sha256: String
    public var contentType: String
    public var byteSize: Int
    public var width: Int
    public var height: Int

    public init(sha256: String, contentType: String, byteSize: Int, width: Int, height: Int) {
        self.sha256 = sha256
        self.contentType = contentType
        self.byteSize = byteSize
        self.width = width
        self.height = height
    }
}
