import Foundation
import HearthAPI
import OpenAPIRuntime

/// The Lists endpoints for the CLI. Lists and items are found by name, as people type them.
struct ListsClient {
    typealias ShoppingList = Components.Schemas.ShoppingList
    typealias Item = Components.Schemas.ListItem
    typealias Store = Components.Schemas.ShoppingStore

    let connection: APIConnection

    static func shared() throws -> ListsClient {
        ListsClient(connection: try APIConnection(try ClientConfiguration.load()))
    }

    func lists() async throws -> [ShoppingList] {
        switch try await connection.call({ try await $0.listLists() }) {
        case .ok(let ok): try ok.body.json.lists
        case let other: throw CLIError(unexpected: other)
        }
    }

    func deletedLists() async throws -> [ShoppingList] {
        switch try await connection.call({ try await $0.listDeletedLists() }) {
        case .ok(let ok): try ok.body.json.lists
        case let other: throw CLIError(unexpected: other)
        }
    }

    func create(name: String, emoji: String?) async throws -> ShoppingList {
        let body = Components.Schemas.NewList(id: UUID().text, name: name, emoji: emoji)
        switch try await connection.call({ try await $0.createList(body: .json(body)) }) {
        case .created(let created): return try created.body.json
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// A list with all its items, read a page at a time; with `store`, without those only found elsewhere.
    func list(id: String, store: String? = nil) async throws -> ShoppingList {
        var list = try await page(of: id, after: nil, store: store)
        while let cursor = list.nextCursor {
            let next = try await page(of: id, after: cursor, store: store)
            list.items = (list.items ?? []) + (next.items ?? [])
            list.nextCursor = next.nextCursor
        }
        return list
    }

    private func page(of id: String, after cursor: String?, store: String?) async throws -> ShoppingList {
        switch try await connection.call({ try await $0.getList(path: .init(id: id), query: .init(cursor: cursor, store: store)) }) {
        case .ok(let ok): try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func add(to listId: String, name: String, quantity: String?, note: String?,
             category: Components.Schemas.ShoppingCategory? = nil) async throws -> (item: Item, created: Bool) {
        let body = Components.Schemas.NewItem(id: UUID().text, name: name, quantity: quantity, note: note, category: category)
        switch try await connection.call({ try await $0.addItem(path: .init(id: listId), body: .json(body)) }) {
        case .created(let created): return (try created.body.json, true)
        case .ok(let ok): return (try ok.body.json, false)
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Checks or unchecks an item, stamped with this moment so a late retry cannot undo a newer change.
    func setPurchased(_ purchased: Bool, item itemId: String, in listId: String) async throws -> Item {
        let body = Components.Schemas.ItemChange(purchased: purchased, changedAt: Date())
        switch try await connection.call({ try await $0.updateItem(path: .init(id: listId, itemId: itemId), body: .json(body)) }) {
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// Changes an item's fields (a category, stores, a place), stamped with this moment.
    func update(item itemId: String, in listId: String, _ change: Components.Schemas.ItemChange) async throws -> Item {
        var change = change
        change.changedAt = Date()
        switch try await connection.call({ try await $0.updateItem(path: .init(id: listId, itemId: itemId), body: .json(change)) }) {
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func update(list listId: String, _ change: Components.Schemas.ListChange) async throws -> ShoppingList {
        switch try await connection.call({ try await $0.updateList(path: .init(id: listId), body: .json(change)) }) {
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func stores() async throws -> [Store] {
        switch try await connection.call({ try await $0.listStores() }) {
        case .ok(let ok): try ok.body.json.stores
        case let other: throw CLIError(unexpected: other)
        }
    }

    func createStore(name: String, aisles: [Components.Schemas.ShoppingCategory]) async throws -> Store {
        let body = Components.Schemas.NewStore(id: UUID().text, name: name, aisles: aisles)
        switch try await connection.call({ try await $0.createStore(body: .json(body)) }) {
        case .created(let created): return try created.body.json
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func updateStore(id: String, _ change: Components.Schemas.StoreChange) async throws -> Store {
        switch try await connection.call({ try await $0.updateStore(path: .init(id: id), body: .json(change)) }) {
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }

    func deleteStore(id: String) async throws {
        switch try await connection.call({ try await $0.deleteStore(path: .init(id: id)) }) {
        case .noContent: return
        case let other: throw CLIError(unexpected: other)
        }
    }

    /// A store by name.
    func findStore(_ query: String) async throws -> Store {
        try NameMatch.find(query, in: try await stores(), name: \.name, id: \.id, kind: "store")
    }

    func delete(listId: String) async throws {
        switch try await connection.call({ try await $0.deleteList(path: .init(id: listId)) }) {
        case .noContent: return
        case let other: throw CLIError(unexpected: other)
        }
    }

    func restore(listId: String) async throws -> ShoppingList {
        switch try await connection.call({ try await $0.restoreList(path: .init(id: listId)) }) {
        case .ok(let ok): return try ok.body.json
        case let other: throw CLIError(unexpected: other)
        }
    }
}

/// Finding a list or an item by what someone typed: the exact name (any case), else the one name
/// that starts with it, else an id. Ambiguity is an error that names the candidates.
enum NameMatch {
    static func find<T>(_ query: String, in candidates: [T], name: (T) -> String, id: (T) -> String, kind: String) throws -> T {
        let key = query.trimmingCharacters(in: .whitespaces).lowercased()
        if let exact = candidates.first(where: { name($0).lowercased() == key || id($0).lowercased() == key }) { return exact }
        let prefixed = candidates.filter { name($0).lowercased().hasPrefix(key) }
        if prefixed.count == 1, !key.isEmpty { return prefixed[0] }
        if prefixed.count > 1, !key.isEmpty {
            throw CLIError("“\(query)” could be \(quoted(prefixed.map(name))). Give the whole name.")
        }
        let known = candidates.isEmpty ? "There are none." : "There are \(quoted(candidates.map(name)))."
        throw CLIError("No \(kind) named “\(query)”. \(known)")
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "“\($0)”" }.joined(separator: ", ")
    }
}
