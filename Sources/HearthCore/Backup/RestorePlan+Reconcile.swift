import Foundation

extension RestorePlan {
    /// Reconciles a backup with the household by the seed's table:
    ///
    /// | | merge | replace |
    /// |---|---|---|
    /// | room or category with the same name | update, keep its id and place | the backup's properties |
    /// | item or receipt with the same id | skip | the backup's (cleared first) |
    /// | missing relationship | link by name | link by name |
    /// | photo without its file | warn, continue | warn, continue |
    ///
    /// A replace clears the household's items, receipts and non-default rooms and categories first,
    /// so the plan sees only the default groups. Ids another household holds get new ones.
    ///
    /// This plans the rooms and categories of `outline` (a backup without its items and receipts,
    /// see ``BackupSource``); ``items(_:)`` and ``receipts(_:)`` plan the rest a batch at a time.
    public init(outline backup: HouseholdBackup, context: RestoreContext, strategy: RestoreStrategy, ids: IDGenerator) throws(BackupError) {
        guard backup.formatVersion == HouseholdBackup.currentFormat else { throw .unsupportedFormat(backup.formatVersion) }
        self.strategy = strategy
        householdCurrency = backup.household.currency
        latestCheck = CalendarDate(backup.exportDate, in: TimeZone(identifier: "UTC")!).adding(days: 1)
        self.context = context
        self.ids = ids
        summary = RestoreSummary(strategy: strategy)
        for group in context.groups where strategy == .merge || group.isDefault {
            groupsByName[group.kind, default: [:]][InventoryRules.key(group.name)] = group.id
            nextPosition[group.kind] = max(nextPosition[group.kind] ?? 0, group.position)
        }
        if strategy == .replace {
            summary.items.removed = context.itemIds.count
            summary.receipts.removed = context.receiptIds.count
            for kind in InventoryGroup.Kind.allCases {
                summary[kind].removed = context.groups.filter { $0.kind == kind && !$0.isDefault }.count
            }
        }
        for (kind, groups) in [(InventoryGroup.Kind.room, backup.rooms), (.category, backup.categories)] {
            try checkUnique(groups.map(\.id))
            for group in groups.sorted(by: { $0.position < $1.position }) { try restoreGroup(group, kind: kind) }
        }
    }

    /// Plans a batch of items: the writes for those not skipped.
    public mutating func items(_ batch: [HouseholdBackup.Item]) throws(BackupError) -> [ItemWrite] {
        var writes: [ItemWrite] = []
        for item in batch {
            itemLines += 1
            try checkUnique([item.id] + item.photos.map(\.id))
            if let write = try restoreItem(item, line: itemLines) { writes.append(write) }
        }
        return writes
    }

    /// Plans a batch of receipts (after every item): the writes for those not skipped.
    public mutating func receipts(_ batch: [HouseholdBackup.Receipt]) throws(BackupError) -> [ReceiptWrite] {
        var writes: [ReceiptWrite] = []
        for receipt in batch {
            receiptLines += 1
            try checkUnique([receipt.id])
            if let write = try restoreReceipt(receipt, line: receiptLines) { writes.append(write) }
        }
        return writes
    }

    /// The same id twice in one backup is a damaged backup.
    private mutating func checkUnique(_ ids: [UUID]) throws(BackupError) {
        for id in ids where !seenIds.insert(id).inserted { throw .invalidRecord("the id \(id.text.lowercased()) appears twice") }
    }

    /// Whether the household may keep using `id` for a new row: nobody has it, or only rows the
    /// replace clears have it.
    func isFree(_ id: UUID, clearedByReplace: Bool) -> Bool {
        guard let owner = context.owners[id] else { return true }
        return strategy == .replace && clearedByReplace && owner == context.householdId
    }

    mutating func restoreGroup(_ group: HouseholdBackup.Group, kind: InventoryGroup.Kind) throws(BackupError) {
        let name: String, icon: String?, backupColor: String?, backupDepreciation: Depreciation?
        do {
            name = try InventoryRules.groupName(group.name, kind: kind)
            icon = try InventoryRules.icon(group.icon)
            backupColor = try InventoryRules.color(group.color)
            backupDepreciation = kind == .category ? try group.depreciation?.validated() : nil
        } catch { throw .invalidRecord("the \(kind.noun) “\(group.name)”: \(error.message)") }
        let key = InventoryRules.key(name)
        if let existing = groupsByName[kind]?[key] {
            restoredIds[group.id] = existing
            // A backup without colours (made before groups had them) keeps the household's; a merge
            // keeps an icon the backup has none for (another app's symbol without an emoji).
            let current = context.groups.first { $0.id == existing }
            let color = backupColor ?? current?.color
            // A backup made before depreciation keeps the household's rule too.
            let depreciation = backupDepreciation ?? current?.depreciation
            let groupIcon = strategy == .merge ? icon ?? current?.icon : icon
            // A merge keeps the household's order; a replace takes the backup's.
            let position = strategy == .merge ? current?.position ?? group.position : group.position
            // Two groups of one name in the backup: the last one's icon and colour win.
            if let index = groupInserts.firstIndex(where: { $0.id == existing }) {
                groupInserts[index].icon = groupIcon ?? groupInserts[index].icon
                groupInserts[index].color = color ?? groupInserts[index].color
                groupInserts[index].depreciation = depreciation ?? groupInserts[index].depreciation
            } else if let index = groupUpdates.firstIndex(where: { $0.id == existing }) {
                groupUpdates[index].icon = groupIcon ?? groupUpdates[index].icon
                groupUpdates[index].color = color ?? groupUpdates[index].color
                groupUpdates[index].depreciation = depreciation ?? groupUpdates[index].depreciation
            } else if let current, (current.name, current.icon, current.color, current.position) == (name, groupIcon, color, position),
                      current.depreciation == depreciation {
                summary[kind].skipped += 1 // the same already
            } else {
                groupUpdates.append(GroupWrite(kind: kind, id: existing, name: name, icon: groupIcon, color: color, position: position,
                                               isDefault: current?.isDefault ?? false, depreciation: depreciation))
                summary[kind].updated += 1
            }
            return
        }
        let id = isFree(group.id, clearedByReplace: true) ? group.id : ids.next()
        let position = strategy == .replace ? group.position : (nextPosition[kind] ?? 0) + 1
        nextPosition[kind] = max(nextPosition[kind] ?? 0, position)
        groupInserts.append(GroupWrite(kind: kind, id: id, name: name, icon: icon, color: backupColor, position: position, isDefault: false,
                                       depreciation: backupDepreciation))
        groupsByName[kind, default: [:]][key] = id
        restoredIds[group.id] = id
        summary[kind].added += 1
    }

    /// The group an item goes into: the backup's by id, else one of that name, else a new one of
    /// that name; nil with a warning when the backup gives neither.
    mutating func group(_ kind: InventoryGroup.Kind, id: UUID?, name: String?, item: String) throws(BackupError) -> UUID? {
        if let id, let restored = restoredIds[id] { return restored }
        if let name, !name.isEmpty {
            if let existing = groupsByName[kind]?[InventoryRules.key(name)] { return existing }
            try restoreGroup(HouseholdBackup.Group(id: ids.next(), name: name, icon: nil, position: 0, isDefault: false), kind: kind)
            return groupsByName[kind]?[InventoryRules.key(name)]
        }
        if id != nil { summary.warnings.append("“\(item)” was in a \(kind.noun) the backup does not have; it has no \(kind.noun) now.") }
        return nil
    }

    mutating func restoreItem(_ item: HouseholdBackup.Item, line: Int) throws(BackupError) -> ItemWrite? {
        if strategy == .merge && context.itemIds.contains(item.id) {
            restoredIds[item.id] = item.id
            summary.items.skipped += 1
            summary.photos.skipped += item.photos.count
            return nil
        }
        let checked: (details: ItemDetails, warrantyUntil: CalendarDate?)
        do { checked = try InventoryRules.validated(item.details) } catch { throw .invalidRecord("item \(line) “\(item.name)”: \(error.message)") }
        guard item.photos.count <= InventoryRules.maximumPhotos else { throw .invalidRecord("item \(line) “\(item.name)”: \(InventoryError.tooManyPhotos.message)") }
        let id = isFree(item.id, clearedByReplace: true) ? item.id : ids.next()
        restoredIds[item.id] = id
        var photos: [HouseholdBackup.Photo] = []
        for photo in item.photos {
            guard context.availableFiles.contains(photo.file.sha256) else {
                summary.warnings.append("A photo of “\(item.name)” has no file in the backup (\(photo.file.sha256.prefix(12))…); it was left out.")
                summary.photos.skipped += 1
                continue
            }
            photos.append(HouseholdBackup.Photo(id: isFree(photo.id, clearedByReplace: true) ? photo.id : ids.next(), file: photo.file))
            summary.photos.added += 1
        }
        let roomId = try group(.room, id: item.roomId, name: item.roomName, item: item.name)
        let categoryId = try group(.category, id: item.categoryId, name: item.categoryName, item: item.name)
        summary.items.added += 1
        if let container = item.containerId { containerLinks.append((id, container)) }
        let missingPhotos = max(item.missingPhotos ?? 0, 0)
        if missingPhotos > 0 { itemsMissingPhotos += 1 }
        var write = ItemWrite(id: id, assetId: item.assetId, roomId: roomId, categoryId: categoryId, details: checked.details,
                              warrantyUntil: checked.warrantyUntil, photos: photos, missingPhotos: missingPhotos, createdAt: item.createdAt,
                              updatedAt: item.updatedAt, deletedAt: item.deletedAt)
        // A check after the backup was made is a damaged date: the item counts as not checked.
        if let day = item.verifiedOn, let latest = latestCheck, day <= latest { write.verifiedOn = day }
        return write
    }

    mutating func restoreReceipt(_ receipt: HouseholdBackup.Receipt, line: Int) throws(BackupError) -> ReceiptWrite? {
        if strategy == .merge && context.receiptIds.contains(receipt.id) {
            summary.receipts.skipped += 1
            return nil
        }
        let fields: ReceiptFields
        do { fields = try receipt.fields.validated() } catch { throw .invalidRecord("receipt \(line) “\(receipt.vendor ?? "")”: \(error.message)") }
        var image = receipt.image
        if let file = image, !context.availableFiles.contains(file.sha256) {
            summary.warnings.append("The image of the receipt from \(receipt.vendor ?? "an unknown shop") is not in the backup; the receipt was kept without it.")
            image = nil
        }
        var status = receipt.status
        if image == nil && (status == .reading || status == .read) { status = .unreadable }
        var itemIds: [UUID] = []
        for itemId in receipt.itemIds {
            if let restored = restoredIds[itemId] {
                itemIds.append(restored)
            } else if strategy == .merge && context.itemIds.contains(itemId) {
                itemIds.append(itemId)
            } else {
                summary.warnings.append("The receipt from \(receipt.vendor ?? "an unknown shop") named an item the backup does not have; that link was left out.")
            }
        }
        let id = isFree(receipt.id, clearedByReplace: true) ? receipt.id : ids.next()
        summary.receipts.added += 1
        return ReceiptWrite(id: id, status: status, fields: fields, text: receipt.text, image: image, itemIds: itemIds,
                            createdAt: receipt.createdAt, updatedAt: receipt.updatedAt)
    }
}
