import Foundation

/// A shop the household buys at, with the order its aisles come in as one walks through it.
public struct ShoppingStore: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var householdId: UUID
    public var name: String
    /// Every category, in the order this store has them.
    public var aisles: [ShoppingCategory]
    /// Order on the stores page (ascending).
    public var position: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, householdId: UUID, name: String, aisles: [ShoppingCategory], position: Int, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.householdId = householdId
        self.name = name
        self.aisles = aisles
        self.position = position
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The most stores a household keeps.
    public static let maximumCount = 50
}

/// The order of a shop's aisles, and a list's items sorted by it.
public enum AisleOrder {
    /// A whole aisle order from the categories given first: the ones left out follow in Hearth's
    /// default order. A category given twice is refused.
    public static func complete(_ given: [ShoppingCategory]) throws(ListError) -> [ShoppingCategory] {
        var seen = Set<ShoppingCategory>()
        for category in given where !seen.insert(category).inserted { throw .repeatedAisle(category.title) }
        return filled(given)
    }

    /// `aisles` followed by the categories they leave out, in Hearth's order.
    static func filled(_ aisles: [ShoppingCategory]) -> [ShoppingCategory] {
        aisles + ShoppingCategory.defaultAisleOrder.filter { !aisles.contains($0) }
    }

    /// As a column keeps it: the categories' names, comma-separated.
    public static func text(_ aisles: [ShoppingCategory]) -> String {
        aisles.map(\.rawValue).joined(separator: ",")
    }

    /// An order a column keeps; whatever a later release added and this one does not know is left
    /// out, and what is missing follows in the default order.
    public static func read(_ text: String) -> [ShoppingCategory] {
        var seen = Set<ShoppingCategory>()
        return filled(text.split(separator: ",").compactMap { ShoppingCategory(rawValue: String($0)) }.filter { seen.insert($0).inserted })
    }

    /// The items to buy by category in `aisles` order (empty categories left out, any `aisles`
    /// does not name after the others); within a category the household's order, then the order added.
    public static func groups(_ items: [ListItem], aisles: [ShoppingCategory]) -> [(category: ShoppingCategory, items: [ListItem])] {
        groups(items, aisles: aisles, category: \.category, inAisle: inAisle)
    }

    /// The same for items of any shape (the API's, in the CLI).
    public static func groups<Item>(_ items: [Item], aisles: [ShoppingCategory], category: (Item) -> ShoppingCategory,
                                    inAisle: (Item, Item) -> Bool) -> [(category: ShoppingCategory, items: [Item])] {
        let byCategory = Dictionary(grouping: items, by: category)
        return filled(aisles).compactMap { category in
            guard let members = byCategory[category], !members.isEmpty else { return nil }
            return (category, members.sorted(by: inAisle))
        }
    }

    /// The order within one aisle: items with a place by it, then the rest as they were added.
    public static func inAisle(_ first: ListItem, _ second: ListItem) -> Bool {
        switch (first.position, second.position) {
        case (let a?, let b?) where a != b: a < b
        case (.some, nil): true
        case (nil, .some): false
        default: first.createdAt != second.createdAt ? first.createdAt < second.createdAt : first.id.uuidString < second.id.uuidString
        }
    }
}

/// The stores an item is only found at, as a column keeps them: their ids, comma-separated.
public enum StoreIds {
    public static func text(_ ids: [UUID]) -> String? {
        ids.isEmpty ? nil : ids.map(\.uuidString).joined(separator: ",")
    }

    public static func read(_ text: String?) -> [UUID] {
        text?.split(separator: ",").compactMap { UUID(uuidString: String($0)) } ?? []
    }
}
