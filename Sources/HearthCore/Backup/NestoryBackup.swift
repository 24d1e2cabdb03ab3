import Foundation

/// A backup as the Nestory Pro iOS app writes it (`nestory-backup-YYYYMMDD-HHMMSS.json`, the seed's
/// "Backup & Import Format"): Apple's JSONEncoder with ISO 8601 dates, absent optionals left out,
/// amounts as JSON numbers, relationships by name. Photos are not in it, only their file names.
/// ``NestoryTranslation`` turns its parts into a ``HouseholdBackup``'s.
public enum NestoryBackup {
    /// The keys of its JSON object.
    public static let keys: Set<String> = ["exportDate", "appVersion", "items", "categories", "rooms", "receipts"]

    /// The parts other than the items and receipts.
    public struct Outline: Decodable, Sendable {
        public var exportDate: Date
        public var appVersion: String
        public var categories: [Category]?
        public var rooms: [Room]?
    }

    public struct Category: Decodable, Sendable {
        public var id: UUID
        public var name: String
        public var iconName: String?
        public var colorHex: String?
        public var isCustom: Bool?
        public var sortOrder: Int?
    }

    public struct Room: Decodable, Sendable {
        public var id: UUID
        public var name: String
        public var iconName: String?
        public var sortOrder: Int?
        public var isDefault: Bool?
    }

    public struct Item: Decodable, Sendable {
        public var id: UUID
        public var name: String
        public var brand: String?
        public var modelNumber: String?
        public var serialNumber: String?
        public var barcode: String?
        /// Read as a decimal from the JSON's digits, never through a `Double`.
        public var purchasePrice: Decimal?
        public var purchaseDate: Date?
        public var currencyCode: String?
        public var categoryName: String?
        public var roomName: String?
        /// "New", "Like New", "Good", "Fair" or "Poor".
        public var condition: String?
        public var conditionNotes: String?
        public var notes: String?
        public var warrantyExpiryDate: Date?
        public var tags: [String]?
        /// File names in the app's `Documents/Photos/`; the files are not in the backup.
        public var photoIdentifiers: [String]?
        public var receiptIds: [UUID]?
        public var createdAt: Date?
        public var updatedAt: Date?
    }

    public struct Receipt: Decodable, Sendable {
        public var id: UUID
        public var vendor: String?
        public var total: Decimal?
        public var taxAmount: Decimal?
        public var purchaseDate: Date?
        public var imageIdentifier: String?
        public var rawText: String?
        public var confidence: Double?
        public var linkedItemId: UUID?
        public var createdAt: Date?
    }

    /// Whether a receipt had an image (read in a first pass, for the preview).
    public struct ReceiptImage: Decodable, Sendable {
        public var imageIdentifier: String?
    }

    /// What the receipts need from the items, read in a first pass over them: the items each
    /// receipt is named by, and their currency.
    public struct ItemLinks: Decodable, Sendable {
        public var id: UUID
        public var currencyCode: String?
        public var receiptIds: [UUID]?
    }
}
