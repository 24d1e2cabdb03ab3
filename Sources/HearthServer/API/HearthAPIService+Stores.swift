import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// The aisles (categories) and the household's stores. A change to a store is published as a
/// `list` event: it may change how every list is sorted.
extension HearthAPIService {
    func listShoppingCategories(_ input: Operations.ListShoppingCategories.Input) async throws -> Operations.ListShoppingCategories.Output {
        _ = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(categories: ShoppingCategory.defaultAisleOrder.map { .init(id: .init($0), title: $0.title) }))))
    }

    func listStores(_ input: Operations.ListStores.Input) async throws -> Operations.ListStores.Output {
        let user = try APIRequest.requireUser()
        return .ok(.init(body: .json(.init(stores: try await services.lists.stores(householdId: user.householdId).map { .init($0) }))))
    }

    func createStore(_ input: Operations.CreateStore.Input) async throws -> Operations.CreateStore.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let result = try await services.lists.createStore(id: try Self.uuid(body.id), householdId: user.householdId, name: body.name,
                                                          aisles: (body.aisles ?? []).map(ShoppingCategory.init))
        if result.created { await services.events.publishStoresChange(by: user) }
        return result.created ? .created(.init(body: .json(.init(result.store)))) : .ok(.init(body: .json(.init(result.store))))
    }

    func updateStore(_ input: Operations.UpdateStore.Input) async throws -> Operations.UpdateStore.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        let store = try await services.lists.updateStore(id: try Self.uuid(input.path.id), householdId: user.householdId, name: body.name,
                                                         aisles: body.aisles?.map(ShoppingCategory.init), position: body.position)
        await services.events.publishStoresChange(by: user)
        return .ok(.init(body: .json(.init(store))))
    }

    func deleteStore(_ input: Operations.DeleteStore.Input) async throws -> Operations.DeleteStore.Output {
        let user = try APIRequest.requireUser()
        try await services.lists.deleteStore(id: try Self.uuid(input.path.id), householdId: user.householdId)
        await services.events.publishStoresChange(by: user)
        return .noContent
    }
}

extension EventHub {
    /// Tells the household's open list pages that the stores changed (names, aisle orders).
    func publishStoresChange(by user: User) async {
        let data = #"{"type":"storesChanged","by":"\#(user.id.text)"}"#
        await publish(ServerEvent(name: "list", data: data), to: .household(user.householdId))
    }
}

extension Components.Schemas.ShoppingStore {
    init(_ store: ShoppingStore) {
        self.init(id: store.id.text, name: store.name, aisles: store.aisles.map { .init($0) }, position: store.position,
                  createdAt: store.createdAt, updatedAt: store.updatedAt)
    }
}
