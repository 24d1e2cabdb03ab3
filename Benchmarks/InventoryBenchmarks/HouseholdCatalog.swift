import Foundation
import HearthCore

/// The things a large household owns, made up from small word lists with a seeded generator, so
/// every run and both backends hold the same 20,000 items. Shares follow the issue: about 70 % in a
/// room and a category, 60 % with a price (mostly USD, some EUR), tags on a third, a few serial
/// numbers and warranties.
struct HouseholdCatalog {
    static let brands = [
        "Samsung", "Sony", "Philips", "Bosch", "Miele", "Panasonic", "Whirlpool", "Dyson", "IKEA", "Apple", "Lenovo", "Canon",
        "Nikon", "Makita", "DeWalt", "KitchenAid", "Breville", "Le Creuset", "Fender", "Yamaha", "Patagonia", "Rolex", "Seiko", "LG",
    ]
    static let things = [
        "television", "sofa", "armchair", "dining table", "chair", "bookshelf", "lamp", "rug", "laptop", "tablet", "camera",
        "lens", "headphones", "speaker", "coffee machine", "kettle", "toaster", "blender", "stand mixer", "dishwasher",
        "washing machine", "dryer", "fridge", "vacuum cleaner", "drill", "circular saw", "ladder", "lawn mower", "bicycle",
        "tent", "skis", "guitar", "piano", "watch", "necklace", "ring", "painting", "vase", "cast iron pot", "knife set",
        "winter coat", "boots", "desk", "office chair", "monitor", "printer", "router", "game console", "crib", "stroller",
    ]
    static let qualities = ["", "", "", "Old ", "Small ", "Large ", "Vintage ", "Spare ", "Kids' ", "Grey ", "Oak ", "Red "]
    static let tags = ["gift", "insured", "vintage", "kids", "work", "heirloom", "moving box 3", "on loan", "needs repair", "holiday"]
    static let places = ["Amazon", "Best Buy", "IKEA", "Costco", "Target", "MediaMarkt", "John Lewis", "eBay", "local shop"]
    static let words = ["bought", "after", "the", "move", "birthday", "present", "from", "grandma", "scratched", "left", "side", "cable", "box", "kept"]

    private var random: SeededGenerator
    let rooms: [UUID]
    let categories: [UUID]

    init(rooms: [UUID], categories: [UUID], seed: UInt64 = 20_000) {
        self.rooms = rooms
        self.categories = categories
        self.random = SeededGenerator(seed: seed)
    }

    /// The details of the next item.
    mutating func nextItem() -> ItemDetails {
        let thing = pick(Self.things)
        let brand = chance(0.75) ? pick(Self.brands) : nil
        var details = ItemDetails(name: (pick(Self.qualities) + thing).capitalizedFirst)
        details.brand = brand
        if brand != nil, chance(0.8) { details.model = "\(pick(["X", "Pro ", "S", "MK", "Q", "Series "]))\(Int.random(in: 1...9999, using: &random))" }
        if chance(0.7) {
            details.roomId = pick(rooms)
            details.categoryId = pick(categories)
        } else if chance(0.3) {
            details.roomId = pick(rooms)
        }
        details.quantity = chance(0.9) ? 1 : Int.random(in: 2...8, using: &random)
        if chance(0.6) {
            let amount = Int((pow(10, Double.random(in: 0.7...3.7, using: &random)) * 100).rounded())
            details.purchasePrice = Money(amount: amount, currency: chance(0.85) ? "USD" : "EUR")
            if chance(0.15) { details.replacementValue = Money(amount: amount * 12 / 10, currency: details.purchasePrice!.currency) }
        }
        if chance(0.5) {
            details.purchaseDate = CalendarDate(year: Int.random(in: 2008...2025, using: &random), month: Int.random(in: 1...12, using: &random),
                                                day: Int.random(in: 1...28, using: &random))
            details.purchasePlace = chance(0.6) ? pick(Self.places) : nil
            if chance(0.2) { details.warranty = .months(pick([12, 24, 36, 60])) }
        }
        if chance(0.08) { details.serialNumber = "SN\(String(random.next(), radix: 36).uppercased().prefix(10))" }
        if chance(0.04) { details.barcode = String(format: "%013llu", random.next() % 10_000_000_000_000) }
        if chance(0.4) { details.condition = pick(ItemCondition.allCases) }
        if chance(1.0 / 3) { details.tags = Array(Set((0..<Int.random(in: 1...3, using: &random)).map { _ in pick(Self.tags) })) }
        if chance(0.2) { details.description = sentence(8...20) }
        if chance(0.1) { details.notes = sentence(4...12) }
        return details
    }

    /// How many photos the next item has: 1–3 for nine items in ten, none for the rest.
    mutating func photoCount() -> Int {
        chance(0.9) ? Int.random(in: 1...3, using: &random) : 0
    }

    /// A made-up SHA-256 in hex, as the store keeps for a photo file.
    mutating func fileHash() -> String {
        (0..<4).map { _ in String(format: "%016llx", random.next()) }.joined()
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private mutating func pick<T>(_ options: [T]) -> T {
        options.randomElement(using: &random)!
    }

    private mutating func sentence(_ length: ClosedRange<Int>) -> String {
        (0..<Int.random(in: length, using: &random)).map { _ in pick(Self.words) }.joined(separator: " ").capitalizedFirst + "."
    }
}

/// SplitMix64: a small, fast generator whose sequence depends only on its seed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    /// The text with its first letter in capitals ("vintage lamp" -> "Vintage lamp").
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
