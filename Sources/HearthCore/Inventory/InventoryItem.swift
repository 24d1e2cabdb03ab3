import Foundation

/// A thing the household owns, with what an insurer asks about it. Every member sees and edits it.
public struct InventoryItem: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var householdId: UUID
    /// Its number in the household (set for every stored item).
    public var assetId: AssetID?
    public var name: String
    public var description: String?
    public var roomId: UUID?
    public var categoryId: UUID?
    /// How many of it (a set of 6 chairs is one item with quantity 6); values are per piece.
    public var quantity: Int
    public var brand: String?
    public var model: String?
    public var serialNumber: String?
    public var barcode: String?
    public var purchaseDate: CalendarDate?
    public var purchasePlace: String?
    public var purchasePrice: Money?
    public var replacementValue: Money?
    public var condition: ItemCondition?
    public var warrantyUntil: CalendarDate?
    /// Sorted, each once (compared without case).
    public var tags: [String]
    public var notes: String?
    /// The item this one is kept in (a lens in its camera bag), one of the household's.
    public var containerId: UUID?
    /// Sold or archived: kept for the record, left out of totals, the score and reports.
    public var disposition: ItemDisposition?
    /// How it loses value when that differs from its category; nil: as its category.
    public var depreciation: Depreciation?
    /// The last day someone checked they still have it (the yearly check); nil: not since it was added.
    public var verifiedOn: CalendarDate? = nil
    /// Photos, and receipts (linked ones and those kept as documents), kept by the store.
    public var photoCount: Int
    public var receiptCount: Int
    /// Photos the item had in the app it was restored from whose files did not come with it
    /// (Nestory Pro backups carry none); each photo added makes one fewer.
    public var missingPhotos: Int
    /// The first photo, shown in lists and grids.
    public var primaryPhotoId: UUID?
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while the item is in Recently deleted.
    public var deletedAt: Date?

    /// The last day it was seen: its check, else the day it was added (in UTC).
    public var lastSeen: CalendarDate {
        verifiedOn ?? CalendarDate(createdAt, in: TimeZone(identifier: "UTC")!)
    }

    public init(
        id: UUID, householdId: UUID, assetId: AssetID? = nil, name: String, description: String? = nil, roomId: UUID? = nil, categoryId: UUID? = nil,
        quantity: Int = 1, brand: String? = nil, model: String? = nil, serialNumber: String? = nil, barcode: String? = nil,
        purchaseDate: CalendarDate? = nil, purchasePlace: String? = nil, purchasePrice: Money? = nil, replacementValue: Money? = nil,
        condition: ItemCondition? = nil, warrantyUntil: CalendarDate? = nil, tags: [String] = [], notes: String? = nil,
        containerId: UUID? = nil, disposition: ItemDisposition? = nil, depreciation: Depreciation? = nil, photoCount: Int = 0, receiptCount: Int = 0, missingPhotos: Int = 0, primaryPhotoId: UUID? = nil, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil
    ) {
        self.id = id
        self.householdId = householdId
        self.assetId = assetId
        self.name = name
        self.description = description
        self.roomId = roomId
        self.categoryId = categoryId
        self.quantity = quantity
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.barcode = barcode
        self.purchaseDate = purchaseDate
        self.purchasePlace = purchasePlace
        self.purchasePrice = purchasePrice
        self.replacementValue = replacementValue
        self.condition = condition
        self.warrantyUntil = warrantyUntil
        self.tags = tags
        self.notes = notes
        self.containerId = containerId
        self.disposition = disposition
        self.depreciation = depreciation
        self.photoCount = photoCount
        self.receiptCount = receiptCount
        self.missingPhotos = missingPhotos
        self.primaryPhotoId = primaryPhotoId
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
    }

    /// Items stay in Recently deleted this long before they are purged.
    public static let retention: TimeInterval = 30 * 86_400

    /// Which of the insurer's fields the item has.
    public var documentation: Documentation {
        Documentation(hasPhoto: photoCount > 0, hasValue: value != nil, hasRoom: roomId != nil, hasCategory: categoryId != nil,
                      hasReceipt: receiptCount > 0, hasSerialNumber: serialNumber != nil)
    }

    /// What one piece is worth: the replacement value, else the purchase price.
    public var unitValue: Money? { replacementValue ?? purchasePrice }

    /// What all pieces are worth together; nil without a value (or on an absurd overflow).
    public var value: Money? { unitValue?.times(quantity) }

    /// How it loses value: its own rule, else its category's (`category`); nil without either (an
    /// item in no category), whose actual cash value is not guessed.
    public func depreciationRule(category: Depreciation?) -> Depreciation? {
        depreciation ?? category
    }

}

/// Everything a person fills in for an item; what create, edit and "add another like this" take.
public struct ItemDetails: Sendable, Equatable {
    public var name: String
    public var description: String?
    public var roomId: UUID?
    public var categoryId: UUID?
    public var quantity: Int
    public var brand: String?
    public var model: String?
    public var serialNumber: String?
    public var barcode: String?
    public var purchaseDate: CalendarDate?
    public var purchasePlace: String?
    public var purchasePrice: Money?
    public var replacementValue: Money?
    public var condition: ItemCondition?
    public var warranty: Warranty?
    public var tags: [String]
    public var notes: String?
    /// The item it is kept in: checked to be the household's, not itself and not inside it.
    public var containerId: UUID?
    public var disposition: ItemDisposition?
    /// Its own useful life and floor; nil: its category's.
    public var depreciation: Depreciation?

    public init(
        name: String, description: String? = nil, roomId: UUID? = nil, categoryId: UUID? = nil, quantity: Int = 1,
        brand: String? = nil, model: String? = nil, serialNumber: String? = nil, barcode: String? = nil,
        purchaseDate: CalendarDate? = nil, purchasePlace: String? = nil, purchasePrice: Money? = nil, replacementValue: Money? = nil,
        condition: ItemCondition? = nil, warranty: Warranty? = nil, tags: [String] = [], notes: String? = nil,
        containerId: UUID? = nil, disposition: ItemDisposition? = nil, depreciation: Depreciation? = nil
    ) {
        self.name = name
        self.description = description
        self.roomId = roomId
        self.categoryId = categoryId
        self.quantity = quantity
        self.brand = brand
        self.model = model
        self.serialNumber = serialNumber
        self.barcode = barcode
        self.purchaseDate = purchaseDate
        self.purchasePlace = purchasePlace
        self.purchasePrice = purchasePrice
        self.replacementValue = replacementValue
        self.condition = condition
        self.warranty = warranty
        self.tags = tags
        self.notes = notes
        self.containerId = containerId
        self.disposition = disposition
        self.depreciation = depreciation
    }

    /// The details of an existing item, to edit them or to add another like it.
    public init(_ item: InventoryItem) {
        self.init(name: item.name, description: item.description, roomId: item.roomId, categoryId: item.categoryId,
                  quantity: item.quantity, brand: item.brand, model: item.model, serialNumber: item.serialNumber,
                  barcode: item.barcode, purchaseDate: item.purchaseDate, purchasePlace: item.purchasePlace,
                  purchasePrice: item.purchasePrice, replacementValue: item.replacementValue, condition: item.condition,
                  warranty: item.warrantyUntil.map(Warranty.until), tags: item.tags, notes: item.notes, containerId: item.containerId,
                  disposition: item.disposition, depreciation: item.depreciation)
    }

}

/// What became of an item that is no longer owned: it stays in the inventory for the record,
/// outside totals, the documentation score and reports.
public enum ItemDisposition: String, Sendable, CaseIterable, Codable {
    case sold, archived

    public var title: String { self == .sold ? "Sold" : "Archived" }
}

/// How long the warranty runs: until a date, or a number of months from the purchase date.
public enum Warranty: Sendable, Equatable {
    case until(CalendarDate)
    case months(Int)

    /// The last day of the warranty. Months need the purchase date.
    public func endDate(purchasedOn purchaseDate: CalendarDate?) throws(InventoryError) -> CalendarDate {
        switch self {
        case .until(let date): return date
        case .months(let months):
            guard (1...InventoryRules.maximumWarrantyMonths).contains(months) else { throw .invalidWarranty }
            guard let purchaseDate else { throw .warrantyNeedsPurchaseDate }
            guard let end = purchaseDate.adding(months: months) else { throw .invalidWarranty }
            return end
        }
    }
}
