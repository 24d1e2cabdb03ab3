import Foundation

/// A room or a category: the two ways items are grouped. Both have the same shape and rules.
public struct InventoryGroup: Sendable, Equatable, Identifiable {
    public enum Kind: String, Sendable, CaseIterable {
        case room, category

        /// "room", "category": for sentences.
        public var noun: String { rawValue }
        public var plural: String { self == .room ? "rooms" : "categories" }
    }

    public var id: UUID
    public var householdId: UUID
    public var kind: Kind
    public var name: String
    /// An emoji shown before the name.
    public var icon: String?
    /// `#RRGGBB`, shown on the group's chips and in reports.
    public var color: String?
    /// Order on the page (ascending).
    public var position: Int
    /// Created with the household; a replacing restore keeps it.
    public var isDefault: Bool
    /// How a category's items lose value (their actual cash value); nil for a room.
    public var depreciation: Depreciation?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, householdId: UUID, kind: Kind, name: String, icon: String?, color: String? = nil, position: Int, isDefault: Bool,
                depreciation: Depreciation? = nil, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.householdId = householdId
        self.kind = kind
        self.name = name
        self.icon = icon
        self.color = color
        self.position = position
        self.isDefault = isDefault
        self.depreciation = depreciation
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// What a new household starts with: the rooms of a typical home and the categories insurers
    /// list on contents forms. People rename, reorder and delete them freely.
    public static func defaults(_ kind: Kind) -> [(name: String, icon: String)] {
        switch kind {
        case .room:
            [("Living room", "🛋️"), ("Kitchen", "🍳"), ("Dining room", "🍽️"), ("Bedroom", "🛏️"), ("Bathroom", "🛁"),
             ("Office", "💼"), ("Kids' room", "🧸"), ("Hallway", "🚪"), ("Garage", "🚗"), ("Basement", "📦"),
             ("Attic", "🏠"), ("Garden", "🌳")]
        case .category:
            [("Electronics", "📺"), ("Appliances", "🔌"), ("Furniture", "🪑"), ("Jewelry & watches", "💍"),
             ("Clothing", "👕"), ("Art & collectibles", "🖼️"), ("Tools", "🔧"), ("Sports & outdoors", "⚽"),
             ("Kitchenware", "🍴"), ("Books & media", "📚"), ("Musical instruments", "🎸"), ("Other", "📎")]
        }
    }
}
