import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// The inventory's item endpoints. Every change is published to the household's event streams as an `inventory` event.
extension HearthAPIService {
    func listInventoryItems(_ input: Operations.ListInventoryItems.Input) async throws -> Operations.ListInventoryItems.Output {
        let user = try APIRequest.requireUser()
        let q = input.query
        let today = services.today(for: user)
        if let cursor = q.cursor, cursor.count > 1000 { throw InventoryError.invalidCursor }
        if let limit = q.limit, !(1...ItemQuery.maximumLimit).contains(limit) {
            throw HTTPErrorMessage.badRequest("“limit” must be between 1 and \(ItemQuery.maximumLimit).")
        }
        var query = try InventoryInput.itemQuery(
            q: q.q, room: q.room, category: q.category, tag: q.tag, documented: q.documented, condition: q.condition, missing: q.missing,
            warrantyEnding: q.warrantyEnding, barcode: q.barcode, status: q.status?.rawValue, sort: q.sort?.rawValue, today: today, cursor: q.cursor, limit: q.limit ?? 50
        )
        try await services.inventory.applySearchFilters(to: &query, householdId: user.householdId, today: today)
        let page = try await services.inventory.items(householdId: user.householdId, query)
        let valuation = try await services.valuation(for: user)
        return .ok(.init(body: .json(.init(items: page.items.map { .init($0, valuation: valuation) }, nextCursor: page.nextCursor, total: page.total))))
    }

    func createInventoryItem(_ input: Operations.CreateInventoryItem.Input) async throws -> Operations.CreateInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let details = ItemDetails(
            name: body.name, description: body.description, roomId: try Self.uuid(body.roomId), categoryId: try Self.uuid(body.categoryId),
            quantity: body.quantity ?? 1, brand: body.brand, model: body.model, serialNumber: body.serialNumber, barcode: body.barcode,
            purchaseDate: try InventoryRules.purchaseDate(InventoryInput.date(body.purchaseDate, field: "purchaseDate")),
            purchasePlace: body.purchasePlace,
            purchasePrice: body.purchasePrice?.domain, replacementValue: body.replacementValue?.domain,
            condition: body.condition.flatMap { ItemCondition(rawValue: $0.rawValue) },
            warranty: try InventoryInput.warranty(until: body.warrantyUntil, months: body.warrantyMonths), tags: body.tags ?? [], notes: body.notes,
            containerId: try Self.uuid(body.containerId), disposition: body.disposition.flatMap { ItemDisposition(rawValue: $0.rawValue) },
            depreciation: body.depreciation?.domain
        )
        let result = try await services.inventory.createItem(id: try Self.uuid(body.id), householdId: user.householdId, details)
        if result.created { await services.events.publishInventoryChange("itemCreated", itemId: result.item.id, by: user) }
        let document = Components.Schemas.InventoryItem(result.item, valuation: try await services.valuation(for: user))
        return result.created ? .created(.init(body: .json(document))) : .ok(.init(body: .json(document)))
    }

    func listDeletedInventoryItems(_ input: Operations.ListDeletedInventoryItems.Input) async throws -> Operations.ListDeletedInventoryItems.Output {
        let user = try APIRequest.requireUser()
        let items = try await services.inventory.deletedItems(householdId: user.householdId)
        let valuation = try await services.valuation(for: user)
        return .ok(.init(body: .json(.init(items: items.map { .init($0, valuation: valuation) }, total: items.count))))
    }

    func bulkChangeInventoryItems(_ input: Operations.BulkChangeInventoryItems.Input) async throws -> Operations.BulkChangeInventoryItems.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let roomId = try Self.uuid(body.roomId), categoryId = try Self.uuid(body.categoryId)
        let change: InventoryStore.BulkChange = switch body.action {
        case .move: .move(roomId: roomId)
        case .categorize: .categorize(categoryId: categoryId)
        case .delete: .delete
        case .check: .check(on: services.today(for: user), movedTo: roomId.map { .some($0) })
        }
        let ids = try body.itemIds.map { try Self.uuid($0) }
        let changed = try await services.inventory.bulkChange(change, itemIds: ids, householdId: user.householdId)
        if changed > 0 { await services.events.publishInventoryChange("itemsChanged", itemId: nil, by: user) }
        return .ok(.init(body: .json(.init(changed: changed))))
    }

    func getInventoryItem(_ input: Operations.GetInventoryItem.Input) async throws -> Operations.GetInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        guard let item = try await services.inventory.item(id: id, householdId: user.householdId) else {
            throw try await services.inventory.missingItemError(id, householdId: user.householdId)
        }
        let photos = try await services.inventory.photos(itemId: id, householdId: user.householdId)
        return .ok(.init(body: .json(.init(item, valuation: try await services.valuation(for: user), photos: photos))))
    }

    func updateInventoryItem(_ input: Operations.UpdateInventoryItem.Input) async throws -> Operations.UpdateInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let id = try Self.uuid(input.path.id)
        let change = try InventoryItemChange(body)
        let item = try await services.inventory.updateItem(id: id, householdId: user.householdId, changedAt: body.changedAt) {
            change.apply(to: &$0)
        }
        await services.events.publishInventoryChange("itemUpdated", itemId: id, by: user)
        return .ok(.init(body: .json(.init(item, valuation: try await services.valuation(for: user)))))
    }

    func deleteInventoryItem(_ input: Operations.DeleteInventoryItem.Input) async throws -> Operations.DeleteInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        try await services.inventory.deleteItem(id: id, householdId: user.householdId)
        await services.events.publishInventoryChange("itemDeleted", itemId: id, by: user)
        return .noContent
    }

    func duplicateInventoryItem(_ input: Operations.DuplicateInventoryItem.Input) async throws -> Operations.DuplicateInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let result = try await services.inventory.duplicateItem(id: try Self.uuid(input.path.id), newId: try Self.uuid(body.id),
                                                                householdId: user.householdId)
        if result.created { await services.events.publishInventoryChange("itemCreated", itemId: result.item.id, by: user) }
        let document = Components.Schemas.InventoryItem(result.item, valuation: try await services.valuation(for: user))
        return result.created ? .created(.init(body: .json(document))) : .ok(.init(body: .json(document)))
    }

    func restoreInventoryItem(_ input: Operations.RestoreInventoryItem.Input) async throws -> Operations.RestoreInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        let item = try await services.inventory.restoreItem(id: id, householdId: user.householdId)
        await services.events.publishInventoryChange("itemRestored", itemId: id, by: user)
        return .ok(.init(body: .json(.init(item, valuation: try await services.valuation(for: user)))))
    }

    func purgeInventoryItem(_ input: Operations.PurgeInventoryItem.Input) async throws -> Operations.PurgeInventoryItem.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        let files = try await services.inventory.purgeItem(id: id, householdId: user.householdId)
        await services.media.removeUnreferenced(files)
        await services.events.publishInventoryChange("itemPurged", itemId: id, by: user)
        return .noContent
    }

    func getInventorySummary(_ input: Operations.GetInventorySummary.Input) async throws -> Operations.GetInventorySummary.Output {
        let user = try APIRequest.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let summary = try await services.inventory.summary(householdId: user.householdId, today: services.today(for: user),
                                                           fixNextRoom: try InventoryInput.group(input.query.room, field: "room"))
        let currency = try await services.inventory.currency(householdId: user.householdId)
        let valuation = try await services.valuation(for: user)
        return .ok(.init(body: .json(.init(
            itemCount: summary.itemCount, totals: summary.totals.map { .init($0) }, documentedCount: summary.documentedCount,
            documentedShare: summary.documentedShare, score: summary.score, missingPhotos: summary.missingPhotos,
            missingReceipts: summary.missingReceipts, missingValues: summary.missingValues, warrantiesEnding: summary.warrantiesEnding,
            byRoom: summary.byRoom.map { .init($0) }, byCategory: summary.byCategory.map { .init($0) },
            fixNext: summary.fixNext.map { .init(item: .init($0.item, valuation: valuation), valueAtRisk: $0.valueAtRisk.map { .init($0) }) },
            currency: currency, unchecked: summary.unchecked, lastChecked: summary.lastChecked?.description,
            checkCountsInScore: summary.checkCountsInScore
        ))))
    }

    func listInventoryTags(_ input: Operations.ListInventoryTags.Input) async throws -> Operations.ListInventoryTags.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(tags: try await services.inventory.tags(householdId: user.householdId)))))
    }

    func getInventorySettings(_ input: Operations.GetInventorySettings.Input) async throws -> Operations.GetInventorySettings.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(try await settings(of: user))))
    }

    func putInventorySettings(_ input: Operations.PutInventorySettings.Input) async throws -> Operations.PutInventorySettings.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        try await services.inventory.setCurrency(body.currency, householdId: user.householdId)
        if let counts = body.checkCountsInScore { try await services.inventory.setCheckCountsInScore(counts, householdId: user.householdId) }
        await services.events.publishInventoryChange("settingsChanged", itemId: nil, by: user)
        return .ok(.init(body: .json(try await settings(of: user))))
    }

    private func settings(of user: User) async throws -> Components.Schemas.InventorySettings {
        .init(currency: try await services.inventory.currency(householdId: user.householdId),
              checkCountsInScore: try await services.inventory.checkSettings(householdId: user.householdId).countsInScore)
    }
}

extension EventHub {
    /// Tells every open page of the household that the inventory changed; pages then reload what they show.
    func publishInventoryChange(_ type: String, itemId: UUID?, by user: User) async {
        await publishInventoryChange(type, householdId: user.householdId, itemId: itemId, by: user.id)
    }

    /// The same for changes of a receipt, or made by the server itself (`by` nil: a receipt was read).
    func publishInventoryChange(_ type: String, householdId: UUID, itemId: UUID? = nil, receiptId: UUID? = nil, by userId: UUID?) async {
        var fields = [#""type":"\#(type)""#]
        if let itemId { fields.append(#""itemId":"\#(itemId.text)""#) }
        if let receiptId { fields.append(#""receiptId":"\#(receiptId.text)""#) }
        if let userId { fields.append(#""by":"\#(userId.text)""#) }
        await publish(ServerEvent(name: "inventory", data: "{\(fields.joined(separator: ","))}"), to: .household(householdId))
    }
}

extension AppServices {
    /// Today's date where the user is.
    func today(for user: User) -> CalendarDate {
        CalendarDate(clock.now, in: TimeZone(identifier: user.timeZone) ?? .gmt)
    }

    /// The household's depreciation rules today, for its items' actual cash values.
    func valuation(for user: User) async throws -> Valuation {
        try await inventory.valuation(householdId: user.householdId, on: today(for: user))
    }
}
