import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// Rooms and categories: the same operations on the two kinds of group.
extension HearthAPIService {
    func listRooms(_ input: Operations.ListRooms.Input) async throws -> Operations.ListRooms.Output {
        .ok(.init(body: .json(try await groupList(.room))))
    }

    func listCategories(_ input: Operations.ListCategories.Input) async throws -> Operations.ListCategories.Output {
        .ok(.init(body: .json(try await groupList(.category))))
    }

    func createRoom(_ input: Operations.CreateRoom.Input) async throws -> Operations.CreateRoom.Output {
        let body = switch input.body { case .json(let body): body }
        let (group, created) = try await createGroup(.room, body)
        return created ? .created(.init(body: .json(group))) : .ok(.init(body: .json(group)))
    }

    func createCategory(_ input: Operations.CreateCategory.Input) async throws -> Operations.CreateCategory.Output {
        let body = switch input.body { case .json(let body): body }
        let (group, created) = try await createGroup(.category, body)
        return created ? .created(.init(body: .json(group))) : .ok(.init(body: .json(group)))
    }

    func updateRoom(_ input: Operations.UpdateRoom.Input) async throws -> Operations.UpdateRoom.Output {
        let body = switch input.body { case .json(let body): body }
        return .ok(.init(body: .json(try await updateGroup(.room, id: input.path.id, body))))
    }

    func updateCategory(_ input: Operations.UpdateCategory.Input) async throws -> Operations.UpdateCategory.Output {
        let body = switch input.body { case .json(let body): body }
        return .ok(.init(body: .json(try await updateGroup(.category, id: input.path.id, body))))
    }

    func deleteRoom(_ input: Operations.DeleteRoom.Input) async throws -> Operations.DeleteRoom.Output {
        try await deleteGroup(.room, id: input.path.id)
        return .noContent
    }

    func deleteCategory(_ input: Operations.DeleteCategory.Input) async throws -> Operations.DeleteCategory.Output {
        try await deleteGroup(.category, id: input.path.id)
        return .noContent
    }

    private func groupList(_ kind: InventoryGroup.Kind) async throws -> Components.Schemas.InventoryGroupList {
        let user = try APIRequest.requireUser()
        try await services.inventory.prepare(householdId: user.householdId)
        let counts = try await services.inventory.itemCounts(kind, householdId: user.householdId)
        return .init(groups: try await services.inventory.groups(kind, householdId: user.householdId).map { .init($0, itemCount: counts[$0.id] ?? 0) })
    }

    private func createGroup(_ kind: InventoryGroup.Kind, _ body: Components.Schemas.NewInventoryGroup) async throws -> (Components.Schemas.InventoryGroup, Bool) {
        let user = try APIRequest.requireUser()
        let result = try await services.inventory.createGroup(kind, id: try Self.uuid(body.id), householdId: user.householdId,
                                                              name: body.name, icon: body.icon, color: body.color, depreciation: body.depreciation?.domain)
        if result.created { await services.events.publishInventoryChange("\(kind.rawValue)Created", itemId: nil, by: user) }
        let counts = result.created ? [:] : try await services.inventory.itemCounts(kind, householdId: user.householdId)
        return (.init(result.group, itemCount: counts[result.group.id] ?? 0), result.created)
    }

    private func updateGroup(_ kind: InventoryGroup.Kind, id: String, _ body: Components.Schemas.InventoryGroupChange) async throws -> Components.Schemas.InventoryGroup {
        let user = try APIRequest.requireUser()
        let group = try await services.inventory.updateGroup(kind, id: try Self.uuid(id), householdId: user.householdId, name: body.name,
                                                             icon: body.icon.map { $0.isEmpty ? nil : $0 },
                                                             color: body.color.map { $0.isEmpty ? nil : $0 }, position: body.position,
                                                             depreciation: body.depreciation?.domain)
        await services.events.publishInventoryChange("\(kind.rawValue)Updated", itemId: nil, by: user)
        let counts = try await services.inventory.itemCounts(kind, householdId: user.householdId)
        return .init(group, itemCount: counts[group.id] ?? 0)
    }

    private func deleteGroup(_ kind: InventoryGroup.Kind, id: String) async throws {
        let user = try APIRequest.requireUser()
        try await services.inventory.deleteGroup(kind, id: try Self.uuid(id), householdId: user.householdId)
        await services.events.publishInventoryChange("\(kind.rawValue)Deleted", itemId: nil, by: user)
    }
}
