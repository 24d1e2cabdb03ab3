import Foundation
import HearthAPI
import HearthCore
import HearthStore

/// The sync feed (``SyncStore``) for native apps: what changed since a cursor, each change with
/// its entity as the REST endpoints answer it.
extension HearthAPIService {
    func getSyncChanges(_ input: Operations.GetSyncChanges.Input) async throws -> Operations.GetSyncChanges.Output {
        let user = try APIRequest.requireUser()
        let limit = input.query.limit ?? SyncRules.defaultPage
        guard (1...SyncRules.maximumPage).contains(limit) else { throw SyncError.invalidLimit }
        var position: SyncPosition?
        if let since = input.query.since {
            guard let cursor = SyncCursor(text: since) else { throw SyncError.invalidCursor }
            guard cursor.householdId == user.householdId else { throw SyncError.startOver("This cursor is from another household.") }
            position = cursor.position
        } else {
            // The default rooms and categories, made when the inventory is first used, are in a first snapshot.
            try await services.inventory.prepare(householdId: user.householdId)
        }
        let page = try await SyncStore(database: services.database).page(householdId: user.householdId, userId: user.id, after: position, limit: limit)
        let data = try await SyncData.load(page.changes.map(\.change), for: user, api: self)
        return try WrittenPage.answer(Components.Schemas.SyncChangePage(
            changes: page.changes.map { data.change($0.change) },
            cursor: SyncCursor(householdId: user.householdId, position: page.next).text, hasMore: page.hasMore))
    }
}

/// The entities of a page of changes as the REST endpoints answer them: one query for each kind
/// of entity on the page. An entity not found is gone, and its change a deletion.
struct SyncData {
    var lists: [UUID: Components.Schemas.ShoppingList] = [:]
    var listItems: [UUID: Components.Schemas.ListItem] = [:]
    var inventoryItems: [UUID: Components.Schemas.InventoryItem] = [:]
    var groups: [UUID: (kind: InventoryGroup.Kind, group: Components.Schemas.InventoryGroup)] = [:]
    var receipts: [UUID: Components.Schemas.Receipt] = [:]
    var photos: [UUID: Components.Schemas.ItemPhoto] = [:]
    var claims: [UUID: Components.Schemas.Claim] = [:]
    var focusSettings: Components.Schemas.FocusSettings?
    var appearance: Components.Schemas.Appearance?
    var sessions: [UUID: Components.Schemas.FocusSession] = [:]
    var timer: Components.Schemas.TimerState?
    let userId: UUID

    static func load(_ changes: [SyncChange], for user: User, api: HearthAPIService) async throws -> SyncData {
        let services = api.services
        var data = SyncData(userId: user.id)
        let home = user.householdId
        let ids = Dictionary(grouping: changes, by: \.entity).mapValues { $0.map(\.id) }
        if ids[.list] != nil {
            for summary in try await services.lists.lists(householdId: home) { data.lists[summary.list.id] = .init(summary) }
        }
        if let wanted = ids[.listItem] {
            data.listItems = try await services.lists.items(ids: wanted, householdId: home).mapValues { .init($0) }
        }
        if let wanted = ids[.inventoryItem] {
            let valuation = try await services.valuation(for: user)
            data.inventoryItems = try await services.inventory.items(ids: wanted, householdId: home)
                .filter { $0.value.deletedAt == nil }.mapValues { .init($0, valuation: valuation) }
        }
        for kind in [InventoryGroup.Kind.room, .category] where ids[kind == .room ? .room : .category] != nil {
            let counts = try await services.inventory.itemCounts(kind, householdId: home)
            for group in try await services.inventory.groups(kind, householdId: home) {
                data.groups[group.id] = (kind, .init(group, itemCount: counts[group.id] ?? 0))
            }
        }
        if let wanted = ids[.receipt] {
            data.receipts = try await services.inventory.receipts(ids: wanted, householdId: home).mapValues { .init($0) }
        }
        if let wanted = ids[.photo] {
            data.photos = try await services.inventory.photos(ids: wanted, householdId: home).mapValues { .init($0) }
        }
        if let wanted = ids[.claim] {
            let claims = try await services.inventory.claims(ids: wanted, householdId: home)
            let items = try await api.liveItems(of: Array(claims.values), householdId: home)
            data.claims = claims.mapValues { .init($0, items: items) }
        }
        if ids[.focusSettings] != nil {
            data.focusSettings = try HearthAPIService.dto(try await services.focus.store.settings(userId: user.id))
        }
        if ids[.accountSettings] != nil { data.appearance = HearthAPIService.dto(user.appearance) }
        if let wanted = ids[.focusSession] {
            data.sessions = try await services.focus.store.sessions(ids: wanted, userId: user.id).mapValues { .init($0) }
        }
        if ids[.timer] != nil {
            let timer = try await services.focus.timer(for: user)
            data.timer = .init(timer.state, settings: timer.settings, now: services.clock.now, timeZone: user.zone)
        }
        return data
    }

    /// The change as the feed sends it: an upsert with the entity when it is there, else a deletion.
    func change(_ change: SyncChange) -> Components.Schemas.SyncChange {
        let id = change.id.text, version = change.version, at = change.changedAt
        func op(_ found: Bool) -> Components.Schemas.SyncOperation { found ? .upsert : .delete }
        let mine = change.id == userId
        switch change.entity {
        case .list:
            let data = lists[change.id]
            return .list(.init(entity: .list, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .listItem:
            let data = listItems[change.id]
            return .listItem(.init(entity: .listItem, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .inventoryItem:
            let data = inventoryItems[change.id]
            return .inventoryItem(.init(entity: .inventoryItem, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .room:
            let data = groups[change.id].flatMap { $0.kind == .room ? $0.group : nil }
            return .room(.init(entity: .room, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .category:
            let data = groups[change.id].flatMap { $0.kind == .category ? $0.group : nil }
            return .category(.init(entity: .category, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .receipt:
            let data = receipts[change.id]
            return .receipt(.init(entity: .receipt, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .photo:
            let data = photos[change.id]
            return .photo(.init(entity: .photo, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .claim:
            let data = claims[change.id]
            return .claim(.init(entity: .claim, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .focusSettings:
            let data = mine ? focusSettings : nil
            return .focusSettings(.init(entity: .focusSettings, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .accountSettings:
            let data = mine ? appearance : nil
            return .accountSettings(.init(entity: .accountSettings, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .focusSession:
            let data = sessions[change.id]
            return .focusSession(.init(entity: .focusSession, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        case .timer:
            let data = mine ? timer : nil
            return .timer(.init(entity: .timer, id: id, op: op(data != nil), version: version, changedAt: at, data: data))
        }
    }
}
