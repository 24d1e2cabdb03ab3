import Foundation
import HearthAPI
import HearthCore
import HearthStore
import OpenAPIRuntime

/// A native app's offline changes, sent together (``SyncStore``): each mutation goes through the
/// REST handler that makes the same change, so every rule holds as it does there (validation, the
/// later edit standing, the household's own ids, live updates to other devices).
extension HearthAPIService {
    func pushSyncMutations(_ input: Operations.PushSyncMutations.Input) async throws -> Operations.PushSyncMutations.Output {
        let user = try APIRequest.requireUser()
        let body = switch input.body { case .json(let body): body }
        guard body.mutations.count <= SyncRules.maximumPush else { throw SyncError.tooManyMutations }
        guard body.mutations.allSatisfy({ ($0.baseVersion ?? 0) >= 0 }) else { throw SyncError.invalidBaseVersion }
        // The envelope is checked whole before anything is applied; a mutation's data, one at a time.
        let ids = try body.mutations.map { (mutation: try Self.uuid($0.mutationId), entity: try Self.uuid($0.id)) }
        var results: [Components.Schemas.SyncMutationResult] = []
        for (mutation, ids) in zip(body.mutations, ids) {
            results.append(try await applyMutation(mutation, mutationId: ids.mutation, id: ids.entity, by: user))
        }
        return .ok(.init(body: .json(.init(results: results))))
    }

    /// The mutation's result: recorded the first time, answered again to a replay. A failure of
    /// the server's own is thrown, not recorded, so the app sends the mutation again.
    private func applyMutation(_ mutation: Components.Schemas.SyncMutation, mutationId: UUID, id: UUID,
                               by user: User) async throws -> Components.Schemas.SyncMutationResult {
        let sync = SyncStore(database: services.database)
        if let recorded = try await sync.mutationResult(userId: user.id, mutationId: mutationId) {
            return try JSONDecoder().decode(Components.Schemas.SyncMutationResult.self, from: Data(recorded.utf8))
        }
        var result: Components.Schemas.SyncMutationResult
        do {
            let entity = SyncEntity(mutation.entity)
            if let base = mutation.baseVersion, let current = try await sync.entry(of: entity, id: id, householdId: user.householdId),
               current.change.version > base {
                result = .init(mutationId: mutation.mutationId, status: .conflict, change: try await syncChange(current.change, for: user))
            } else {
                try await perform(mutation, on: entity, id: id, by: user)
                var change: Components.Schemas.SyncChange?
                if let now = try await sync.entry(of: entity, id: id, householdId: user.householdId) {
                    change = try await syncChange(now.change, for: user)
                }
                result = .init(mutationId: mutation.mutationId, status: .applied, change: change)
            }
        } catch {
            let problem = ProblemDetails(error)
            guard problem.status < 500 else { throw error }
            result = .init(mutationId: mutation.mutationId, status: .failed, problem: .init(problem))
        }
        try await sync.recordMutation(userId: user.id, mutationId: mutationId, result: String(decoding: try JSONEncoder().encode(result), as: UTF8.self),
                                      at: services.clock.now)
        return result
    }

    /// The entity as the feed sends it now.
    private func syncChange(_ change: SyncChange, for user: User) async throws -> Components.Schemas.SyncChange {
        try await SyncData.load([change], for: user, api: self).change(change)
    }

    /// Makes the mutation's change through its REST handler: a new entity by its create
    /// operation (with the mutation's id), one there already by its update.
    private func perform(_ mutation: Components.Schemas.SyncMutation, on entity: SyncEntity, id: UUID, by user: User) async throws {
        let home = user.householdId
        switch (entity, mutation.op) {
        case (.list, .upsert):
            if try await services.lists.list(id: id, householdId: home, includingDeleted: true) == nil {
                _ = try await createList(.init(body: .json(try Self.body(mutation.data, id: id))))
            } else {
                _ = try await updateList(.init(path: .init(id: id.text), body: .json(try Self.body(mutation.data))))
            }
        case (.list, .delete):
            _ = try await deleteList(.init(path: .init(id: id.text)))
        case (.listItem, .upsert):
            if let item = try await services.lists.items(ids: [id], householdId: home)[id] {
                _ = try await updateItem(.init(path: .init(id: item.listId.text, itemId: id.text),
                                               body: .json(try Self.body(mutation.data, removing: "listId"))))
            } else {
                _ = try await addItem(.init(path: .init(id: try Self.listId(of: mutation).text),
                                            body: .json(try Self.body(mutation.data, id: id, removing: "listId"))))
            }
        case (.listItem, .delete):
            guard let item = try await services.lists.items(ids: [id], householdId: home)[id] else { throw ListError.itemNotFound }
            _ = try await deleteItem(.init(path: .init(id: item.listId.text, itemId: id.text)))
        case (.inventoryItem, .upsert):
            if try await services.inventory.item(id: id, householdId: home, includingDeleted: true) == nil {
                _ = try await createInventoryItem(.init(body: .json(try Self.body(mutation.data, id: id))))
            } else {
                _ = try await updateInventoryItem(.init(path: .init(id: id.text), body: .json(try Self.body(mutation.data))))
            }
        case (.inventoryItem, .delete):
            _ = try await deleteInventoryItem(.init(path: .init(id: id.text)))
        default:
            throw SyncError.notPushable(entity.rawValue)
        }
    }

    private static func listId(of mutation: Components.Schemas.SyncMutation) throws -> UUID {
        guard let text = mutation.data?.additionalProperties.value["listId"] as? String, let id = UUID(uuidString: text) else {
            throw SyncError.listIdNeeded
        }
        return id
    }

    /// A REST request body from a mutation's data, the id set when given and `removing` left out,
    /// read as the REST endpoint reads its body (its dates, no null, no field it does not know).
    private static func body<Body: Decodable>(_ data: Components.Schemas.SyncMutation.DataPayload?, id: UUID? = nil, removing: String? = nil) throws -> Body {
        var fields = data?.additionalProperties.value ?? [:]
        if let id { fields["id"] = id.text }
        if let removing { fields.removeValue(forKey: removing) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try HearthDateTranscoder().decode(try decoder.singleValueContainer().decode(String.self))
        }
        let json = try JSONEncoder().encode(try OpenAPIObjectContainer(unvalidatedValue: fields))
        if let field = APIRequestMiddleware.firstNull(in: try JSONSerialization.jsonObject(with: json)) {
            throw HTTPErrorMessage.badRequest("“data.\(field)” is null; leave a field out instead of sending null.")
        }
        return try decoder.decode(Body.self, from: json)
    }
}

extension SyncEntity {
    init(_ entity: Components.Schemas.SyncMutation.EntityPayload) {
        switch entity {
        case .list: self = .list
        case .listItem: self = .listItem
        case .inventoryItem: self = .inventoryItem
        }
    }
}

extension Components.Schemas.Problem {
    init(_ problem: ProblemDetails) {
        self.init(_type: problem.type, title: problem.title, status: problem.status, detail: problem.detail)
    }
}
