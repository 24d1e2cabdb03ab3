import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// The Lists endpoints. Every change is published to the household's event streams as a `list` event.
extension HearthAPIService {
    func listLists(_ input: Operations.ListLists.Input) async throws -> Operations.ListLists.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(lists: try await services.lists.lists(householdId: user.householdId).map { .init($0) }))))
    }

    func listDeletedLists(_ input: Operations.ListDeletedLists.Input) async throws -> Operations.ListDeletedLists.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(lists: try await services.lists.deletedLists(householdId: user.householdId).map { .init($0) }))))
    }

    func createList(_ input: Operations.CreateList.Input) async throws -> Operations.CreateList.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let result = try await services.lists.createList(id: try Self.uuid(body.id), householdId: user.householdId, name: body.name, emoji: body.emoji)
        let document = try await services.lists.document(id: result.list.id, householdId: user.householdId, withItems: true)
        if result.created { await services.events.publishListChange("listCreated", listId: result.list.id, by: user) }
        return result.created ? .created(.init(body: .json(document))) : .ok(.init(body: .json(document)))
    }

    func getList(_ input: Operations.GetList.Input) async throws -> Operations.GetList.Output {
        let user = try APIRequest.requireUser()
        let cursor = try input.query.cursor.map { text in
            guard let cursor = ListItemCursor(text) else { throw HTTPErrorMessage.badRequest("“cursor” is not a nextCursor this server gave.") }
            return cursor
        }
        let limit = input.query.limit ?? ListStore.pageLimit
        guard (1...ListStore.pageLimit).contains(limit) else { throw HTTPErrorMessage.badRequest("“limit” must be 1 to \(ListStore.pageLimit).") }
        return WrittenPage.answer(try await services.lists.document(id: try Self.uuid(input.path.id), householdId: user.householdId,
                                                                    after: cursor, limit: limit, store: try Self.uuid(input.query.store)))
    }

    func updateList(_ input: Operations.UpdateList.Input) async throws -> Operations.UpdateList.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let id = try Self.uuid(input.path.id)
        _ = try await services.lists.updateList(id: id, householdId: user.householdId, name: body.name,
                                                emoji: body.emoji.map { $0.isEmpty ? nil : $0 }, position: body.position,
                                                storeId: try body.storeId.map { $0.isEmpty ? nil : try Self.uuid($0) })
        await services.events.publishListChange("listUpdated", listId: id, by: user)
        return .ok(.init(body: .json(try await services.lists.document(id: id, householdId: user.householdId, withItems: false))))
    }

    func deleteList(_ input: Operations.DeleteList.Input) async throws -> Operations.DeleteList.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        try await services.lists.deleteList(id: id, householdId: user.householdId)
        await services.events.publishListChange("listDeleted", listId: id, by: user)
        return .noContent
    }

    func restoreList(_ input: Operations.RestoreList.Input) async throws -> Operations.RestoreList.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        _ = try await services.lists.restoreList(id: id, householdId: user.householdId)
        await services.events.publishListChange("listRestored", listId: id, by: user)
        return .ok(.init(body: .json(try await services.lists.document(id: id, householdId: user.householdId, withItems: true))))
    }

    func purgeList(_ input: Operations.PurgeList.Input) async throws -> Operations.PurgeList.Output {
        let user = try APIRequest.requireUser()
        let id = try Self.uuid(input.path.id)
        try await services.lists.purgeList(id: id, householdId: user.householdId)
        await services.events.publishListChange("listPurged", listId: id, by: user)
        return .noContent
    }

    func addItem(_ input: Operations.AddItem.Input) async throws -> Operations.AddItem.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let listId = try Self.uuid(input.path.id)
        let quantity = try body.quantity.flatMap { $0.isEmpty ? nil : try Quantity(parsing: $0) }
        let result = try await services.lists.addItem(id: try Self.uuid(body.id), listId: listId, householdId: user.householdId,
                                                      name: body.name, quantity: quantity, note: body.note,
                                                      category: body.category.map(ShoppingCategory.init), onlyAt: try body.onlyAt?.map(Self.uuid))
        await services.events.publishListChange(result.created ? "itemAdded" : "itemUpdated", listId: listId, by: user)
        if result.created { await services.noteListAddition(result.item, listId: listId, by: user) }
        return result.created ? .created(.init(body: .json(.init(result.item)))) : .ok(.init(body: .json(.init(result.item))))
    }

    func updateItem(_ input: Operations.UpdateItem.Input) async throws -> Operations.UpdateItem.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let listId = try Self.uuid(input.path.id)
        let change = ListStore.ItemChange(
            name: body.name,
            quantity: try body.quantity.map { $0.isEmpty ? nil : try Quantity(parsing: $0) },
            note: body.note.map { $0.isEmpty ? nil : $0 },
            purchased: body.purchased, category: body.category.map(ShoppingCategory.init), onlyAt: try body.onlyAt?.map(Self.uuid),
            position: body.position, changedAt: body.changedAt
        )
        let item = try await services.lists.updateItem(id: try Self.uuid(input.path.itemId), listId: listId, householdId: user.householdId, change)
        await services.events.publishListChange("itemUpdated", listId: listId, by: user)
        return .ok(.init(body: .json(.init(item))))
    }

    func deleteItem(_ input: Operations.DeleteItem.Input) async throws -> Operations.DeleteItem.Output {
        let user = try APIRequest.requireUser()
        let listId = try Self.uuid(input.path.id)
        try await services.lists.deleteItem(id: try Self.uuid(input.path.itemId), listId: listId, householdId: user.householdId)
        await services.events.publishListChange("itemDeleted", listId: listId, by: user)
        return .noContent
    }

    func clearPurchased(_ input: Operations.ClearPurchased.Input) async throws -> Operations.ClearPurchased.Output {
        let user = try APIRequest.requireUser()
        let listId = try Self.uuid(input.path.id)
        try await services.lists.clearPurchased(listId: listId, householdId: user.householdId)
        await services.events.publishListChange("purchasedCleared", listId: listId, by: user)
        return .ok(.init(body: .json(try await services.lists.document(id: listId, householdId: user.householdId, withItems: true))))
    }

    func restoreItems(_ input: Operations.RestoreItems.Input) async throws -> Operations.RestoreItems.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let listId = try Self.uuid(input.path.id)
        guard (1...1000).contains(body.items.count) else { throw HTTPErrorMessage.badRequest("Restore 1 to 1000 items at a time.") }
        let items = try body.items.map { item in
            ListStore.RestoredItem(
                id: try Self.uuid(item.id), name: item.name,
                quantity: try item.quantity.flatMap { $0.isEmpty ? nil : try Quantity(parsing: $0) },
                note: item.note.flatMap { $0.isEmpty ? nil : $0 }, purchased: item.purchased,
                changedAt: item.changedAt, createdAt: item.createdAt, category: item.category.map(ShoppingCategory.init),
                position: try item.position.map(ListRules.position), onlyAt: try item.onlyAt?.map(Self.uuid) ?? []
            )
        }
        _ = try await services.lists.restoreItems(items, listId: listId, householdId: user.householdId)
        await services.events.publishListChange("itemsRestored", listId: listId, by: user)
        return .ok(.init(body: .json(try await services.lists.document(id: listId, householdId: user.householdId, withItems: true))))
    }

    func listSuggestions(_ input: Operations.ListSuggestions.Input) async throws -> Operations.ListSuggestions.Output {
        let user = try APIRequest.requireUser()
        let prefix = input.query.q ?? ""
        try Self.limit(prefix, field: "q", to: ListRules.maximumNameLength)
        let listId = try Self.uuid(input.query.list)
        let suggestions = try await services.lists.suggestions(householdId: user.householdId, listId: listId, matching: prefix)
        return .ok(.init(body: .json(.init(names: suggestions.map(\.name), suggestions: suggestions.map {
            .init(name: $0.name, category: .init($0.category), quantity: $0.quantity?.description)
        }))))
    }

    func getListStats(_ input: Operations.GetListStats.Input) async throws -> Operations.GetListStats.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(try await services.lists.statistics(householdId: user.householdId)))))
    }

    /// Parses a UUID the client sent; the generated code keeps them as strings.
    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw HTTPErrorMessage.badRequest("“\(text)” is not a UUID.") }
        return id
    }

    /// An optional id from a request body (client-chosen ids).
    static func uuid(_ text: String?) throws -> UUID? {
        try text.map(uuid)
    }
}

extension ListStore {
    /// A list with its counts and the page of its items after `cursor`, as the API shows it; the
    /// counts only without `withItems`.
    func document(id: UUID, householdId: UUID, withItems: Bool = true, after cursor: ListItemCursor? = nil,
                  limit: Int = ListStore.pageLimit, store: UUID? = nil) async throws -> Components.Schemas.ShoppingList {
        guard withItems else {
            guard let summary = try await summary(id: id, householdId: householdId) else { throw ListError.listNotFound }
            guard summary.list.deletedAt == nil else { throw ListError.listDeleted }
            return .init(summary)
        }
        // A store asked for is checked before the list is read.
        let asked = if let store { try await aisles(shoppingAt: store, householdId: householdId, required: true) } else { [ShoppingCategory]?.none }
        let page = try await page(listId: id, householdId: householdId, after: cursor, limit: limit, store: store)
        var document = Components.Schemas.ShoppingList(page.summary)
        let shown = if let asked { asked } else { try await aisles(shoppingAt: page.summary.list.storeId, householdId: householdId, required: false) }
        document.aisles = shown.map { .init($0) }
        document.shoppingAt = store?.text
        document.items = page.items.map { .init($0) }
        document.nextCursor = page.next?.text
        return document
    }

    /// The aisle order of the store shopped at, else Hearth's. A store asked for by name must be
    /// the household's; a list's usual store is always (deleting a store clears it).
    func aisles(shoppingAt storeId: UUID?, householdId: UUID, required: Bool) async throws -> [ShoppingCategory] {
        guard let storeId else { return ShoppingCategory.defaultAisleOrder }
        guard let store = try await store(id: storeId, householdId: householdId) else {
            if required { throw ListError.storeNotFound }
            return ShoppingCategory.defaultAisleOrder
        }
        return store.aisles
    }

    /// A list with all its items, for the list page (which sorts them by the stores it is given beside).
    func wholeDocument(id: UUID, householdId: UUID) async throws -> Components.Schemas.ShoppingList {
        let (list, items) = try await listWithItems(id: id, householdId: householdId)
        var document = Components.Schemas.ShoppingList(ListSummary(list: list, items: items.count, purchased: items.count { $0.purchased }))
        document.items = items.map { .init($0) }
        return document
    }
}

extension EventHub {
    /// Tells every open page of the household that a list changed; pages then reload what they show.
    func publishListChange(_ type: String, listId: UUID, by user: User) async {
        let data = #"{"type":"\#(type)","listId":"\#(listId.text)","by":"\#(user.id.text)"}"#
        await publish(ServerEvent(name: "list", data: data), to: .household(user.householdId))
    }
}

extension Components.Schemas.ShoppingList {
    init(_ summary: ListSummary) {
        self.init(id: summary.list.id.text, name: summary.list.name, emoji: summary.list.emoji, position: summary.list.position,
                  itemCount: summary.items, purchasedCount: summary.purchased, createdAt: summary.list.createdAt,
                  updatedAt: summary.list.updatedAt, deletedAt: summary.list.deletedAt, storeId: summary.list.storeId?.text)
    }
}

extension Components.Schemas.ListItem {
    init(_ item: ListItem) {
        self.init(id: item.id.text, name: item.name, quantity: item.quantity?.description, note: item.note,
                  purchased: item.purchased, changedAt: item.changedAt, createdAt: item.createdAt, category: .init(item.category),
                  listId: item.listId.text, position: item.position, onlyAt: item.onlyAt.isEmpty ? nil : item.onlyAt.map(\.text))
    }
}

/// The API's categories are the Core's, by name (the CLI converts with these too).
extension Components.Schemas.ShoppingCategory {
    public init(_ category: ShoppingCategory) {
        self = Self.byCategory[category]!
    }

    /// Found once: the generated `init(rawValue:)` is a switch over strings, paid for each item of
    /// a list's page.
    private static let byCategory = Dictionary(uniqueKeysWithValues: ShoppingCategory.allCases.map { ($0, Self(rawValue: $0.rawValue)!) })
}

extension ShoppingCategory {
    public init(_ category: Components.Schemas.ShoppingCategory) {
        self.init(rawValue: category.rawValue)!
    }
}

extension Components.Schemas.ListStats {
    init(_ stats: ListStatistics) {
        self.init(activeLists: stats.activeLists, totalItems: stats.totalItems, purchasedItems: stats.purchasedItems,
                  completionRate: stats.completionRate, listsWithItems: stats.listsWithItems,
                  averageItemsPerList: stats.averageItemsPerList,
                  mostBought: stats.mostBought.map { .init(name: $0.name, count: $0.count) })
    }
}
