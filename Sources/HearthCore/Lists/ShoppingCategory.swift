/// Where an item sits in a shop: the groups a list shows its items in, in a typical supermarket's
/// aisle order (a store may have its own).
public enum ShoppingCategory: String, Sendable, CaseIterable, Codable {
    case produce
    case bakery
    case dairy
    case meat
    case frozen
    case pantry
    case snacks
    case drinks
    case household
    case personalCare = "personal-care"
    case baby
    case pets
    case other

    /// The aisle named `rawValue`, by a look along the thirteen short names: the compiler's switch
    /// over strings cost more than the rest of reading an item's row (a list of a thousand reads a
    /// thousand).
    public init?(rawValue: String) {
        guard let named = Self.names.first(where: { $0.name == rawValue }) else { return nil }
        self = named.category
    }

    private static let names = allCases.map { (name: $0.rawValue, category: $0) }

    /// The heading a list shows.
    public var title: String {
        switch self {
        case .produce: "Produce"
        case .bakery: "Bakery"
        case .dairy: "Dairy & eggs"
        case .meat: "Meat & fish"
        case .frozen: "Frozen"
        case .pantry: "Pantry"
        case .snacks: "Snacks & sweets"
        case .drinks: "Drinks"
        case .household: "Household"
        case .personalCare: "Personal care"
        case .baby: "Baby"
        case .pets: "Pets"
        case .other: "Other"
        }
    }

    /// Hearth's aisle order, a typical supermarket's: fresh food by the door, frozen near the tills.
    public static let defaultAisleOrder: [ShoppingCategory] = [
        .produce, .bakery, .meat, .dairy, .pantry, .snacks, .drinks, .frozen, .household, .personalCare, .baby, .pets, .other,
    ]
}
