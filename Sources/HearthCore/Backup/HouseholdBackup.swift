import Foundation

/// A household's inventory as a backup carries it: the seed's `nestory-backup` JSON grown into
/// Hearth's shape. Relationships are kept twice, by id and by name, so a restore can link by name
/// when an id is unknown. Money is in minor units with its currency (exact, never a float); dates
/// without a time are `YYYY-MM-DD`. Secrets (passwords, tokens, webhook secrets) are never in it.
public struct HouseholdBackup: Codable, Sendable, Equatable {
    /// The version of this shape. A restore refuses any other.
    public static let currentFormat = 1

    public var formatVersion: Int
    public var appVersion: String
    public var exportDate: Date
    public var household: Household
    public var rooms: [Group]
    public var categories: [Group]
    public var items: [Item]
    public var receipts: [Receipt]
    /// The household's shopping lists (absent in a backup of the inventory alone).
    public var lists: [List]?
    /// Each member's Focus settings and sessions.
    public var members: [Member]?
    /// Insurance claims, frozen ones with their snapshots.
    public var claims: [Claim]?
    /// The stores the lists are shopped at, and what the household taught about names.
    public var stores: [Store]?
    public var taughtNames: [TaughtName]?
    /// The items' maintenance tasks and log (absent in backups made before maintenance).
    public var maintenance: Maintenance?
    /// The items' documents, each naming its item by the backup's id (absent in backups made before documents).
    public var documents: [Document]?

    public init(formatVersion: Int = currentFormat, appVersion: String, exportDate: Date, household: Household, rooms: [Group] = [],
                categories: [Group] = [], items: [Item] = [], receipts: [Receipt] = [], lists: [List]? = nil, members: [Member]? = nil,
                claims: [Claim]? = nil, stores: [Store]? = nil, taughtNames: [TaughtName]? = nil, maintenance: Maintenance? = nil,
                documents: [Document]? = nil) {
        self.formatVersion = formatVersion
        self.appVersion = appVersion
        self.exportDate = exportDate
        self.household = household
        self.rooms = rooms
        self.categories = categories
        self.items = items
        self.receipts = receipts
        self.lists = lists
        self.members = members
        self.claims = claims
        self.stores = stores
        self.taughtNames = taughtNames
        self.maintenance = maintenance
        self.documents = documents
    }

    public struct Household: Codable, Sendable, Equatable {
        public var name: String
        public var currency: String
        /// The last day anything was checked in the yearly check (absent: never, or a backup made before it).
        public var lastChecked: CalendarDate?
        /// Whether the score counts things not seen in 12 months (absent: off).
        public var checkCountsInScore: Bool?

        public init(name: String, currency: String, lastChecked: CalendarDate? = nil, checkCountsInScore: Bool? = nil) {
            self.name = name
            self.currency = currency
            self.lastChecked = lastChecked
            self.checkCountsInScore = checkCountsInScore
        }
    }

    /// A room or a category.
    public struct Group: Codable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var icon: String?
        public var position: Int
        public var isDefault: Bool
        /// `#RRGGBB`; absent in backups made before groups had colours.
        public var color: String?
        /// A category's; absent in backups made before depreciation (the category then depreciates
        /// as its name says, ``InventoryGroup/defaultDepreciation(forCategory:)``).
        public var depreciation: Depreciation?

        public init(id: UUID, name: String, icon: String?, position: Int, isDefault: Bool, color: String? = nil, depreciation: Depreciation? = nil) {
            self.id = id
            self.name = name
            self.icon = icon
            self.position = position
            self.isDefault = isDefault
            self.color = color
            self.depreciation = depreciation
        }

        public init(_ group: InventoryGroup) {
            self.init(id: group.id, name: group.name, icon: group.icon, position: group.position, isDefault: group.isDefault, color: group.color,
                      depreciation: group.depreciation)
        }
    }

    public struct Item: Codable, Sendable, Equatable {
        public var id: UUID
        /// Kept on restore when the household has not given it to another item.
        public var assetId: AssetID?
        public var name: String
        public var description: String?
        public var roomId: UUID?
        public var roomName: String?
        public var categoryId: UUID?
        public var categoryName: String?
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
        public var tags: [String]
        public var notes: String?
        /// In order; the first is the primary photo.
        public var photos: [Photo]
        /// Photos the item had in the app it came from whose files did not come with it.
        public var missingPhotos: Int?
        /// The item (of this backup) it is kept in.
        public var containerId: UUID?
        public var disposition: ItemDisposition?
        /// Its own useful life and floor, where they differ from its category's.
        public var depreciation: Depreciation?
        /// The last day it was checked (absent: not since it was added, or a backup made before the yearly check).
        public var verifiedOn: CalendarDate?
        public var createdAt: Date
        public var updatedAt: Date
        /// Set for an item in Recently deleted.
        public var deletedAt: Date?

        /// An item with a name and nothing else.
        public init(id: UUID, name: String, createdAt: Date, updatedAt: Date) {
            self.id = id
            self.name = name
            quantity = 1
            tags = []
            photos = []
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        /// The item as a backup keeps it; `rooms` and `categories` name its groups.
        public init(_ item: InventoryItem, photos: [ItemPhoto], roomName: String?, categoryName: String?) {
            id = item.id
            assetId = item.assetId
            name = item.name
            description = item.description
            roomId = item.roomId
            self.roomName = roomName
            categoryId = item.categoryId
            self.categoryName = categoryName
            quantity = item.quantity
            brand = item.brand
            model = item.model
            serialNumber = item.serialNumber
            barcode = item.barcode
            purchaseDate = item.purchaseDate
            purchasePlace = item.purchasePlace
            purchasePrice = item.purchasePrice
            replacementValue = item.replacementValue
            condition = item.condition
            warrantyUntil = item.warrantyUntil
            tags = item.tags
            notes = item.notes
            self.photos = photos.map(Photo.init)
            missingPhotos = item.missingPhotos > 0 ? item.missingPhotos : nil
            containerId = item.containerId
            disposition = item.disposition
            depreciation = item.depreciation
            verifiedOn = item.verifiedOn
            createdAt = item.createdAt
            updatedAt = item.updatedAt
            deletedAt = item.deletedAt
        }

        /// What a person could have typed for this item, to check it by the same rules as the API.
        public var details: ItemDetails {
            ItemDetails(name: name, description: description, roomId: nil, categoryId: nil, quantity: quantity, brand: brand,
                        model: model, serialNumber: serialNumber, barcode: barcode, purchaseDate: purchaseDate,
                        purchasePlace: purchasePlace, purchasePrice: purchasePrice, replacementValue: replacementValue,
                        condition: condition, warranty: warrantyUntil.map(Warranty.until), tags: tags, notes: notes,
                        disposition: disposition, depreciation: depreciation)
        }
    }

    /// A photo: its file is `media/<sha256>` in the archive.
    public struct Photo: Codable, Sendable, Equatable {
        public var id: UUID
        public var file: File

        public init(id: UUID, file: File) {
            self.id = id
            self.file = file
        }

        public init(_ photo: ItemPhoto) {
            self.init(id: photo.id, file: File(sha256: photo.sha256, contentType: photo.contentType, byteSize: photo.byteSize,
                                               width: photo.width, height: photo.height))
        }
    }

    public typealias File = StoredFile

    public struct Receipt: Codable, Sendable, Equatable {
        public var id: UUID
        public var status: HearthCore.Receipt.Status
        public var vendor: String?
        public var date: CalendarDate?
        public var total: Money?
        public var tax: Money?
        public var number: String?
        public var lines: [ReceiptLine]
        public var text: String?
        public var image: File?
        public var itemIds: [UUID]
        public var createdAt: Date
        public var updatedAt: Date

        /// A receipt without fields, text or image.
        public init(id: UUID, status: HearthCore.Receipt.Status, itemIds: [UUID], createdAt: Date, updatedAt: Date) {
            self.id = id
            self.status = status
            lines = []
            self.itemIds = itemIds
            self.createdAt = createdAt
            self.updatedAt = updatedAt
        }

        public init(_ receipt: HearthCore.Receipt) {
            id = receipt.id
            // A receipt still being read is read again after a restore.
            status = receipt.status
            vendor = receipt.vendor
            date = receipt.date
            total = receipt.total
            tax = receipt.tax
            number = receipt.number
            lines = receipt.lines
            text = receipt.text
            image = receipt.image
            itemIds = receipt.itemIds
            createdAt = receipt.createdAt
            updatedAt = receipt.updatedAt
        }

        public var fields: ReceiptFields {
            ReceiptFields(vendor: vendor, date: date, total: total, tax: tax, number: number, lines: lines)
        }
    }

    /// Every file the backup refers to, each once.
    public var files: [File] {
        var seen = Set<String>(), files: [File] = []
        let named = items.flatMap { $0.photos.map(\.file) } + receipts.compactMap(\.image) + (documents ?? []).map(\.file)
        for file in named where seen.insert(file.sha256).inserted {
            files.append(file)
        }
        return files
    }
}
