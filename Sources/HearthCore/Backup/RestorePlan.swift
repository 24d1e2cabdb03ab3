import Foundation

/// What the household has when a restore starts: what a plan needs to reconcile a backup with it.
public struct RestoreContext: Sendable {
    public var householdId: UUID
    /// The household's rooms and categories.
    public var groups: [InventoryGroup]
    /// Which household holds each id of the backup that is taken already (items, receipts, rooms,
    /// categories, photos); ids nobody holds are absent. Learnt a batch at a time (``RestorePlan/learnOwners(_:)``).
    public var owners: [UUID: UUID]
    /// The household's own items and receipts (Recently deleted included).
    public var itemIds: Set<UUID>
    public var receiptIds: Set<UUID>
    /// Files a restored photo or receipt can use: those in the archive and those the household names already.
    public var availableFiles: Set<String>

    public init(householdId: UUID, groups: [InventoryGroup], owners: [UUID: UUID], itemIds: Set<UUID>, receiptIds: Set<UUID>,
                availableFiles: Set<String>) {
        self.householdId = householdId
        self.groups = groups
        self.owners = owners
        self.itemIds = itemIds
        self.receiptIds = receiptIds
        self.availableFiles = availableFiles
    }
}

/// The writes that restore a backup, worked out before they are written, a batch at a time: the
/// rooms and categories when the plan is made, then each batch of items and of receipts. The
/// summary is the preview a person sees. The store applies it in one transaction.
public struct RestorePlan: Sendable {
    public struct GroupWrite: Sendable, Equatable {
        public var kind: InventoryGroup.Kind
        public var id: UUID
        public var name: String
        public var icon: String?
        public var color: String?
        public var position: Int
        public var isDefault: Bool
        /// A category's, from the backup; nil: as its name says.
        public var depreciation: Depreciation? = nil
    }

    public struct ItemWrite: Sendable, Equatable {
        public var id: UUID
        /// The backup's, which the store keeps when the household has not given it.
        public var assetId: AssetID?
        public var roomId: UUID?
        public var categoryId: UUID?
        /// Checked by the same rules as the API.
        public var details: ItemDetails
        public var warrantyUntil: CalendarDate?
        public var photos: [HouseholdBackup.Photo]
        /// Photos the item had whose files are not in the backup.
        public var missingPhotos: Int
        public var createdAt: Date
        public var updatedAt: Date
        public var deletedAt: Date?
        /// The last day it was checked (the yearly check).
        public var verifiedOn: CalendarDate?

        public init(id: UUID, assetId: AssetID? = nil, roomId: UUID?, categoryId: UUID?, details: ItemDetails, warrantyUntil: CalendarDate?,
                    photos: [HouseholdBackup.Photo] = [], missingPhotos: Int = 0, createdAt: Date, updatedAt: Date, deletedAt: Date? = nil) {
            self.id = id
            self.assetId = assetId
            self.roomId = roomId
            self.categoryId = categoryId
            self.details = details
            self.warrantyUntil = warrantyUntil
            self.photos = photos
            self.missingPhotos = missingPhotos
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.deletedAt = deletedAt
        }
    }

    public struct ReceiptWrite: Sendable, Equatable {
        public var id: UUID
        public var status: Receipt.Status
        public var fields: ReceiptFields
        public var text: String?
        public var image: StoredFile?
        public var itemIds: [UUID]
        public var createdAt: Date
        public var updatedAt: Date
    }

    public let strategy: RestoreStrategy
    public let householdCurrency: String
    /// The latest day an item of the backup can have been checked: the day after it was made.
    let latestCheck: CalendarDate?
    var context: RestoreContext
    let ids: IDGenerator
    public internal(set) var summary: RestoreSummary
    /// Items planned whose photos are (some or all) not in the backup.
    var itemsMissingPhotos = 0
    /// Restored items kept in another item of the backup: their id and the backup's id of the container.
    var containerLinks: [(item: UUID, container: UUID)] = []
    /// Rooms and categories to add; items add some (by name) as they come: see ``takeNewGroups()``.
    public internal(set) var groupInserts: [GroupWrite] = []
    /// Existing rooms and categories (matched by name) that take the backup's name, icon and position.
    public internal(set) var groupUpdates: [GroupWrite] = []
    /// The backup's room, category and item ids and the ids they have after the restore.
    public internal(set) var restoredIds: [UUID: UUID] = [:]
    /// Rooms and categories after the restore, by kind and name key.
    var groupsByName: [InventoryGroup.Kind: [String: UUID]] = [:]
    var nextPosition: [InventoryGroup.Kind: Int] = [:]
    /// The backup's ids seen so far: one twice is a damaged backup.
    var seenIds: Set<UUID> = []
    /// Items and receipts planned so far, for the line numbers of messages.
    var itemLines = 0
    var receiptLines = 0

    /// Adds what the store learnt about who holds the ids of the next batch.
    public mutating func learnOwners(_ owners: [UUID: UUID]) {
        context.owners.merge(owners) { _, new in new }
    }

    /// The summary once every item and receipt is planned, with what holds for many of them said once.
    public var finalSummary: RestoreSummary {
        var summary = summary
        if itemsMissingPhotos > 0 {
            summary.warnings.append(itemsMissingPhotos == 1
                ? "1 item comes without its photos (the backup names them but does not carry them); it shows “photo missing” until you add them."
                : "\(itemsMissingPhotos) items come without their photos (the backup names them but does not carry them); they show “photo missing” until you add them.")
        }
        return summary
    }

    /// Once every item is planned: each restored item kept in another, with the container's id in
    /// the household. A container the backup does not have, or a link that would keep an item in
    /// itself (through others) or too deep, is left out with a warning.
    public mutating func containers() -> [(item: UUID, container: UUID)] {
        var resolved: [(item: UUID, container: UUID)] = [], containerOf: [UUID: UUID] = [:]
        for link in containerLinks {
            guard let container = restoredIds[link.container] else {
                summary.warnings.append("An item was kept in an item the backup does not have; it is kept in nothing now.")
                continue
            }
            resolved.append((link.item, container))
            containerOf[link.item] = container
        }
        containerLinks = []
        var links: [(item: UUID, container: UUID)] = []
        for link in resolved {
            var next: UUID? = link.container, steps = 0
            while let current = next, current != link.item, steps < InventoryRules.maximumNesting {
                next = containerOf[current]
                steps += 1
            }
            if next == nil {
                links.append(link)
            } else {
                summary.warnings.append("An item was kept inside itself (through others) or too deep; it is kept in nothing now.")
            }
        }
        return links
    }

    /// The rooms and categories to add before the writes planned since the last call.
    public mutating func takeNewGroups() -> [GroupWrite] {
        defer { groupInserts = [] }
        return groupInserts
    }
}
