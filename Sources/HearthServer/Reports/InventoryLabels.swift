import Foundation
import HearthCore
import HearthReports
import HearthStore

/// Label sheets (``LabelSheet``): chosen items, a room's items, or a box with what is in it, each
/// label with a QR code of the item's page on this server.
struct InventoryLabels: Sendable {
    let inventory: InventoryStore
    let media: MediaLibrary
    /// Where people open Hearth (`HEARTH_PUBLIC_URL`); without it, the address the request came to.
    let publicURL: URL?

    enum Selection: Sendable, Equatable {
        case items([UUID])
        /// The room's items outside Recently deleted, owned.
        case room(UUID)
        /// The box first, then what is kept in it.
        case box(UUID)

        /// The choice a request makes with its `items` (ids separated by commas, at most 100),
        /// `room` or `box`; nil for none. Throws ``InventoryError/invalidLabels(_:)`` for several,
        /// and a 400 for a value that is no id.
        init?(items: String?, room: String?, box: String?) throws {
            let chosen: [Selection] = [
                try items.map { text in .items(try text.split(separator: ",").map { try HearthAPIService.uuid(String($0)) }) },
                try room.map { .room(try HearthAPIService.uuid($0)) },
                try box.map { .box(try HearthAPIService.uuid($0)) },
            ].compactMap { $0 }
            guard chosen.count <= 1 else { throw InventoryError.invalidLabels("Choose exactly one of “items”, “room” or “box”.") }
            guard let selection = chosen.first else { return nil }
            if case .items(let ids) = selection, ids.count > 100 {
                throw InventoryError.invalidLabels("“items” takes at most 100 ids; label a room or a box for more.")
            }
            self = selection
        }
    }

    /// The items the labels are for, in the order they are printed. Throws
    /// ``InventoryError/invalidLabels(_:)`` for none or more than a PDF takes.
    func items(_ selection: Selection, householdId: UUID) async throws -> [InventoryItem] {
        let items: [InventoryItem]
        switch selection {
        case .items(let ids):
            guard (1...LabelSheet.maximumLabels).contains(ids.count) else { throw InventoryError.invalidLabels(Self.tooMany) }
            let found = try await inventory.items(ids: ids, householdId: householdId)
            guard ids.allSatisfy({ found[$0].map { $0.deletedAt == nil } == true }) else { throw InventoryError.itemNotFound }
            var seen = Set<UUID>()
            items = ids.filter { seen.insert($0).inserted }.compactMap { found[$0] }
        case .room(let room):
            guard try await inventory.groups(.room, householdId: householdId).contains(where: { $0.id == room }) else {
                throw InventoryError.groupNotFound(.room)
            }
            items = try await firstItems(householdId: householdId, ItemQuery(room: .group(room)))
            guard !items.isEmpty else { throw InventoryError.invalidLabels("The room has no items to label.") }
        case .box(let box):
            guard let container = try await inventory.item(id: box, householdId: householdId) else { throw InventoryError.itemNotFound }
            items = [container] + (try await inventory.contents(of: box, householdId: householdId, limit: LabelSheet.maximumLabels))
        }
        guard items.count <= LabelSheet.maximumLabels else { throw InventoryError.invalidLabels(Self.tooMany) }
        return items
    }

    private static let tooMany = "Labels are made for 1 to \(LabelSheet.maximumLabels) items at a time: choose fewer."

    /// The query's first items, one more than a PDF takes at most (so too many is known).
    private func firstItems(householdId: UUID, _ query: ItemQuery) async throws -> [InventoryItem] {
        var query = query, items: [InventoryItem] = []
        repeat {
            let page = try await inventory.exportPage(householdId: householdId, query)
            items += page.items
            query.cursor = page.nextCursor
        } while query.cursor != nil && items.count <= LabelSheet.maximumLabels
        return items
    }

    /// Writes the labels of `items` to a temporary file the caller removes. `origin` is the
    /// request's own address (`http://192.168.1.20:8080`), used when no public address is set.
    func pdf(_ items: [InventoryItem], householdId: UUID, layout: LabelLayout, start: Int, origin: String) async throws -> URL {
        let held = try await inventory.heldItems(in: items.map(\.id), householdId: householdId)
        let base = publicURL?.absoluteString ?? origin
        let labels = items.map { item in
            ItemLabel(name: item.name, assetId: item.assetId?.text ?? "", address: Self.address(of: item.id, base: base),
                      contents: held[item.id].map(Self.contents))
        }
        let url = media.temporaryFolder.appendingPathComponent("labels-\(UUID().text).pdf")
        do {
            try await Blocking.run { try LabelSheet.write(labels, layout: layout, start: start, to: url.path) }
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    /// The item's page: what its QR code opens.
    static func address(of item: UUID, base: String) -> String {
        (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/inventory/items/" + item.text
    }

    /// "1 thing", "12 things · $1,240.00 · €200.00".
    static func contents(_ held: InventoryStore.HeldItems) -> String {
        ([held.count.counted(.thing)] + held.values.map(\.formatted)).joined(separator: " · ")
    }
}
