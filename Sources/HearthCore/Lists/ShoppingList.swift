import Foundation

/// A shopping list of a household. Every member sees and edits the same lists.
public struct ShoppingList: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var householdId: UUID
    public var name: String
    public var emoji: String?
    /// Order on the lists page (ascending).
    public var position: Int
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while the list is in Recently deleted.
    public var deletedAt: Date?
    /// The store the household usually shops for this list at: its aisle order sorts the list.
    public var storeId: UUID?

    public init(id: UUID, householdId: UUID, name: String, emoji: String?, position: Int, createdAt: Date, updatedAt: Date,
                deletedAt: Date? = nil, storeId: UUID? = nil) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.emoji = emoji
        self.position = position
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.storeId = storeId
    }

    /// Lists stay in Recently deleted this long before they are purged.
    public static let retention: TimeInterval = 30 * 86_400
}

/// A line on a shopping list.
public struct ListItem: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var listId: UUID
    public var name: String
    public var quantity: Quantity?
    public var note: String?
    public var purchased: Bool
    /// When the purchased state last changed, as the client that changed it said (ISO 8601).
    /// A request carrying an older time cannot undo a newer change.
    public var changedAt: Date
    public var createdAt: Date
    public var updatedAt: Date
    /// The aisle it is found in.
    public var category: ShoppingCategory
    /// Its place among the items of its category on this list (the household's manual order);
    /// nil: after those with a place, in the order added.
    public var position: Int?
    /// The stores it is only found at; empty: any store.
    public var onlyAt: [UUID]

    public init(id: UUID, listId: UUID, name: String, quantity: Quantity?, note: String?, purchased: Bool, changedAt: Date,
                createdAt: Date, updatedAt: Date, category: ShoppingCategory = .other, position: Int? = nil, onlyAt: [UUID] = []) {
        self.id = id
        self.listId = listId
        self.name = name
        self.quantity = quantity
        self.note = note
        self.purchased = purchased
        self.changedAt = changedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.category = category
        self.position = position
        self.onlyAt = onlyAt
    }
}

/// Counts a list card shows.
public struct ListSummary: Sendable, Equatable {
    public var list: ShoppingList
    public var items: Int
    public var purchased: Int

    public init(list: ShoppingList, items: Int, purchased: Int) {
        self.list = list
        self.items = items
        self.purchased = purchased
    }
}
