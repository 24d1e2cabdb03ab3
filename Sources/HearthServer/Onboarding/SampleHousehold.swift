import Foundation
import HearthCore
import HearthReports
import HearthStore
import OpenAPIRuntime

/// Sample data a new household can try Hearth with, and take away again in one tap: a shopping
/// list and four inventory items, three with photos. Each record's id is made from the household's
/// id and the record's place in the sample, so adding twice adds once, and removing finds exactly
/// the sample's records (edited or not) without a list of what was added.
struct SampleHousehold: Sendable {
    let services: AppServices

    struct Item: Sendable {
        let name: String
        let brand: String?
        let cents: Int
        let room: String
        let category: String
        /// A picture in Resources/sample, or none: that item shows what "Fix next" asks for.
        let photo: String?
        let warrantyMonths: Int?
    }

    static let listName = "Weekend groceries"
    static let listEmoji = "🧺"
    static let listItems: [(name: String, quantity: String?)] = [
        ("Milk", "2 l"), ("Sourdough bread", nil), ("Apples", "6"), ("Eggs", "12"),
        ("Coffee beans", "500 g"), ("Tomatoes", "4"), ("Spaghetti", nil), ("Parmesan", nil),
    ]
    static let items: [Item] = [
        Item(name: "Television", brand: "Samsung", cents: 89_900, room: "Living room", category: "Electronics", photo: "tv", warrantyMonths: 24),
        Item(name: "Road bike", brand: "Canyon", cents: 129_900, room: "Garage", category: "Sports", photo: "bike", warrantyMonths: nil),
        Item(name: "Espresso machine", brand: "Breville", cents: 59_900, room: "Kitchen", category: "Appliances", photo: "espresso",
             warrantyMonths: 12),
        Item(name: "Armchair", brand: nil, cents: 34_900, room: "Living room", category: "Furniture", photo: nil, warrantyMonths: nil),
    ]

    /// The id of the sample's record `label` in `household` (``Foundation/UUID/nameBased(_:)``).
    static func id(_ label: String, household: UUID) -> UUID {
        .nameBased("hearth-sample:\(household.text):\(label)")
    }

    static func itemIds(household: UUID) -> [UUID] {
        items.indices.map { id("item:\($0)", household: household) }
    }

    /// Whether the sample's list is in the household (not deleted).
    func hasList(household: UUID) async throws -> Bool {
        try await services.lists.list(id: Self.id("list", household: household), householdId: household) != nil
    }

    /// Whether any of the sample's items is in the household (not deleted), in one query.
    func hasItems(household: UUID) async throws -> Bool {
        try await services.inventory.items(ids: Self.itemIds(household: household), householdId: household).values.contains { $0.deletedAt == nil }
    }

    /// Adds what of the sample is missing, for `user`'s household.
    func add(for user: User) async throws {
        let household = user.householdId
        try await services.inventory.prepare(householdId: household)
        let listId = Self.id("list", household: household)
        if try await services.lists.list(id: listId, householdId: household, includingDeleted: true) == nil {
            _ = try await services.lists.createList(id: listId, householdId: household, name: Self.listName, emoji: Self.listEmoji)
            for (index, entry) in Self.listItems.enumerated() {
                _ = try await services.lists.addItem(id: Self.id("list-item:\(index)", household: household), listId: listId, householdId: household,
                                                     name: entry.name, quantity: try entry.quantity.map { try Quantity(parsing: $0) }, note: nil)
            }
            await services.events.publishListChange("listCreated", listId: listId, by: user)
        }
        let rooms = try await services.inventory.groups(.room, householdId: household)
        let categories = try await services.inventory.groups(.category, householdId: household)
        let currency = try await services.inventory.currency(householdId: household)
        let today = services.today(for: user)
        let ids = Self.itemIds(household: household)
        let existing = try await services.inventory.items(ids: ids, householdId: household)
        for (index, (sample, id)) in zip(Self.items, ids).enumerated() where existing[id] == nil {
            let details = ItemDetails(
                name: sample.name, roomId: rooms.first { $0.name.hasPrefix(sample.room) }?.id,
                categoryId: categories.first { $0.name.hasPrefix(sample.category) }?.id, brand: sample.brand,
                purchaseDate: today.adding(days: -120), purchasePrice: Money(amount: sample.cents, currency: currency),
                warranty: sample.warrantyMonths.flatMap { today.adding(days: $0 * 30 - 120) }.map(Warranty.until),
                notes: "Sample item: remove the sample data from the inventory's page when you are done trying."
            )
            _ = try await services.inventory.createItem(id: id, householdId: household, details)
            if let photo = sample.photo { try await addPhoto(photo, itemId: id, household: household, label: "photo:\(index)") }
            await services.events.publishInventoryChange("itemCreated", itemId: id, by: user)
        }
    }

    /// Deletes the sample for good (it never goes to Recently deleted), edited or not.
    func remove(for user: User) async throws {
        let household = user.householdId
        let listId = Self.id("list", household: household)
        if let list = try await services.lists.list(id: listId, householdId: household, includingDeleted: true) {
            if list.deletedAt == nil { try await services.lists.deleteList(id: listId, householdId: household) }
            try await services.lists.purgeList(id: listId, householdId: household)
            await services.events.publishListChange("listPurged", listId: listId, by: user)
        }
        for (id, item) in try await services.inventory.items(ids: Self.itemIds(household: household), householdId: household) {
            if item.deletedAt == nil { try await services.inventory.deleteItem(id: id, householdId: household) }
            await services.media.removeUnreferenced(try await services.inventory.purgeItem(id: id, householdId: household))
            await services.events.publishInventoryChange("itemPurged", itemId: id, by: user)
        }
    }

    /// Adds a picture from Resources/sample to an item, through the same checks as an upload.
    private func addPhoto(_ name: String, itemId: UUID, household: UUID, label: String) async throws {
        let bytes = try Data(contentsOf: Resources.samples.appendingPathComponent("\(name).png"))
        let upload = try await services.media.receive(HTTPBody(bytes))
        defer { services.media.discard(upload) }
        let file = try await services.media.prepare(upload)
        _ = try await services.inventory.addPhotos([file], itemId: itemId, householdId: household, ids: [Self.id(label, household: household)],
                                                   place: services.media.placer([upload.sha256: upload.temporary]))
    }
}
